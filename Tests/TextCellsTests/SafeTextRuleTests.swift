import Brain
import TestSupport
import Testing
import TextCells

/// The one rule for text that may reach a cell, and Brain's twin of it.
@Suite("The safe-text rule")
struct SafeTextRuleTests {
    @Test("every hostile kind is unsafe and dropped", arguments: HostileText.scalars.map(\.scalar))
    func hostile(scalar: Unicode.Scalar) {
        #expect(!TerminalText.isSafe(scalar))
        #expect(TerminalText.sanitized("a" + String(scalar) + "b") == "ab")
    }

    @Test("safe text passes whole")
    func safe() {
        #expect(HostileText.safe.unicodeScalars.allSatisfy(TerminalText.isSafe))
        #expect(TerminalText.sanitized(HostileText.safe) == HostileText.safe)
    }

    /// Brain imports nothing of the project, so `VisibleText.isSafeInTerminal` is a twin of the
    /// rule: this keeps the two one rule, scalar for scalar.
    @Test("Brain's VisibleText.isSafeInTerminal agrees with TerminalText.isSafe on every scalar")
    func brainTwinAgrees() {
        var differing = [UInt32]()
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if VisibleText.isSafeInTerminal(scalar) != TerminalText.isSafe(scalar) { differing.append(value) }
        }
        #expect(differing.isEmpty, "first differing: \(differing.prefix(5).map { VisibleText.name(Unicode.Scalar($0) ?? " ") })")
    }
}
