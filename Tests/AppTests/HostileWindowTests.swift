@testable import App
import Raster
import Terminal
import Testing

/// A window whose cells claim absurd pixels never gets a picture beyond `SizeLimits`.
@Suite("Hostile window sizes in the app")
struct HostileWindowTests {
    static let backends: [any GraphicsBackend] = [KittyBackend(imageID: 7001), SixelBackend(), ITerm2Backend(), UnicodeBackend()]

    @Test("a 300x100-cell pane of 1000x1000 px cells is a picture of at most 10000 px a side", arguments: 0..<4)
    func paneBounded(backend index: Int) {
        let presenter = GraphPresenter(backend: Self.backends[index], glyphs: nil)
        let pane = presenter.paneSize(for: CellRect(column: 0, row: 0, columns: 300, rows: 100),
                                      cell: PixelSize(width: 1000, height: 1000))
        #expect(SizeLimits.side.contains(pane.width) && SizeLimits.side.contains(pane.height))
    }

    @Test("a kitty panorama is never larger than the limit", arguments: [100, 4000, 5000, 6000, 9999, 10000])
    func panoramaBounded(side: Int) {
        let margin = LayeredPicturePane<KittyBackend>.margin(for: AppModel.PaneSize(width: side, height: side / 2, cellHeight: 20))
        #expect(side + 2 * margin.width <= SizeLimits.side.upperBound)
        #expect(margin.width >= 0 && margin.height >= 0)
        if side <= 5000 { #expect(margin.width == side / 2) }
    }

    @Test("a resize to a window claiming 65535x65535 px keeps the last sane cell")
    func resizeKeepsCell() {
        let controller = AppController(model: AppModel(), window: WindowSize(columns: 120, rows: 40),
                                       cell: PixelSize(width: 10, height: 20),
                                       presenter: GraphPresenter(backend: KittyBackend(imageID: 7001), glyphs: nil), theme: .dark)
        controller.resize(to: WindowSize(columns: 300, rows: 100, pixelWidth: 65535, pixelHeight: 65535))
        #expect(controller.cell == PixelSize(width: 10, height: 20))
    }
}

/// A paste too long to take runs nothing and says so.
@Suite("A paste too long, in the app")
struct PasteTooLongAppTests {
    @Test("the status line says the paste was too long, and the expression line is untouched")
    func notice() throws {
        let controller = AppController(model: AppModel(), window: WindowSize(columns: 120, rows: 40),
                                       cell: PixelSize(width: 10, height: 20),
                                       presenter: GraphPresenter(backend: UnicodeBackend(), glyphs: nil), theme: .dark)
        var decoder = InputDecoder()
        let paste = Array("\u{1B}[200~".utf8) + [UInt8](repeating: UInt8(ascii: "w"), count: 3 << 20) + Array("q\u{1B}[201~".utf8)
        for event in decoder.decode(Array(":".utf8) + paste) { controller.handle(.input(event)) }
        #expect(!controller.isQuitting)
        let notice = try #require(controller.model.notice)
        #expect(notice.contains("Paste too long (3.0 MiB)"))
        guard case .expression(let line)? = controller.model.overlay else {
            Issue.record("the expression line closed")
            return
        }
        #expect(line.text.isEmpty)
    }
}
