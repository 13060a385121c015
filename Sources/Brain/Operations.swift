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
/// `7 ÷ 9` and `2 ^ 3` (for `xʸ`). Parentheses entered with `(` `)` stay.
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

    /// Unary operations by the ASCII function name the parser accepts (`sqrt`, `asin`, …).
    static let functionNames: [String: UnaryOperation] = Dictionary(
        entries.compactMap { entry -> (String, UnaryOperation)? in
            guard case .unary(let op) = entry.operation, case .call(let name) = op.infix else { return nil }
            return (name, op)
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
        unary("∛", .function("∛"), .call("cbrt"), { cbrt($0) }),
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
        unary("sin⁻¹", .function("sin⁻¹"), .call("asin"), { asin($0) }) { abs($0) > 1 ? .outsideDomain("sin⁻¹") : nil },
        unary("cos⁻¹", .function("cos⁻¹"), .call("acos"), { acos($0) }) { abs($0) > 1 ? .outsideDomain("cos⁻¹") : nil },
        unary("tan⁻¹", .function("tan⁻¹"), .call("atan"), { atan($0) }),
        unary("±", .function("-"), .negation, { -$0 }),
        unary("|x|", .enclosed("|"), .call("abs"), { abs($0) }),
        ("(", .openGroup),
        (")", .closeGroup),
        binary("×", "×", "*", precedence: 2, { $0 * $1 }),
        binary("÷", "÷", "/", precedence: 2, { $0 / $1 }) { $1 == 0 ? .divisionByZero : nil },
        binary("+", "+", "+", precedence: 1, { $0 + $1 }),
        binary("−", "−", "-", precedence: 1, { $0 - $1 }),
        // e ^ y is exp(y), as eˣ computes it: pow rounds its way there a few ulps apart, which
        // tan or sin of a large value magnifies, and `e^(y)` must read back as what it shows.
        binary("xʸ", "^", "^", precedence: 4, rightAssociative: true, { $0 == M_E ? exp($1) : pow($0, $1) }),
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
            precedence: precedence, isRightAssociative: rightAssociative, apply: apply, check: check)))
    }
}
