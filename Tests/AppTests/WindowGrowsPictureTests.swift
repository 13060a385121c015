@testable import App
import Raster
import Terminal
import Testing

/// Issue 49, item 4: in foot, started at 120x40 cells and widened to 1800x1000 px under sway, the
/// graph kept its start's size. foot said every new size (TIOCGWINSZ 199x55 cells, 1791x990 px;
/// CSI 14 t and 16 t the same) and its sixel maximum is 10000x10000, but the largest sixel picture
/// was cut to the text area of the start (1080x720) and never made again outside tmux. The replies
/// here are foot 1.13's, as it gave them in both sizes.
@Suite("Outside tmux, a window made larger shows a larger sixel picture")
struct WindowGrowsPictureTests {
    static let small = WindowSize(columns: 120, rows: 40, pixelWidth: 1080, pixelHeight: 720)
    static let large = WindowSize(columns: 199, rows: 55, pixelWidth: 1791, pixelHeight: 990)

    /// foot 1.13's replies to the probe in a window of `window` (its text area in CSI 14 t).
    static func footReplies(_ window: WindowSize) -> [UInt8] {
        Array(("\u{1B}[?1;0;1024S\u{1B}[?2;0;10000;10000S\u{1B}[6;18;9t\u{1B}[4;\(window.pixelHeight);\(window.pixelWidth)t"
            + "\u{1B}P>|foot(1.13.1)\u{1B}\\\u{1B}[?62;4;22c").utf8)
    }

    static func controller(started window: WindowSize) -> AppController {
        let capabilities = TerminalCapabilities(replies: ReplyParser.parse(footReplies(window)), window: window)
        let make = { (capabilities: TerminalCapabilities) -> any GraphicsBackend in
            capabilities.graphicsProtocol.backend(largestSixel: capabilities.maxSixelSize, sixelRegisters: capabilities.sixelColorRegisters)
        }
        let controller = AppController(model: AppModel(), window: window, cell: PixelSize(width: 9, height: 18),
                                       presenter: GraphPresenter(backend: make(capabilities), glyphs: nil), theme: .dark)
        controller.windowFollowing = WindowFollowing(capabilities: capabilities, backend: make)
        SliderTests.type(":sin(x)\r", into: controller)
        _ = controller.frame()
        return controller
    }

    /// The graph pane's cells in the layout now.
    static func graphCells(_ controller: AppController) throws -> CellRect {
        try #require(controller.layout.graph)
    }

    @Test("Started small and widened, the graph takes the wider pane, as one started wide does")
    func widened() throws {
        let grown = Self.controller(started: Self.small)
        let before = try Self.graphCells(grown)
        #expect(before.columns * 9 <= 1080, "the start's pane fits the start's text area")
        grown.handle(.resized(Self.large))
        _ = grown.frame()
        let after = try Self.graphCells(grown)
        let startedWide = try Self.graphCells(Self.controller(started: Self.large))
        #expect(after == startedWide, "widened: \(after); started wide: \(startedWide)")
        #expect(after.columns * 9 > 1080 && after.rows * 18 > 720, "larger than the start's text area: \(after)")
        #expect(grown.presenter.backend.largestPicture.map { $0.width > 1080 && $0.height > 720 } == true,
                "largest sixel now \(String(describing: grown.presenter.backend.largestPicture))")
    }

    @Test("Made smaller again, the largest picture follows the window down")
    func narrowedAgain() throws {
        let controller = Self.controller(started: Self.large)
        controller.handle(.resized(Self.small))
        _ = controller.frame()
        let largest = try #require(controller.presenter.backend.largestPicture)
        #expect(largest.width <= 1080 && largest.height <= 720, "\(largest)")
    }

    @Test("TerminalCapabilities.resized: the text area and sixel limit of the new window, the maximum kept")
    func capabilitiesResized() throws {
        let start = TerminalCapabilities(replies: ReplyParser.parse(Self.footReplies(Self.small)), window: Self.small)
        #expect(start.maxSixelSize == PixelSize(width: 1080, height: 720))
        let resized = start.resized(to: Self.large)
        #expect(resized.textAreaSize == PixelSize(width: 1791, height: 990))
        #expect(resized.maxSixelSize == PixelSize(width: 1791, height: 990))
        #expect(resized.sixelGeometry == PixelSize(width: 10000, height: 10000))
        // A window that gives no pixels: the cell of the start times its cells.
        let unsaid = start.resized(to: WindowSize(columns: 150, rows: 50))
        #expect(unsaid.textAreaSize == PixelSize(width: 1350, height: 900))
    }
}
