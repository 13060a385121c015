/// A reason a calculation has no finite result.
package enum CalculationError: Error, Equatable, Sendable, CustomStringConvertible {
    case divisionByZero
    case squareRootOfNegative
    case logarithmOfNonPositive
    /// An operand outside a function's domain: the function's symbol and the domain, such as `[-1, 1]`.
    case outsideDomain(String, domain: String)
    case reciprocalOfZero
    case tangentPole
    /// A pole of sec, csc or cot, named as the function (`"cotangent"`), like the tangent's.
    case pole(String)
    /// Γ at 0, -1, -2, …
    case gammaOfNonPositiveInteger
    /// `x!` at -1, -2, …
    case factorialOfNegativeInteger
    /// `mod(a, 0)`.
    case moduloByZero
    case overflow
    case notANumber
    case unknownOperation(String)

    /// The short message a display shows, such as "Error: division by zero".
    package var message: String {
        switch self {
        case .divisionByZero: "Error: division by zero"
        case .squareRootOfNegative: "Error: square root of a negative number"
        case .logarithmOfNonPositive: "Error: logarithm of a non-positive number"
        case .outsideDomain(let symbol, let domain): "Error: \(symbol) outside \(domain)"
        case .reciprocalOfZero: "Error: reciprocal of zero"
        case .tangentPole: "Error: tangent undefined"
        case .pole(let name): "Error: \(name) undefined"
        case .gammaOfNonPositiveInteger: "Error: Γ of a non-positive integer"
        case .factorialOfNegativeInteger: "Error: factorial of a negative integer"
        case .moduloByZero: "Error: mod by zero"
        case .overflow: "Error: overflow"
        case .notANumber: "Error: not a number"
        case .unknownOperation(let symbol): "Error: unknown operation \(VisibleText.quoted(symbol))"
        }
    }

    package var description: String { message }

    /// The error for a value that is not finite: overflow for ±∞, otherwise not a number.
    static func nonFinite(_ value: Double) -> CalculationError {
        value.isInfinite ? .overflow : .notANumber
    }
}
