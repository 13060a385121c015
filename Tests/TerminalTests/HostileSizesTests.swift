import Raster
import Testing
import Terminal
import TestSupport

/// Sizes from outside (terminal replies, `TIOCGWINSZ`) are checked against `SizeLimits` where
/// they enter: an absurd one is refused and named in the probe's notes, never trusted.
@Suite("Hostile sizes from the terminal")
struct HostileSizesTests {
    static func replies(_ text: String) -> ProbeReplies {
        ReplyParser.parse(Array(text.utf8))
    }

    @Test("an absurd cell size reply is refused and named")
    func absurdCell() {
        let replies = Self.replies("\u{1B}[6;999999999;999999999t\u{1B}[?62;4c")
        #expect(replies.cellSize == nil)
        #expect(replies.refusals.contains { $0.contains("cell size 999999999x999999999 refused") })
        let capabilities = TerminalCapabilities(replies: replies, window: WindowSize(columns: 80, rows: 24))
        #expect(capabilities.cellSize == nil)
        #expect(capabilities.describe().contains { $0.contains("refused") })
    }

    @Test("a kitty OK with a 100000 px cell keeps kitty but not the cell")
    func kittyHugeCell() {
        let replies = Self.replies("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;100000;100000t\u{1B}[4;2000;2000t\u{1B}[?62c")
        let capabilities = TerminalCapabilities(replies: replies, window: WindowSize(columns: 100, rows: 40))
        #expect(capabilities.graphicsProtocol == .kitty)
        #expect(capabilities.cellSize == PixelSize(width: 20, height: 50))  // the text area over the cells
    }

    @Test("an absurd text area, sixel geometry and register count are refused",
          arguments: ["\u{1B}[4;999999999;999999999t", "\u{1B}[4;0;5t", "\u{1B}[4;20000;10t",
                      "\u{1B}[?2;0;999999999;999999999S", "\u{1B}[?2;0;65537;5S", "\u{1B}[?1;0;999999S", "\u{1B}[?1;0;1S"])
    func absurdArea(reply: String) {
        let replies = Self.replies(reply + "\u{1B}[?62;4c")
        #expect(replies.textAreaSize == nil)
        #expect(replies.sixelGeometry == nil)
        #expect(replies.sixelColorRegisters == nil)
        let capabilities = TerminalCapabilities(replies: replies, window: WindowSize(columns: 80, rows: 24))
        #expect(capabilities.textAreaSize == nil)
        // A sixel terminal whose size is refused gets xterm's 1000x1000, as one that said nothing
        // (in whole six-pixel bands).
        #expect(capabilities.maxSixelSize == PixelSize(width: 1000, height: 996))
        #expect(capabilities.sixelColorRegisters == 16)
    }

    @Test("sizes at the limits are taken")
    func atTheLimits() {
        let replies = Self.replies("\u{1B}[6;1000;1t\u{1B}[4;10000;10000t\u{1B}[?2;0;10000;10000S\u{1B}[?1;0;65536S\u{1B}[?62;4c")
        #expect(replies.cellSize == PixelSize(width: 1, height: 1000))
        #expect(replies.textAreaSize == PixelSize(width: 10000, height: 10000))
        #expect(replies.sixelGeometry == PixelSize(width: 10000, height: 10000))
        #expect(replies.sixelColorRegisters == 65536)
        #expect(replies.refusals.isEmpty)
    }

    @Test("a window that claims 65535x65535 px keeps its cells, loses its pixels, and the probe says so")
    func absurdWindow() {
        let window = WindowSize(columns: 300, rows: 100, pixelWidth: 65535, pixelHeight: 65535)
        #expect(window.withinLimits == WindowSize(columns: 300, rows: 100))
        let capabilities = TerminalCapabilities(replies: Self.replies("\u{1B}[?62;4c"), window: window)
        #expect(capabilities.textAreaSize == nil)
        #expect(capabilities.cellSize == nil)
        #expect(capabilities.columns == 300 && capabilities.rows == 100)
        #expect(capabilities.describe().contains { $0.contains("TIOCGWINSZ pixels 65535x65535 for 300x100 cells refused") })
    }

    @Test("a window of 65535x65535 cells is drawn in 4000x2000 of them, its cell kept")
    func absurdCells() {
        let window = WindowSize(columns: 65535, rows: 65535, pixelWidth: 0, pixelHeight: 0)
        #expect(window.withinLimits == WindowSize(columns: 4000, rows: 2000))
        let sized = WindowSize(columns: 5000, rows: 100, pixelWidth: 10000, pixelHeight: 2000)
        #expect(sized.withinLimits == WindowSize(columns: 4000, rows: 100, pixelWidth: 8000, pixelHeight: 2000))
    }

    @Test("ordinary windows are untouched", arguments: [
        WindowSize(columns: 80, rows: 24), WindowSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480),
        WindowSize(columns: 240, rows: 50, pixelWidth: 2160, pixelHeight: 1000),
        WindowSize(columns: 120, rows: 33, pixelWidth: 1081, pixelHeight: 700), WindowSize(columns: 4000, rows: 2000),
    ])
    func ordinaryWindow(window: WindowSize) {
        #expect(window.refusingAbsurdPixels == nil)
        #expect(window.withinLimits == window)
    }

    @Test("random replies never yield a size beyond the limits")
    func randomReplies() {
        var random = SplitMix64(seed: 26)
        let pieces = ["0", "1", "9", "999999999", "65535", "10000", "10001", "", "-1"]
        for _ in 0..<2000 {
            func number() -> String { pieces[Int(random.next() % UInt64(pieces.count))] }
            let text = "\u{1B}[6;\(number());\(number())t\u{1B}[4;\(number());\(number())t"
                + "\u{1B}[?2;0;\(number());\(number())S\u{1B}[?1;0;\(number())S\u{1B}[?62;4c"
            let window = WindowSize(columns: Int(random.next() % 400), rows: Int(random.next() % 200),
                                    pixelWidth: Int(random.next() % 70000), pixelHeight: Int(random.next() % 70000))
            let capabilities = TerminalCapabilities(replies: Self.replies(text), window: window)
            for cell in [capabilities.cellSize].compactMap({ $0 }) {
                #expect(SizeLimits.cell.contains(cell.width) && SizeLimits.cell.contains(cell.height), "\(text)")
            }
            for area in [capabilities.textAreaSize, capabilities.maxSixelSize].compactMap({ $0 }) {
                #expect(SizeLimits.area.contains(area.width) && SizeLimits.area.contains(area.height), "\(text)")
            }
            if let geometry = capabilities.sixelGeometry {
                #expect(SizeLimits.sixelMaximum.contains(geometry.width) && SizeLimits.sixelMaximum.contains(geometry.height), "\(text)")
            }
            if let registers = capabilities.sixelColorRegisters { #expect(SizeLimits.colorRegisters.contains(registers)) }
        }
    }
}
