import Foundation
import Testing
@testable import Brain

/// The functions of issue 12 typed as users type them: values, errors and the keys behind them.
@Suite("Scientific functions")
struct ScientificFunctionTests {
    struct ValueCase: CustomTestStringConvertible, Sendable {
        let text: String
        var x: Double = 0
        let value: Double
        var testDescription: String { "\(text) at x=\(NumberFormat.description(x)) = \(NumberFormat.description(value))" }
    }

    static let values: [ValueCase] = [
        ValueCase(text: "floor(x)", x: -2.5, value: -3), ValueCase(text: "floor(x)", x: 2, value: 2),
        ValueCase(text: "ceil(x)", x: -2.5, value: -2), ValueCase(text: "ceil(x)", x: 2.1, value: 3),
        ValueCase(text: "trunc(x)", x: -2.7, value: -2), ValueCase(text: "trunc(x)", x: 2.7, value: 2),
        // Halves away from zero, as a calculator rounds (not to even).
        ValueCase(text: "round(x)", x: 2.5, value: 3), ValueCase(text: "round(x)", x: -2.5, value: -3),
        ValueCase(text: "round(x)", x: 0.5, value: 1), ValueCase(text: "round(x)", x: -0.49, value: 0),
        ValueCase(text: "sign(x)", x: -3, value: -1), ValueCase(text: "sign(x)", x: 0, value: 0),
        ValueCase(text: "sgn(x)", x: 4.5, value: 1),
        // The sign of the divisor, as in Python and Desmos.
        ValueCase(text: "mod(7, 3)", value: 1), ValueCase(text: "mod(7, -3)", value: -2),
        ValueCase(text: "mod(-7, 3)", value: 2), ValueCase(text: "mod(-7, -3)", value: -1),
        ValueCase(text: "mod(5.5, 2)", value: 1.5), ValueCase(text: "mod(6, 3)", value: 0),
        ValueCase(text: "mod(x, 2pi)", x: -1, value: 2 * Double.pi - 1),
        ValueCase(text: "min(2, -3)", value: -3), ValueCase(text: "max(2, -3)", value: 2),
        ValueCase(text: "min(x, 1) + max(x, 1)", x: 5, value: 6),
        ValueCase(text: "sinh(x)", x: 1, value: 1.1752011936438014), ValueCase(text: "cosh(x)", x: 0, value: 1),
        ValueCase(text: "tanh(x)", x: 0.5, value: 0.46211715726000974),
        ValueCase(text: "asinh(x)", x: 1, value: 0.881373587019543), ValueCase(text: "acosh(x)", x: 1, value: 0),
        ValueCase(text: "atanh(x)", x: 0.5, value: 0.5493061443340548),
        ValueCase(text: "log2(x)", x: 8, value: 3), ValueCase(text: "log2(x)", x: 0.5, value: -1),
        ValueCase(text: "sec(x)", x: 0, value: 1), ValueCase(text: "csc(x)", x: Double.pi / 2, value: 1),
        ValueCase(text: "cot(x)", x: Double.pi / 4, value: 1), ValueCase(text: "cot(x)", x: Double.pi / 2, value: 0),
        ValueCase(text: "gamma(x)", x: 5, value: 24), ValueCase(text: "gamma(x)", x: 0.5, value: Double.pi.squareRoot()),
        ValueCase(text: "gamma(x)", x: -0.5, value: -2 * Double.pi.squareRoot()),
        ValueCase(text: "x!", x: 5, value: 120), ValueCase(text: "x!", x: 0, value: 1),
        ValueCase(text: "x!", x: 0.5, value: Double.pi.squareRoot() / 2),
        ValueCase(text: "x!", x: -0.5, value: Double.pi.squareRoot()),
        ValueCase(text: "2^3!", value: 64), ValueCase(text: "-3!", value: -6), ValueCase(text: "3!!", value: 720),
    ]

    @Test("Each function's value", arguments: values)
    func value(_ example: ValueCase) throws {
        let program = try #require(parsed(example.text))
        let result = try #require(program.evaluate(at: example.x).result, "\(String(describing: program.evaluate(at: example.x).error))")
        #expect(agree(result, example.value, tolerance: 1e-15), "got \(result)")
    }

    @Test("∛ of a cube is exactly its root: ∛27 = 3, not 3.0000000000000004 (glibc's cbrt)",
          arguments: ["∛27", "cbrt(27)", "∛(x)", "∛(-x)"])
    func exactCubeRoots(text: String) throws {
        let program = try #require(parsed(text))
        #expect(program.evaluate(at: 27).result.map(abs) == 3)
        guard text.contains("x") else { return }
        // Whole k up to 200000, whose cubes are Doubles exactly (below 2⁵³): ∛(k³) is k, ∛(−k³) is −k.
        let compiled = program.function(of: "M")
        let wrong = stride(from: 1.0, through: 200_000, by: 7).filter { k in
            program.evaluate(at: k * k * k).result.map(abs) != k || compiled(k * k * k).map(abs) != k
        }
        #expect(wrong.isEmpty, "∛(k³) is not k for k = \(wrong.prefix(5))")
    }

    @Test("Factorials of whole numbers are exact, and agree with Γ(n + 1)", arguments: 0...22)
    func exactFactorials(n: Int) throws {
        let exact = (0...n).dropFirst().reduce(1.0) { $0 * Double($1) }
        let factorial = try #require(parsed("\(n)!")?.evaluate().result)
        let gamma = try #require(parsed("gamma(\(n + 1))")?.evaluate().result)
        #expect(factorial == exact && gamma == exact)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let text: String
        var x: Double = 0
        let error: CalculationError
        var testDescription: String { "\(text) at x=\(NumberFormat.description(x)) → \(error.message)" }
    }

    static let errors: [ErrorCase] = [
        ErrorCase(text: "acosh(0)", error: .outsideDomain("cosh⁻¹", domain: "[1, ∞)")),
        ErrorCase(text: "acosh(x)", x: 0.999, error: .outsideDomain("cosh⁻¹", domain: "[1, ∞)")),
        ErrorCase(text: "atanh(2)", error: .outsideDomain("tanh⁻¹", domain: "(-1, 1)")),
        ErrorCase(text: "atanh(x)", x: -1, error: .outsideDomain("tanh⁻¹", domain: "(-1, 1)")),
        ErrorCase(text: "(-1)!", error: .factorialOfNegativeInteger),
        ErrorCase(text: "x!", x: -3, error: .factorialOfNegativeInteger),
        ErrorCase(text: "gamma(0)", error: .gammaOfNonPositiveInteger),
        ErrorCase(text: "gamma(-2)", error: .gammaOfNonPositiveInteger),
        ErrorCase(text: "gamma(x)", x: -1e300, error: .gammaOfNonPositiveInteger),
        ErrorCase(text: "log2(-1)", error: .logarithmOfNonPositive),
        ErrorCase(text: "log2(x)", x: 0, error: .logarithmOfNonPositive),
        ErrorCase(text: "mod(x, 0)", x: 5, error: .moduloByZero),
        ErrorCase(text: "mod(0, x)", x: 0, error: .moduloByZero),
        // Poles as tan has them at π/2: no huge number where only rounding kept the denominator off 0.
        ErrorCase(text: "cot(0)", error: .pole("cotangent")), ErrorCase(text: "cot(pi)", error: .pole("cotangent")),
        ErrorCase(text: "csc(x)", x: -Double.pi, error: .pole("cosecant")),
        ErrorCase(text: "sec(pi/2)", error: .pole("secant")), ErrorCase(text: "tan(pi/2)", error: .tangentPole),
        ErrorCase(text: "171!", error: .overflow), ErrorCase(text: "gamma(172)", error: .overflow),
        ErrorCase(text: "sinh(1000)", error: .overflow), ErrorCase(text: "cosh(-1000)", error: .overflow),
    ]

    @Test("Domain errors and poles are errors, not numbers", arguments: errors)
    func error(_ example: ErrorCase) throws {
        let program = try #require(parsed(example.text))
        let evaluation = program.evaluate(at: example.x)
        #expect(evaluation.result == nil)
        #expect(evaluation.error == example.error)
        #expect(evaluation.display == example.error.message)
        #expect(program.function(of: "M")(example.x) == nil, "the graph leaves the point out too")
    }

    @Test("Error messages read as sentences", arguments: [
        (CalculationError.outsideDomain("cosh⁻¹", domain: "[1, ∞)"), "Error: cosh⁻¹ outside [1, ∞)"),
        (.outsideDomain("tanh⁻¹", domain: "(-1, 1)"), "Error: tanh⁻¹ outside (-1, 1)"),
        (.factorialOfNegativeInteger, "Error: factorial of a negative integer"),
        (.gammaOfNonPositiveInteger, "Error: Γ of a non-positive integer"),
        (.moduloByZero, "Error: mod by zero"), (.pole("cotangent"), "Error: cotangent undefined"),
    ])
    func message(error: CalculationError, message: String) {
        #expect(error.message == message)
    }

    struct KeysCase: CustomTestStringConvertible, Sendable {
        let keys: String
        let display: String
        let descriptionLine: String
        var testDescription: String { "\(keys) → \(display), \(descriptionLine)" }
    }

    @Test("The keypad presses them by symbol or alias", arguments: [
        KeysCase(keys: "7 mod 3 ± =", display: "-2", descriptionLine: "mod(7, -(3)) ="),
        KeysCase(keys: "7 mod", display: "7", descriptionLine: "mod(7, …"),
        KeysCase(keys: "2 + 3 mod 4 =", display: "1", descriptionLine: "mod(2 + 3, 4) ="),
        KeysCase(keys: "2 + ( 7 mod 4 ) =", display: "5", descriptionLine: "2 + mod(7, 4) ="),
        KeysCase(keys: "9 min 4 + 1 =", display: "5", descriptionLine: "min(9, 4) + 1 ="),
        KeysCase(keys: "9 max 4 =", display: "9", descriptionLine: "max(9, 4) ="),
        KeysCase(keys: "5 !", display: "120", descriptionLine: "(5)! ="),
        KeysCase(keys: "1 ± fact", display: "Error: factorial of a negative integer", descriptionLine: "(-(1))! ="),
        KeysCase(keys: "0 gamma", display: "Error: Γ of a non-positive integer", descriptionLine: "Γ(0) ="),
        KeysCase(keys: "0 acosh", display: "Error: cosh⁻¹ outside [1, ∞)", descriptionLine: "cosh⁻¹(0) ="),
        KeysCase(keys: "2 atanh", display: "Error: tanh⁻¹ outside (-1, 1)", descriptionLine: "tanh⁻¹(2) ="),
        KeysCase(keys: "1 asinh sinh", display: "1", descriptionLine: "sinh(sinh⁻¹(1)) ="),
        KeysCase(keys: "8 log2", display: "3", descriptionLine: "log₂(8) ="),
        KeysCase(keys: "2.5 ± round", display: "-3", descriptionLine: "round(-(2.5)) ="),
        KeysCase(keys: "2.5 ± sgn", display: "-1", descriptionLine: "sign(-(2.5)) ="),
        KeysCase(keys: "0 cot", display: "Error: cotangent undefined", descriptionLine: "cot(0) ="),
    ])
    func keys(_ example: KeysCase) {
        let pad = keypad(after: example.keys)
        #expect(pad.display == example.display)
        #expect(pad.descriptionLine == example.descriptionLine)
    }
}
