@testable import App
import Testing

/// The functions of issue 12 typed on the app's expression line (`:`), as a user types them.
@Suite("The expression line with the new functions")
struct ExpressionLineFunctionsTests {
    @Test("A typed function loads as the calculator's program", arguments: [
        ("mod(7, -3)", "-2", "mod(7, -(3)) ="),
        ("floor(2.5) + round(2.5) + sgn(-1)", "4", "floor(2.5) + round(2.5) + sign(-(1)) ="),
        ("max(3!, gamma(4))", "6", "max((3)!, Γ(4)) ="),
        ("asinh(0) + log2(8)", "3", "sinh⁻¹(0) + log₂(8) ="),
        ("acosh(0)", "Error: cosh⁻¹ outside [1, ∞)", "cosh⁻¹(0) ="),
        ("(-1)!", "Error: factorial of a negative integer", "(-(1))! ="),
    ])
    func loads(text: String, display: String, descriptionLine: String) {
        var model = AppModel()
        model.type(expression: text)
        #expect(model.expressionLine == nil, "the line accepted the expression")
        #expect(model.keypad.display == display)
        #expect(model.keypad.descriptionLine == descriptionLine)
    }

    @Test("A call with a missing argument keeps the line open with its error")
    func missingArgument() throws {
        var model = AppModel()
        model.type(expression: "mod(x)")
        let error = try #require(model.expressionLine?.error)
        #expect(error.contains("expected ','"), "\(error)")
    }
}
