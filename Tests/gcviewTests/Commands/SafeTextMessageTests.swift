import TestSupport
import Testing
@testable import gcview

/// gcview's messages name every hostile character as `U+XXXX` instead of writing it.
@Suite("Safe text: gcview's messages")
struct SafeTextMessageTests {
    @Test("sanitisedForTerminal names each of them", arguments: HostileText.scalars.map(\.scalar))
    func named(scalar: Unicode.Scalar) {
        let name = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        #expect(("a" + String(scalar) + "b").sanitisedForTerminal == "a" + name + "b")
        #expect(HostileText.safe.sanitisedForTerminal == HostileText.safe)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
