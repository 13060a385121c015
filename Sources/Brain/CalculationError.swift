/// A reason a calculation has no finite result.
public enum CalculationError: Error, Equatable, Sendable, CustomStringConvertible {
    case divisionByZero
    case squareRootOfNegative
    case logarithmOfNonPositive
    case outsideDomain(String)
    case reciprocalOfZero
    case tangentPole
    case overflow
    case notANumber
    case unknownOperation(String)

    /// The short message a display shows, such as "Error: division by zero".
    public var message: String {
        switch self {
        case .divisionByZero: "Error: division by zero"
        case .squareRootOfNegative: "Error: square root of a negative number"
        case .logarithmOfNonPositive: "Error: logarithm of a non-positive number"
        case .outsideDomain(let symbol): "Error: \(symbol) outside [-1, 1]"
        case .reciprocalOfZero: "Error: reciprocal of zero"
        case .tangentPole: "Error: tangent undefined"
        case .overflow: "Error: overflow"
        case .notANumber: "Error: not a number"
        case .unknownOperation(let symbol): "Error: unknown operation \(VisibleText.quoted(symbol))"
        }
    }

    public var description: String { message }

    /// The error for a value that is not finite: overflow for ±∞, otherwise not a number.
    static func nonFinite(_ value: Double) -> CalculationError {
        value.isInfinite ? .overflow : .notANumber
    }
}
