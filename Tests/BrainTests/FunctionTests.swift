import Testing
import Brain

/// The compiled graphing function agrees with `evaluate(using:)`.
@Suite("Compiled function")
struct FunctionTests {
    static let expressions = [
        "x", "2x + 1", "sin(x) / x", "sqrt(x)", "ln(x)", "log(x - 1)", "1 / x", "x^-1", "tan(x)",
        "asin(x / 4)", "acos(x) + atan(x)", "exp(x) - 10^x", "abs(x) * cbrt(x)", "(x+1)(x-1)",
        "x^x", "-x^2 + 3x - 2", "2^3^x", "1 / (1 / x)", "0 * (1 / x)", "e^(x*100)", "pi",
        "floor(x) + ceil(x)", "trunc(x) - round(x)", "sgn(x)", "mod(x, 1.5)", "mod(3, x)", "min(x, 1) max(x, -1)",
        "sinh(x) + cosh(x) + tanh(x)", "asinh(x) + acosh(x)", "atanh(x / 2)", "atanh(x)", "log2(x)",
        "sec(x)", "csc(x)", "cot(x)", "cot(2x / pi)", "gamma(x)", "x!", "(x/2)!",
    ]

    static let points: [Double] = [-4, -1.5, -1, -0.5, 0, 0.25, 0.5, 1, 2, 3.7, 10, Double.pi / 2]

    @Test("Agrees with evaluate(at:)", arguments: expressions)
    func agreement(text: String) throws {
        let program = try #require(parsed(text))
        let f = program.function(of: "M")
        for x in Self.points {
            let expected = program.evaluate(at: x).result
            #expect(f(x) == expected, "\(text) at \(x)")
        }
    }

    /// `+0` added 70 times: the same values, from a tree too deep for nested closures, so it is interpreted.
    @Test("Deep trees are interpreted with the same results as shallow ones", arguments: expressions)
    func interpretedAgreement(text: String) throws {
        let shallow = try #require(parsed(text)).function(of: "M")
        let deep = try #require(parsed("(" + text + ")" + String(repeating: " + 0", count: 70))).function(of: "M")
        for x in Self.points + [-0.0, 1e-300, 1e300, -1e300, .pi] {
            let (a, b) = (shallow(x), deep(x))
            #expect(a == b || (a == 0 && b == 0), "\(text) at \(x): \(String(describing: a)) vs \(String(describing: b))")
        }
    }

    /// Programs that overflow somewhere in `points` (or fail otherwise first): a step past the
    /// largest Double, passed on by later steps, or met after another failure.
    static let overflowing = [
        "1e308 x", "exp(300x)", "-(exp(300x))", "1 / exp(300x)", "exp(300x) - exp(300x)", "sqrt(-x) + exp(300x)",
        "exp(300x) + sqrt(-x)", "x^(100x)", "gamma(50x)", "10^x^3", "ln(x) + 1e308 x", "sinh(1000x) / x",
    ]

    @Test("Says overflow exactly where evaluate(at:) reports one, shallow and deep", arguments: expressions + overflowing)
    func overflowAgreement(text: String) throws {
        let program = try #require(parsed(text))
        let f = program.function(of: "M"), overflows = program.overflows(of: "M")
        let deep = try #require(parsed("(" + text + ")" + String(repeating: " + 0", count: 70))).overflows(of: "M")
        for x in Self.points + [-10, 5, 1e300, -1e300] {
            let expected = program.evaluate(at: x).error == .overflow
            #expect(overflows(x) == expected, "\(text) at \(x): \(String(describing: program.evaluate(at: x).error))")
            #expect(deep(x) == expected, "\(text) at \(x), interpreted")
            if expected { #expect(f(x) == nil) }
        }
    }

    @Test("Overflow is told from the other failures: the first failure met is the one said")
    func overflowOrFirstFailure() throws {
        func overflows(_ text: String, at x: Double) throws -> Bool { try #require(parsed(text)).overflows(of: "M")(x) }
        #expect(try overflows("1e308 x", at: 2) && !overflows("1e308 x", at: 1))
        #expect(try overflows("exp(300x) + sqrt(-x)", at: 10) && !overflows("sqrt(-x) + exp(300x)", at: 10))
        #expect(try overflows("1 / exp(300x)", at: 10), "1/e^3000 is missing because e^3000 overflowed")
        #expect(try !overflows("sqrt(x)", at: -1) && !overflows("1 / x", at: 0) && !overflows("x", at: 1e308))
    }

    @Test("Agrees on keypad programs, pending ones included", arguments: [
        "9 + M = √", "M x⁻¹", "M ÷ M =", "M +", "M + 2 × (", "2 + ( M × 4 ) =",
    ])
    func keypadAgreement(keys: String) {
        let program = keypad(after: keys).program
        let f = program.function(of: "M")
        for x in Self.points {
            #expect(f(x) == program.evaluate(at: x).result, "\(keys) at \(x)")
        }
    }

    @Test("Other variables are 0; unknown operations and empty programs give nil")
    func edges() {
        let other = Program(steps: [.variable("N"), .operation("+"), .number(2), .operation("=")])
        #expect(other.function(of: "M")(5) == 2)
        #expect(Program(steps: [.number(1), .operation("bad")]).function(of: "M")(1) == nil)
        #expect(Program().function(of: "M")(1) == nil)
    }
}
