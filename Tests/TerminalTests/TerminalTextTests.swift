import Terminal
import TextCells
import Testing

/// The one rule for text from outside that reaches a cell.
@Suite("Safe text in cells")
struct TerminalTextTests {
    @Test("zero-width characters, bidi controls and the BOM never reach a cell",
          arguments: ["\u{200B}", "\u{200C}", "\u{200D}", "\u{FEFF}", "\u{202E}", "\u{2066}", "\u{061C}", "\u{9B}", "\u{2028}"])
    func invisible(scalar: String) {
        var screen = ScreenBuffer(columns: 20, rows: 1)
        screen.put("a\(scalar)b\(scalar)", column: 0, row: 0)
        let bytes = screen.fullRedraw()
        #expect(!String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { $0 == scalar.unicodeScalars.first })
        #expect(String(decoding: bytes, as: UTF8.self).contains("ab"))
    }

    @Test("a flood of combining marks keeps four, and costs bytes like the characters shown")
    func markFlood() {
        let flood = String(repeating: "e" + String(repeating: "\u{0301}", count: 5000), count: 200)
        var screen = ScreenBuffer(columns: 200, rows: 1)
        screen.put(flood, column: 0, row: 0)
        let bytes = screen.fullRedraw()
        #expect(bytes.count < 200 * (1 + 4 * 2) + 200)
        #expect(TerminalText.sanitized("e\u{0301}\u{0302}") == "e\u{0301}\u{0302}")
        #expect(TerminalText.sanitized("Tiếng Việt") == "Tiếng Việt")
    }
}
