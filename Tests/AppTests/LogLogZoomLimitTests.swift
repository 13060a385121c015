@testable import App
import Raster
import Terminal
import Testing

/// Issue 49: log–log zoomed fully out drew nothing, and `T` then opened a table nobody could see.
/// At the smallest scale a log axis spanned millions of decades, the Doubles' 630 of them in a
/// fraction of a pixel.
@Suite("Log–log at the zoom limit")
struct LogLogZoomLimitTests {
    /// A controller graphing y = x on log–log axes (`L` three times), zoomed out with `-` to the limit.
    static func zoomedOut() -> (AppController, CapturedPictures) {
        let (controller, captured) = AppController.showingLineYEqualsX(window: WindowSize(columns: 100, rows: 30),
                                                                       cell: PixelSize(width: 9, height: 18),
                                                                       graphicsProtocol: .kitty)
        for _ in 0..<3 { controller.handle(.input(.key(.character("L")))) }
        for _ in 0..<120 { controller.handle(.input(.key(.character("-")))) }
        return (controller, captured)
    }

    @Test("Zoomed fully out on log–log, the curve is still drawn")
    func curveDrawn() throws {
        let (controller, captured) = Self.zoomedOut()
        let camera = try #require(controller.model.camera)
        #expect(camera.axes.x == .log && camera.axes.y == .log)
        _ = controller.frame()
        let image = try #require(captured.images.last)
        let curve = try #require(image.palette.firstIndex(of: controller.theme.curves[0]))
        let ink = image.pixels.count { Int($0) == curve }
        #expect(ink > 50, "\(ink) pixels of the curve at scale \(camera.scaleX) x \(camera.scaleY)")
    }

    @Test("Zoomed fully out on log–log, T opens a table with rows, or says why there are none")
    func tableVisible() throws {
        let (controller, _) = Self.zoomedOut()
        controller.handle(.input(.key(.character("T"))))
        if let shown = ListBox.overlay(of: controller.model, in: controller.layout) {
            #expect(shown.lines.count > 1, "a heading and rows: \(shown.lines)")
            #expect(shown.list.box.rows > 2 && shown.list.box.columns > 4, "a box one can see: \(shown.list.box)")
        } else {
            #expect(controller.model.notice != nil, "no table and no notice")
        }
    }
}
