import Foundation
@testable import App
import Analysis
import Raster
import Terminal
import Testing

/// Issue 22, item 5: `A` twice along a trace measures and shades the area under the curve; the
/// value is checked against the closed form, and a pole inside gives the reason, not a number.
@Suite("Area along a trace")
struct AreaTraceTests {
    static func trace(_ model: inout AppModel, _ actions: TraceAction...) {
        for action in actions { model.apply(.trace(action), graphPane: Panes.full) }
    }

    @Test("sin(x) from its root at 0 to its root at π: ∫ = 2, shaded under the curve and above the axis only")
    func areaOfSine() throws {
        var model = AppModel.graphing("sin(x)", in: Panes.full)
        Self.trace(&model, .start, .markArea, .jump(1), .jump(1), .markArea)
        let area = try #require(model.tracedArea())
        #expect(abs(try #require(area.value) - 2) < 1e-10, "\(area)")
        #expect(model.traceReadout(pane: Panes.full)?.last == "∫ 0→3.14159 = 2")

        for graphicsProtocol in [GraphicsProtocol.sixel, .kitty, .iterm2] {
            let controller = AppController(model: model, window: WindowSize(columns: 100, rows: 30),
                                           cell: PixelSize(width: 10, height: 20),
                                           presenter: GraphPresenter(backend: graphicsProtocol.backend(), glyphs: nil), theme: .dark)
            let captured = CapturedPictures(from: controller)
            _ = controller.frame()
            let image = try #require(captured.images.last)
            let viewport = try #require(controller.images.onScreen?.viewport)
            let paper = Theme.dark.background
            func color(x: Double, y: Double) -> RGB {
                let column = Int(viewport.column(forX: x)), row = Int(viewport.row(forY: y))
                return image.palette[Int(image.pixels[row * image.width + column])]
            }
            // Under the curve (sin(π/3) = 0.87, sin(2π/3) too): shaded; above it and left of 0: paper.
            #expect(color(x: Double.pi / 3, y: 0.4) != paper, "\(graphicsProtocol): shaded under the curve")
            #expect(color(x: 2 * Double.pi / 3, y: 0.4) != paper, "\(graphicsProtocol): shaded under the curve")
            #expect(color(x: Double.pi / 3, y: 1.3) == paper, "\(graphicsProtocol): not above the curve")
            #expect(color(x: -Double.pi / 3, y: -0.4) == paper, "\(graphicsProtocol): not outside the ends")
        }
    }

    @Test("1/x from −1 to 1: no value, with the pole as the reason")
    func areaAcrossPole() throws {
        var model = AppModel.graphing("1/x", in: Panes.full)
        let scale = try #require(model.camera?.scaleX)
        Self.trace(&model, .start)
        for _ in 0..<Int(scale) { Self.trace(&model, .step(-1)) }
        Self.trace(&model, .markArea)
        for _ in 0..<Int(2 * scale) { Self.trace(&model, .step(1)) }
        Self.trace(&model, .markArea)
        let area = try #require(model.tracedArea())
        #expect(area.value == nil && area.reason?.contains("pole") == true, "\(area)")
        #expect(model.traceReadout(pane: Panes.full)?.last?.contains("none") == true)
    }
}
