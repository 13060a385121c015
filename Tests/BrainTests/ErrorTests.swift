import Testing
@testable import Brain

/// Errors: no result, a short message, the description intact, never a crash.
@Suite("Calculation errors")
struct ErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let keys: String
        let error: CalculationError
        let message: String
        var testDescription: String { "\(keys) → \(message)" }
    }

    static let cases: [Case] = [
        Case(keys: "1 ÷ 0 =", error: .divisionByZero, message: "Error: division by zero"),
        Case(keys: "4 ± √", error: .squareRootOfNegative, message: "Error: square root of a negative number"),
        Case(keys: "0 ln", error: .logarithmOfNonPositive, message: "Error: logarithm of a non-positive number"),
        Case(keys: "2 ± log", error: .logarithmOfNonPositive, message: "Error: logarithm of a non-positive number"),
        Case(keys: "2 sin⁻¹", error: .outsideDomain("sin⁻¹", domain: "[-1, 1]"), message: "Error: sin⁻¹ outside [-1, 1]"),
        Case(keys: "2 ± cos⁻¹", error: .outsideDomain("cos⁻¹", domain: "[-1, 1]"), message: "Error: cos⁻¹ outside [-1, 1]"),
        Case(keys: "0 x⁻¹", error: .reciprocalOfZero, message: "Error: reciprocal of zero"),
        Case(keys: "π ÷ 2 = tan", error: .tangentPole, message: "Error: tangent undefined"),
        Case(keys: "10 xʸ 400 =", error: .overflow, message: "Error: overflow"),
        Case(keys: "1000 eˣ", error: .overflow, message: "Error: overflow"),
        Case(keys: "8 ± xʸ 0.5 =", error: .notANumber, message: "Error: not a number"),
        Case(keys: "1 ÷ 0 = + 2 =", error: .divisionByZero, message: "Error: division by zero"),
    ]

    @Test("Error messages", arguments: cases)
    func message(_ example: Case) {
        let evaluation = keypad(after: example.keys).evaluation
        #expect(evaluation.result == nil)
        #expect(evaluation.error == example.error)
        #expect(evaluation.error?.message == example.message)
        #expect(evaluation.display == example.message)
        #expect(!evaluation.description.isEmpty)
    }

    @Test("The description survives an error")
    func descriptionIntact() {
        #expect(keypad(after: "4 ± √").descriptionLine == "√(-(4)) =")
    }

    @Test("An unknown operation in a program is an error, not a crash")
    func unknownOperation() {
        let evaluation = Program(steps: [.number(1), .operation("sech")]).evaluate()
        #expect(evaluation.result == nil)
        #expect(evaluation.error == .unknownOperation("sech"))
        #expect(evaluation.display == "Error: unknown operation 'sech'")
    }

    @Test("The brain refuses an unknown symbol with a typed error")
    func brainRefusesUnknownSymbol() {
        var brain = CalculatorBrain()
        #expect(throws: ProgramError.unknownOperation("foo")) { try brain.performOperation("foo") }
        #expect(brain.program.isEmpty)
    }
}
