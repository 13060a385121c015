/// One entry of the symbol table: what a key or program step does.
///
/// `openGroup` and `closeGroup` are the `(` and `)` steps: they let a program
/// group a right operand (`2 + (3 × 4)`) although the brain otherwise works
/// CS193p-style, left to right with one pending binary operation.
enum Operation: Sendable {
    case constant(Double)
    case nullary(@Sendable () -> Double)
    case unary(UnaryOperation)
    case binary(BinaryOperation)
    case equals
    case openGroup
    case closeGroup

    /// The public kind of this operation.
    var kind: OperationKind {
        switch self {
        case .constant: .constant
        case .nullary: .nullary
        case .unary: .unary
        case .binary: .binary
        case .equals: .equals
        case .openGroup: .openGroup
        case .closeGroup: .closeGroup
        }
    }
}

/// A function of one operand, with how it prints.
struct UnaryOperation: Sendable {
    /// How a unary operation wraps its operand in a description (Unicode, CS193p style).
    enum Notation: Sendable {
        /// `√(x)`, `sin(x)`, `e^(x)`: the prefix then the operand in parentheses.
        case function(String)
        /// `(x)²`: the operand in parentheses then the suffix.
        case postfix(String)
        /// `|x|`: the operand between two bars.
        case enclosed(String)
    }

    /// How a unary operation prints in an ASCII infix expression the parser reads back.
    enum InfixForm: Sendable {
        /// `sqrt(x)`.
        case call(String)
        /// `x^2`, `x^-1`: the operand raised to a fixed exponent.
        case raised(String)
        /// `10^x`: a fixed base raised to the operand.
        case base(String)
        /// `x!`: the operand, parenthesized unless it is atomic, then a suffix.
        case suffix(String)
        /// `-x`.
        case negation
    }

    let symbol: String
    let notation: Notation
    let infix: InfixForm
    let apply: @Sendable (Double) -> Double
    /// A domain check run before `apply`; nil when every finite operand is allowed.
    let check: (@Sendable (Double) -> CalculationError?)?

}

/// A function of two operands, with its precedence for printing and parsing.
///
/// Most print between their operands (`7 + 9`); `mod`, `min` and `max` print as calls,
/// `mod(7, 9)`, in descriptions and infix expressions alike, and bind like atoms.
struct BinaryOperation: Sendable {
    let symbol: String
    /// The operator shown in descriptions, such as `×` or `^`, or the function's name.
    let descriptionSymbol: String
    /// The ASCII operator used by infix expressions, such as `*` or `^`, or the function's name.
    let infixSymbol: String
    /// 1 for `+ −`, 2 for `× ÷`, 4 for `^` (3 is unary minus), 5 for calls.
    let precedence: Int
    /// Whether it prints as a call, `name(a, b)`, rather than `a op b`.
    let isCall: Bool
    let isRightAssociative: Bool
    let apply: @Sendable (Double, Double) -> Double
    /// A domain check run before `apply`; nil when every pair of finite operands is allowed.
    let check: (@Sendable (Double, Double) -> CalculationError?)?
}
