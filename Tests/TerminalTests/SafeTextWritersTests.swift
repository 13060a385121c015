import TestSupport
import Testing
@testable import Terminal

/// Terminal's writers of text from outside (cells, replies) keep every hostile kind out.
@Suite("Safe text: Terminal's writers")
struct SafeTextWritersTests {
    @Test("ScreenBuffer.put writes none of them", arguments: HostileText.scalars.map(\.scalar))
    func screenBuffer(scalar: Unicode.Scalar) {
        func shown(_ text: String) -> [UInt8] {
            var screen = ScreenBuffer(columns: 40, rows: 1)
            screen.put(text, column: 0, row: 0)
            return screen.fullRedraw()
        }
        // The same bytes as the safe text alone: the hostile character is dropped, nothing else moves.
        #expect(shown("a" + String(scalar) + HostileText.safe) == shown("a" + HostileText.safe))
    }

    @Test("a reply's text (XTVERSION) shows none of them", arguments: HostileText.scalars.map(\.scalar))
    func reply(scalar: Unicode.Scalar) {
        let text = sanitized(Array(("kitty" + String(scalar) + "0.41").utf8))
        #expect(!text.unicodeScalars.contains(scalar))
        #expect(text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) })
        #expect(text.hasPrefix("kitty?") && text.hasSuffix("0.41"))
    }
}
