import Testing
@testable import Terminal

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// Text to sanitize and the expected safe text, named for the test report.
struct SanitizeCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let expected: String
    var testDescription: String { name }
}

@Suite("Screen buffer")
struct SessionScreenBufferTests {
    static let red = CellStyle(foreground: .ansi(1))

    @Test("An unchanged screen produces no output")
    func unchanged() {
        var screen = ScreenBuffer(columns: 10, rows: 3)
        screen.put("hello", column: 0, row: 0)
        #expect(screen.diff(from: screen).isEmpty)
    }

    @Test("Changing one cell moves to it and writes only it")
    func oneCell() {
        var before = ScreenBuffer(columns: 10, rows: 3)
        before.put("1+2", column: 0, row: 1)
        var after = before
        after.put("−", column: 1, row: 1)
        #expect(text(after.diff(from: before)) == "\u{1B}[2;2H\u{1B}[0m−")
    }

    @Test("Adjacent changes share one cursor move; distant ones get their own")
    func cursorMoves() {
        let before = ScreenBuffer(columns: 20, rows: 2)
        var after = before
        after.put("ab", column: 3, row: 0)
        after.put("z", column: 10, row: 1)
        #expect(text(after.diff(from: before)) == "\u{1B}[1;4H\u{1B}[0mab\u{1B}[2;11Hz")
    }

    @Test("Style changes emit SGR once per run and reset at the end")
    func styles() {
        let before = ScreenBuffer(columns: 10, rows: 1)
        var after = before
        after.put("ab", column: 0, row: 0, style: Self.red)
        after.put("c", column: 2, row: 0, style: CellStyle(background: .rgb(1, 2, 3), isBold: true))
        #expect(text(after.diff(from: before)) == "\u{1B}[1;1H\u{1B}[0;31mab\u{1B}[0;1m\u{1B}[48;2;1;2;3mc\u{1B}[0m")
    }

    @Test("SGR parameters of colors", arguments: [
        (TerminalColor.ansi(2), "\u{1B}[0;32m"), (.ansi(9), "\u{1B}[0;91m"), (.indexed(200), "\u{1B}[0;38;5;200m"),
        (.rgb(255, 0, 10), "\u{1B}[0m\u{1B}[38;2;255;0;10m"),
    ])
    func colorParameters(_ color: TerminalColor, _ expected: String) {
        #expect(text(CellStyle(foreground: color).selectGraphicRendition) == expected)
    }

    @Test("A wide character takes two cells and is written once")
    func wideCharacter() {
        let before = ScreenBuffer(columns: 6, rows: 1)
        var after = before
        #expect(after.put("📈x", column: 0, row: 0) == 3)
        #expect(after[0, 0].width == 2)
        #expect(after[1, 0].width == 0)
        #expect(after[2, 0].character == "x")
        #expect(text(after.diff(from: before)) == "\u{1B}[1;1H\u{1B}[0m📈x")
    }

    @Test("Overwriting half of a wide character rewrites the other half")
    func splitWideCharacter() {
        var before = ScreenBuffer(columns: 6, rows: 1)
        before.put("📈", column: 0, row: 0)
        var after = before
        after.put("a", column: 1, row: 0)
        #expect(after[0, 0] == .blank)
        #expect(text(after.diff(from: before)) == "\u{1B}[1;1H\u{1B}[0m a")
    }

    @Test("A wide character that would cross the right edge is left out")
    func wideAtEdge() {
        var screen = ScreenBuffer(columns: 3, rows: 1)
        #expect(screen.put("ab📈", column: 0, row: 0) == 2)
        #expect(screen[2, 0] == .blank)
    }

    @Test("Text is clipped at the edges and outside rows are ignored")
    func clipping() {
        var screen = ScreenBuffer(columns: 4, rows: 2)
        screen.put("abcdef", column: 2, row: 0)
        screen.put("xyz", column: -1, row: 1)
        screen.put("nope", column: 0, row: 5)
        #expect((0..<4).map { screen[$0, 0].character } == [" ", " ", "a", "b"])
        #expect((0..<4).map { screen[$0, 1].character } == ["y", "z", " ", " "])
    }

    @Test("A size change clears and redraws every non-blank cell")
    func resized() {
        var small = ScreenBuffer(columns: 2, rows: 1)
        small.put("ab", column: 0, row: 0)
        var large = ScreenBuffer(columns: 3, rows: 1)
        large.put("ab", column: 0, row: 0)
        #expect(text(large.diff(from: small)) == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[0mab")
    }

    @Test("Control characters never reach the terminal through cells")
    func controlsStripped() {
        var screen = ScreenBuffer(columns: 20, rows: 1)
        screen.put("a\u{1B}[2Jb\u{9B}c\r\n", column: 0, row: 0)
        let bytes = screen.fullRedraw()
        #expect(text(bytes) == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[0ma[2Jbc")
    }

    @Test("Sanitize removes control and bidi characters", arguments: [
        SanitizeCase(name: "plain ASCII kept", input: "sin(x) + 2", expected: "sin(x) + 2"),
        SanitizeCase(name: "calculator symbols kept", input: "π × √2 − x⁻¹ 📈", expected: "π × √2 − x⁻¹ 📈"),
        SanitizeCase(name: "escape sequence defused", input: "\u{1B}]0;title\u{7}", expected: "]0;title"),
        SanitizeCase(name: "C1 CSI removed", input: "a\u{9B}31mb", expected: "a31mb"),
        SanitizeCase(name: "CR LF and tab removed", input: "a\r\n\tb", expected: "ab"),
        SanitizeCase(name: "DEL and NUL removed", input: "a\u{7F}\u{0}b", expected: "ab"),
        SanitizeCase(name: "bidi override removed", input: "a\u{202E}b\u{2066}c", expected: "abc"),
        SanitizeCase(name: "emoji joiner kept", input: "👩‍💻", expected: "👩‍💻"),
    ])
    func sanitize(_ testCase: SanitizeCase) {
        #expect(ScreenBuffer.sanitize(testCase.input) == testCase.expected)
    }
}
