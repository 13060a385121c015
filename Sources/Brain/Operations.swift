#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What kind of step an operation symbol is, for building button grids.
enum OperationKind: Sendable, Equatable, CaseIterable {
    case constant, nullary, unary, binary, equals, openGroup, closeGroup
}

/// The one symbol table that the brain, the keypads and the parser draw from.
///
/// Descriptions, CS193p style: functions wrap their operand, `√(7 + 9)`,
/// `sin(x)`, `e^(x)`, `10^(x)`; powers and the reciprocal are postfix on a
/// parenthesized operand, `(7)²`, `(7)³`, `(7)⁻¹`; `±` prints `-(7)` and
/// `|x|` prints `|7|`. Binary operations print `7 + 9`, `7 − 9`, `7 × 9`,
/// `7 ÷ 9` and `2 ^ 3` (for `xʸ`); `mod`, `min` and `max` print as calls, `mod(7, 9)`.
/// `x!` prints `(7)!`. Parentheses entered with `(` `)` stay.
enum Operations {
    /// Every operation symbol in keypad order.
    static let symbols: [String] = entries.map(\.symbol)

    /// Every operation symbol in keypad order, each with its kind.
    static let all: [(symbol: String, kind: OperationKind)] = entries.map { ($0.symbol, $0.operation.kind) }

    /// The kind of the operation with this symbol, or nil if there is none.
    static func kind(of symbol: String) -> OperationKind? {
        table[symbol]?.kind
    }

    /// The symbol table itself.
    static let table: [String: Operation] = Dictionary(
        entries.map { ($0.symbol, $0.operation) }, uniquingKeysWith: { first, _ in first })

    /// Unary operations by the ASCII function name the parser accepts (`sqrt`, `asin`, …),
    /// aliases such as `sgn` included.
    static let functionNames: [String: UnaryOperation] = {
        var names = Dictionary(
            entries.compactMap { entry -> (String, UnaryOperation)? in
                guard case .unary(let op) = entry.operation, case .call(let name) = op.infix else { return nil }
                return (name, op)
            }, uniquingKeysWith: { first, _ in first })
        for (alias, name) in functionAliases { names[alias] = names[name] }
        return names
    }()

    /// Other names the parser accepts for a function, and the function's own name.
    static let functionAliases: [String: String] = ["sgn": "sign"]

    /// Binary operations written as calls, by name: `mod`, `min`, `max`.
    static let callNames: [String: BinaryOperation] = Dictionary(
        entries.compactMap { entry -> (String, BinaryOperation)? in
            guard case .binary(let op) = entry.operation, op.isCall else { return nil }
            return (op.infixSymbol, op)
        }, uniquingKeysWith: { first, _ in first })

    /// The unary operation with this symbol.
    static func unary(_ symbol: String) -> UnaryOperation? {
        if case .unary(let op)? = table[symbol] { op } else { nil }
    }

    /// The binary operation with this symbol.
    static func binary(_ symbol: String) -> BinaryOperation? {
        if case .binary(let op)? = table[symbol] { op } else { nil }
    }

    // MARK: - The table

    private static let entries: [(symbol: String, operation: Operation)] = [
        ("π", .constant(Double.pi)),
        ("e", .constant(M_E)),
        ("rand", .nullary { Double.random(in: 0..<1) }),
        unary("√", .function("√"), .call("sqrt"), { $0.squareRoot() }) { $0 < 0 ? .squareRootOfNegative : nil },
        unary("∛", .function("∛"), .call("cbrt"), { SpecialFunctions.cubeRoot($0) }),
        unary("x²", .postfix("²"), .raised("2"), { $0 * $0 }),
        unary("x³", .postfix("³"), .raised("3"), { pow($0, 3) }),  // as `^3` computes it, to the last bit
        unary("x⁻¹", .postfix("⁻¹"), .raised("-1"), { 1 / $0 }) { $0 == 0 ? .reciprocalOfZero : nil },
        unary("eˣ", .function("e^"), .call("exp"), { exp($0) }),
        unary("10ˣ", .function("10^"), .base("10"), { pow(10, $0) }),
        unary("ln", .function("ln"), .call("ln"), { log($0) }) { $0 <= 0 ? .logarithmOfNonPositive : nil },
        unary("log", .function("log"), .call("log"), { log10($0) }) { $0 <= 0 ? .logarithmOfNonPositive : nil },
        unary("sin", .function("sin"), .call("sin"), { sin($0) }),
        unary("cos", .function("cos"), .call("cos"), { cos($0) }),
        unary("tan", .function("tan"), .call("tan"), { tan($0) }) { abs(cos($0)) < 1e-12 ? .tangentPole : nil },
        unary("sin⁻¹", .function("sin⁻¹"), .call("asin"), { asin($0) }) { abs($0) > 1 ? .outsideDomain("sin⁻¹", domain: "[-1, 1]") : nil },
        unary("cos⁻¹", .function("cos⁻¹"), .call("acos"), { acos($0) }) { abs($0) > 1 ? .outsideDomain("cos⁻¹", domain: "[-1, 1]") : nil },
        unary("tan⁻¹", .function("tan⁻¹"), .call("atan"), { atan($0) }),
        unary("±", .function("-"), .negation, { -$0 }),
        unary("|x|", .enclosed("|"), .call("abs"), { abs($0) }),
        unary("floor", .function("floor"), .call("floor"), { $0.rounded(.down) }),
        unary("ceil", .function("ceil"), .call("ceil"), { $0.rounded(.up) }),
        unary("trunc", .function("trunc"), .call("trunc"), { $0.rounded(.towardZero) }),
        unary("round", .function("round"), .call("round"), { $0.rounded(.toNearestOrAwayFromZero) }),
        unary("sign", .function("sign"), .call("sign"), { SpecialFunctions.sign($0) }),
        unary("sinh", .function("sinh"), .call("sinh"), { sinh($0) }),
        unary("cosh", .function("cosh"), .call("cosh"), { cosh($0) }),
        unary("tanh", .function("tanh"), .call("tanh"), { tanh($0) }),
        unary("sinh⁻¹", .function("sinh⁻¹"), .call("asinh"), { asinh($0) }),
        unary("cosh⁻¹", .function("cosh⁻¹"), .call("acosh"), { acosh($0) }) {
            $0 < 1 ? .outsideDomain("cosh⁻¹", domain: "[1, ∞)") : nil
        },
        unary("tanh⁻¹", .function("tanh⁻¹"), .call("atanh"), { atanh($0) }) {
            abs($0) >= 1 ? .outsideDomain("tanh⁻¹", domain: "(-1, 1)") : nil
        },
        unary("log₂", .function("log₂"), .call("log2"), { log2($0) }) { $0 <= 0 ? .logarithmOfNonPositive : nil },
        // Poles as tan has them: where the denominator is zero to 12 places, not only where a
        // Double happens to make it exactly 0 (sin(π) is 1.2e-16).
        unary("sec", .function("sec"), .call("sec"), { 1 / cos($0) }) { abs(cos($0)) < 1e-12 ? .pole("secant") : nil },
        unary("csc", .function("csc"), .call("csc"), { 1 / sin($0) }) { abs(sin($0)) < 1e-12 ? .pole("cosecant") : nil },
        unary("cot", .function("cot"), .call("cot"), { cos($0) / sin($0) }) {
            abs(sin($0)) < 1e-12 ? .pole("cotangent") : nil
        },
        unary("Γ", .function("Γ"), .call("gamma"), { SpecialFunctions.gamma($0) }) {
            SpecialFunctions.isGammaPole($0) ? .gammaOfNonPositiveInteger : nil
        },
        // x! is Γ(x + 1), so it is defined between the integers too.
        unary("x!", .postfix("!"), .suffix("!"), { SpecialFunctions.gamma($0 + 1) }) {
            SpecialFunctions.isGammaPole($0 + 1) ? .factorialOfNegativeInteger : nil
        },
        ("(", .openGroup),
        (")", .closeGroup),
        binary("×", "×", "*", precedence: 2, { $0 * $1 }),
        binary("÷", "÷", "/", precedence: 2, { $0 / $1 }) { $1 == 0 ? .divisionByZero : nil },
        binary("+", "+", "+", precedence: 1, { $0 + $1 }),
        binary("−", "−", "-", precedence: 1, { $0 - $1 }),
        // e ^ y is exp(y), as eˣ computes it: pow rounds its way there a few ulps apart, which
        // tan or sin of a large value magnifies, and `e^(y)` must read back as what it shows.
        binary("xʸ", "^", "^", precedence: 4, rightAssociative: true, { $0 == M_E ? exp($1) : pow($0, $1) }),
        call("mod", { SpecialFunctions.floorModulo($0, $1) }) { $1 == 0 ? .moduloByZero : nil },
        call("min", { min($0, $1) }),
        call("max", { max($0, $1) }),
        ("=", .equals),
    ]

    private static func unary(
        _ symbol: String, _ notation: UnaryOperation.Notation, _ infix: UnaryOperation.InfixForm,
        _ apply: @escaping @Sendable (Double) -> Double,
        check: (@Sendable (Double) -> CalculationError?)? = nil
    ) -> (symbol: String, operation: Operation) {
        (symbol, .unary(UnaryOperation(symbol: symbol, notation: notation, infix: infix, apply: apply, check: check)))
    }

    private static func binary(
        _ symbol: String, _ descriptionSymbol: String, _ infixSymbol: String, precedence: Int,
        rightAssociative: Bool = false,
        _ apply: @escaping @Sendable (Double, Double) -> Double,
        check: (@Sendable (Double, Double) -> CalculationError?)? = nil
    ) -> (symbol: String, operation: Operation) {
        (symbol, .binary(BinaryOperation(
            symbol: symbol, descriptionSymbol: descriptionSymbol, infixSymbol: infixSymbol,
            precedence: precedence, isCall: false, isRightAssociative: rightAssociative, apply: apply, check: check)))
    }

    /// A binary operation written as a call, `name(a, b)`, in descriptions and expressions alike.
    private static func call(
        _ name: String,
        _ apply: @escaping @Sendable (Double, Double) -> Double,
        check: (@Sendable (Double, Double) -> CalculationError?)? = nil
    ) -> (symbol: String, operation: Operation) {
        (name, .binary(BinaryOperation(
            symbol: name, descriptionSymbol: name, infixSymbol: name, precedence: ExpressionTree.atomicLevel,
            isCall: true, isRightAssociative: false, apply: apply, check: check)))
    }
}
