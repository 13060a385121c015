import Testing
import Brain

/// Errors: no result, a short message, the description intact, never a crash.
@Suite("Calculation errors")
struct ErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let keys: String
        let error: String
        var testDescription: String { "\(keys) → \(error)" }
    }

    static let cases: [Case] = [
        Case(keys: "1 ÷ 0 =", error: "Error: division by zero"),
        Case(keys: "4 ± √", error: "Error: square root of a negative number"),
        Case(keys: "0 ln", error: "Error: logarithm of a non-positive number"),
        Case(keys: "2 ± log", error: "Error: logarithm of a non-positive number"),
        Case(keys: "2 sin⁻¹", error: "Error: sin⁻¹ outside [-1, 1]"),
        Case(keys: "2 ± cos⁻¹", error: "Error: cos⁻¹ outside [-1, 1]"),
        Case(keys: "0 x⁻¹", error: "Error: reciprocal of zero"),
        Case(keys: "π ÷ 2 = tan", error: "Error: tangent undefined"),
        Case(keys: "10 xʸ 400 =", error: "Error: overflow"),
        Case(keys: "1000 eˣ", error: "Error: overflow"),
        Case(keys: "8 ± xʸ 0.5 =", error: "Error: not a number"),
        Case(keys: "1 ÷ 0 = + 2 =", error: "Error: division by zero"),
    ]

    @Test("Error messages", arguments: cases)
    func message(_ example: Case) {
        let evaluation = keypad(after: example.keys).evaluation
        #expect(evaluation.result == nil)
        #expect(evaluation.error == example.error)
        #expect(!evaluation.description.isEmpty)
    }

    @Test("The description survives an error")
    func descriptionIntact() {
        #expect(keypad(after: "4 ± √").descriptionLine == "√(-(4)) =")
    }

    @Test("An unknown operation in a program is an error, not a crash")
    func unknownOperation() {
        let evaluation = Program(steps: [.number(1), .operation("sinh")]).evaluate()
        #expect(evaluation.result == nil)
        #expect(evaluation.error == "Error: unknown operation 'sinh'")
    }

    @Test("The brain refuses an unknown symbol with a typed error")
    func brainRefusesUnknownSymbol() {
        var brain = CalculatorBrain()
        #expect(throws: ProgramError.unknownOperation("foo")) { try brain.performOperation("foo") }
        #expect(brain.program.isEmpty)
    }
}
