import Testing
@testable import Brain

/// How the new functions are written: the steps they make, their descriptions, and what reads back.
@Suite("Function syntax")
struct FunctionSyntaxTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let steps: String
        let description: String
        var testDescription: String { "\(text) → [\(steps)] → \(description)" }
    }

    static let cases: [Case] = [
        Case(text: "floor(x)", steps: "M floor", description: "floor(M)"),
        Case(text: "ceil(x) + trunc(x) + round(x)", steps: "M ceil + M trunc + M round =",
             description: "ceil(M) + trunc(M) + round(M)"),
        Case(text: "sgn(x - 1)", steps: "( M − 1 ) sign", description: "sign(M − 1)"),
        Case(text: "asinh(x) + acosh(x) + atanh(x)", steps: "M sinh⁻¹ + M cosh⁻¹ + M tanh⁻¹ =",
             description: "sinh⁻¹(M) + cosh⁻¹(M) + tanh⁻¹(M)"),
        Case(text: "sinh(cosh(tanh(x)))", steps: "M tanh cosh sinh", description: "sinh(cosh(tanh(M)))"),
        Case(text: "log2(x)", steps: "M log₂", description: "log₂(M)"),
        Case(text: "sec(x) csc(x) cot(x)", steps: "M sec × M csc × M cot =", description: "sec(M) × csc(M) × cot(M)"),
        Case(text: "gamma(x)", steps: "M Γ", description: "Γ(M)"),
        Case(text: "x!", steps: "M x!", description: "(M)!"),
        Case(text: "(x+1)!", steps: "( M + 1 ) x!", description: "(M + 1)!"),
        Case(text: "mod(7, -3)", steps: "7 mod 3 ± =", description: "mod(7, -(3))"),
        Case(text: "mod(-7, 3)", steps: "7 ± mod 3 =", description: "mod(-(7), 3)"),
        Case(text: "mod(x + 1, 2x)", steps: "M + 1 mod ( 2 × M ) =", description: "mod(M + 1, 2 × M)"),
        Case(text: "2 + mod(x, 3)", steps: "2 + ( M mod 3 ) =", description: "2 + mod(M, 3)"),
        Case(text: "mod(x, 3) * 2", steps: "M mod 3 × 2 =", description: "mod(M, 3) × 2"),
        Case(text: "2 min(x, 1)", steps: "2 × ( M min 1 ) =", description: "2 × min(M, 1)"),
        Case(text: "max(min(x, 1), -1)", steps: "M min 1 max 1 ± =", description: "max(min(M, 1), -(1))"),
        Case(text: "mod(x, 3)^2", steps: "M mod 3 xʸ 2 =", description: "mod(M, 3) ^ 2"),
    ]

    @Test("Typed as a keypad would build them, and described", arguments: cases)
    func steps(_ example: Case) throws {
        let program = try #require(parsed(example.text))
        #expect(program.steps.map(\.description).joined(separator: " ") == example.steps)
        #expect(program.description == example.description)
    }

    @Test("A description reads back as the same program", arguments: cases)
    func descriptionReadsBack(_ example: Case) throws {
        let program = try #require(parsed(example.text))
        let again = try #require(parsed(program.description))
        #expect(again == program, "\(program.description)")
    }

    @Test("The ASCII expression reads back as the same program", arguments: cases)
    func infixReadsBack(_ example: Case) throws {
        let program = try #require(parsed(example.text))
        let again = try #require(parsed(program.infixExpression))
        #expect(again == program, "\(program.infixExpression)")
    }

    @Test("ASCII expressions name the functions as they are typed", arguments: [
        ("sgn(x)", "sign(x)"), ("asinh(x)", "asinh(x)"), ("log2(x)", "log2(x)"), ("gamma(x)", "gamma(x)"),
        ("x!", "x!"), ("(x+1)!", "(x + 1)!"), ("(-x)!", "(-x)!"), ("-x!", "-x!"), ("2^x!", "2 ^ x!"),
        ("x!^2", "x! ^ 2"), ("mod(x,3)", "mod(x, 3)"), ("2+mod(x,3)", "2 + mod(x, 3)"), ("min(x,-1)", "min(x, -1)"),
    ])
    func infix(text: String, printed: String) throws {
        #expect(try #require(parsed(text)).infixExpression == printed)
    }

    @Test("Keypad programs with calls print as expressions that read back", arguments: [
        "2 + 3 mod 4 =", "7 mod", "7 mod 2 + 3 =", "2 ^ 3 max 9 =", "1 + ( 2 min 3 ) =", "5 ! ± mod 7 =", "3 mod mod 2 =",
    ])
    func keypadInfix(keys: String) throws {
        let program = keypad(after: keys).program
        let again = try #require(parsed(program.infixExpression))
        #expect(again.evaluate().result == program.evaluate().result, "\(program.infixExpression)")
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let text: String
        let message: String
        var testDescription: String { "'\(text)' → \(message)" }
    }

    @Test("Calls with the wrong arguments name a column", arguments: [
        ErrorCase(text: "mod(7)", message: "expected ',' instead of ')' at column 6"),
        ErrorCase(text: "mod(7, 2, 1)", message: "expected ')' instead of ',' at column 9"),
        ErrorCase(text: "mod 7, 2", message: "expected '(' after 'mod' at column 5"),
        ErrorCase(text: "2 mod 3", message: "expected '(' after 'mod' at column 7"),
        ErrorCase(text: "min(, 2)", message: "unexpected ',' at column 5"),
        ErrorCase(text: "max(1, 2", message: "expected ')' at column 9"),
        ErrorCase(text: "sin(1, 2)", message: "expected ')' instead of ',' at column 6"),
        ErrorCase(text: "1, 2", message: "unexpected ',' at column 2"),
        ErrorCase(text: "!", message: "unexpected '!' at column 1"),
        ErrorCase(text: "floor x", message: "expected '(' after 'floor' at column 7"),
        ErrorCase(text: "sinhx", message: "expected '(' after 'sinh' at column 5"),
    ])
    func errors(_ example: ErrorCase) {
        #expect(LimitsTests.parseError(example.text)?.description == example.message)
    }

    @Test("Calls count towards the nesting limit")
    func nesting() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "max(1, ", count: depth) + "1" + String(repeating: ")", count: depth)
        }
        let limit = ExpressionParser.maximumNesting
        #expect(try ExpressionParser.parse(nested(limit)).evaluate().result == 1)
        #expect(LimitsTests.parseError(nested(limit + 1))?.message == "nested more than 256 levels deep")
    }
}
