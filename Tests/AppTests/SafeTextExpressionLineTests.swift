import TestSupport
import Testing
@testable import App

/// The `:` line keeps typed and pasted text by the one safe-text rule.
@Suite("Safe text: the expression line")
struct SafeTextExpressionLineTests {
    @Test("ExpressionLine.insert keeps none of them", arguments: HostileText.scalars.map(\.scalar))
    func insert(scalar: Unicode.Scalar) {
        var line = ExpressionLine()
        line.insert("sin(x" + String(scalar) + ")")
        #expect(line.text == "sin(x)")
    }
}
