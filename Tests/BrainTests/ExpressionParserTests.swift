import Foundation
import Testing
import Brain

/// Typed expressions: precedence, implicit multiplication, steps and error positions.
@Suite("Expression parser")
struct ExpressionParserTests {
    struct ValueCase: CustomTestStringConvertible, Sendable {
        let text: String
        let x: Double
        let value: Double
        var testDescription: String { "\(text) at x=\(NumberFormat.display(x)) = \(NumberFormat.display(value))" }
    }

    static let values: [ValueCase] = [
        ValueCase(text: "2+3*4", x: 0, value: 14),
        ValueCase(text: "2*3+4", x: 0, value: 10),
        ValueCase(text: "(2+3)*4", x: 0, value: 20),
        ValueCase(text: "2^3^2", x: 0, value: 512),
        ValueCase(text: "(2^3)^2", x: 0, value: 64),
        ValueCase(text: "-2^2", x: 0, value: -4),
        ValueCase(text: "2^-1", x: 0, value: 0.5),
        ValueCase(text: "2(x+1)", x: 3, value: 8),
        ValueCase(text: "2x", x: 3, value: 6),
        ValueCase(text: "2 sin(x)", x: Double.pi / 2, value: 2),
        ValueCase(text: "sin(pi/2)", x: 0, value: 1),
        ValueCase(text: "(x+1)(x-1)", x: 3, value: 8),
        ValueCase(text: "10 - 4 - 3", x: 0, value: 3),
        ValueCase(text: "10 - (4 - 3)", x: 0, value: 9),
        ValueCase(text: "64 / 4 / 2", x: 0, value: 8),
        ValueCase(text: "1.5 + .5 + 1e-3", x: 0, value: 2.001),
        ValueCase(text: "2e", x: 0, value: 2 * M_E),
        ValueCase(text: "exp(1) - e", x: 0, value: 0),
        ValueCase(text: "√(x+7) × 2 ÷ 4 − 1", x: 9, value: 1),
        ValueCase(text: "√x^2", x: 3, value: 3),
        ValueCase(text: "sqrt(16) + cbrt(27) + abs(-2) + ln(e) + log(100)", x: 0, value: 12),
        ValueCase(text: "asin(1) + acos(1) + atan(0)", x: 0, value: Double.pi / 2),
        ValueCase(text: "cos(π) + tan(0)", x: 0, value: -1),
        ValueCase(text: "M * x", x: 4, value: 16),
        ValueCase(text: "--3", x: 0, value: 3),
        ValueCase(text: "+3 * -2", x: 0, value: -6),
        ValueCase(text: "1 - 2 * 3 ^ 2 / 6 + 4", x: 0, value: 2),
        ValueCase(text: "2 * (3 + 4) ^ 2", x: 0, value: 98),
        ValueCase(text: "-(1 + 2) * 3", x: 0, value: -9),
    ]

    @Test("Values follow precedence", arguments: values)
    func value(_ example: ValueCase) throws {
        let program = try #require(parsed(example.text))
        let result = try #require(program.evaluate(at: example.x).result)
        #expect(agree(result, example.value), "got \(result)")
        #expect(!program.evaluate(at: example.x).isPending)
    }

    struct StepsCase: CustomTestStringConvertible, Sendable {
        let text: String
        let steps: String
        let description: String
        var testDescription: String { "\(text) → [\(steps)]" }
    }

    static let stepCases: [StepsCase] = [
        StepsCase(text: "7 + 9", steps: "7 + 9 =", description: "7 + 9"),
        StepsCase(text: "7 + sqrt(9)", steps: "7 + 9 √ =", description: "7 + √(9)"),
        StepsCase(text: "sqrt(7 + 9)", steps: "( 7 + 9 ) √", description: "√(7 + 9)"),
        StepsCase(text: "sqrt(9 + x) + 14", steps: "( 9 + M ) √ + 14 =", description: "√(9 + M) + 14"),
        StepsCase(text: "2+3*4", steps: "2 + ( 3 × 4 ) =", description: "2 + (3 × 4)"),
        StepsCase(text: "(2+3)*4", steps: "2 + 3 × 4 =", description: "(2 + 3) × 4"),
        StepsCase(text: "4π", steps: "4 × π =", description: "4 × π"),
        StepsCase(text: "-x^2", steps: "( M xʸ 2 ) ±", description: "-(M ^ 2)"),
        StepsCase(text: "x", steps: "M", description: "M"),
    ]

    @Test("The same steps as the keys", arguments: stepCases)
    func steps(_ example: StepsCase) throws {
        let program = try #require(parsed(example.text))
        #expect(program.steps.map(\.description).joined(separator: " ") == example.steps)
        #expect(program.description == example.description)
    }

    @Test("A parsed expression describes itself like the keypad")
    func sameAsKeypad() throws {
        let program = try #require(parsed("sqrt(9 + x) + 14"))
        var pad = keypad(after: "( 9 + M ) √ + 14 =")
        #expect(pad.program.steps.map(\.description) == program.steps.map(\.description))
        pad.program = program
        #expect(pad.descriptionLine == "√(9 + M) + 14 =")
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let text: String
        let message: String
        var testDescription: String { "'\(text)' → \(message)" }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(text: "(1 + 2", message: "expected ')' at column 7"),
        ErrorCase(text: "2*y", message: "unexpected 'y' (y is for an equation or inequality in x and y, with '=', '<', '>', '<=' or '>=': x^2 + y^2 = 9, y < sin(x)) at column 3"),
        ErrorCase(text: "", message: "empty expression"),
        ErrorCase(text: "   ", message: "empty expression"),
        ErrorCase(text: "2 +", message: "unexpected end of expression at column 4"),
        ErrorCase(text: "2 + * 3", message: "unexpected '*' at column 5"),
        ErrorCase(text: "sin x", message: "expected '(' after 'sin' at column 5"),
        ErrorCase(text: "(1 2)", message: "expected ')' instead of '2' at column 4"),
        ErrorCase(text: "1 + 2)", message: "unexpected ')' at column 6"),
        ErrorCase(text: "1.2.3", message: "unexpected '.' at column 4"),
        ErrorCase(text: "2 3", message: "unexpected '3' at column 3"),
        ErrorCase(text: "√(π) + $", message: "unexpected '$' at column 8"),
        ErrorCase(text: "foo(2)", message: "unknown name 'foo' (a parameter is one letter: a b, not ab) at column 1"),
        ErrorCase(text: ".", message: "unexpected '.' at column 1"),
    ]

    @Test("Errors name a 1-based column", arguments: errorCases)
    func error(_ example: ErrorCase) {
        do {
            let program = try ExpressionParser.parse(example.text)
            Issue.record("parsed as \(program.steps)")
        } catch {
            #expect(error.description == example.message)
        }
    }

    @Test("Error columns count characters, not bytes")
    func unicodeColumns() {
        #expect(throws: ExpressionError("unexpected '$'", at: 5)) { try ExpressionParser.parse("π×√ $") }
    }
}

/// Characters that cannot be shown are named, never echoed into an error message.
@Suite("Expression parser error names")
struct ExpressionErrorNameTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let message: String
        var testDescription: String { message }
    }

    @Test("Invisible characters are named by code point", arguments: [
        Case(text: "2*\u{1b}[31m", message: "unexpected U+001B at column 3"),
        Case(text: "1+\u{7}", message: "unexpected U+0007 at column 3"),
        Case(text: "x\u{202E}1+", message: "unexpected U+202E at column 2"),
        Case(text: "\u{200B}x", message: "unexpected U+200B at column 1"),
        Case(text: "x\u{9B}2J", message: "unexpected U+009B at column 2"),
        Case(text: "1 + \u{E000}", message: "unexpected U+E000 at column 5"),
        Case(text: "x + é", message: "unexpected 'é' at column 5"),
    ])
    func named(_ example: Case) {
        #expect(LimitsTests.parseError(example.text)?.description == example.message)
    }
}
