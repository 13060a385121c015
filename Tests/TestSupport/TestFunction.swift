import Foundation

/// A named y(x) for parameterized tests (shown by its name, as its description).
package struct TestFunction: Sendable, CustomStringConvertible {
    package let name: String
    package let function: @Sendable (Double) -> Double?

    package init(_ name: String, _ function: @escaping @Sendable (Double) -> Double?) {
        self.name = name
        self.function = function
    }

    package var description: String { name }

    /// Undefined where the real function is undefined (NaN), like the calculator's evaluator.
    package static func defined(_ value: Double) -> Double? { value.isNaN ? nil : value }

    package static let sine = TestFunction("sin(x)") { sin($0) }
    package static let square = TestFunction("x^2") { $0 * $0 }
    package static let tangent = TestFunction("tan(x)") { tan($0) }
    package static let reciprocal = TestFunction("1/x") { 1 / $0 }
    package static let sineOfReciprocal = TestFunction("sin(1/x)") { defined(sin(1 / $0)) }
    package static let squareRoot = TestFunction("sqrt(x)") { defined(sqrt($0)) }
    package static let floor = TestFunction("floor(x)") { Foundation.floor($0) }
    package static let logarithm = TestFunction("log(x)") { defined(log($0)) }
    package static let selfPower = TestFunction("x^x") { defined(pow($0, $0)) }
    package static let ninthPower = TestFunction("x^9") { pow($0, 9) }
    package static let xSine = TestFunction("sin(x)*x") { sin($0) * $0 }
}

extension TestFunction {
    package static let shifted = TestFunction("x + 2.4") { $0 + 2.4 }
    /// A jump written in the calculator's own language (it has no floor): -1 left of 0, 1 right of it.
    package static let sign = TestFunction("x/abs(x)") { defined($0 / abs($0)) }
    /// A pole away from the origin.
    package static let shiftedReciprocal = TestFunction("1/(x-1)") { 1 / ($0 - 1) }
    /// Extrema at x = ±4, y = ∓128: far outside a -4…4 view, so only the steep middle shows.
    package static let cubic = TestFunction("x^3-48x") { $0 * $0 * $0 - 48 * $0 }
}

/// The calculator's functions with jumps and poles (issue 12), written with Foundation.
extension TestFunction {
    /// Halves away from zero: jumps at every n + 0.5.
    package static let round = TestFunction("round(x)") { Foundation.round($0) }
    /// The sign of the divisor, as the calculator's `mod`: a saw from 0 up to 2, jumping back at even x.
    package static let modulo = TestFunction("mod(x, 2)") { x in
        let r = fmod(x, 2)
        return r < 0 ? r + 2 : r
    }
    /// Poles at 0, -1, -2, … where tgamma is ±∞ or NaN.
    package static let gamma = TestFunction("gamma(x)") { x in
        let y = tgamma(x)
        return y.isFinite ? y : nil
    }
    /// Undefined where sin is zero to 12 places, as the calculator's cot (and tan at its poles).
    package static let cotangent = TestFunction("cot(x)") { abs(sin($0)) < 1e-12 ? nil : cos($0) / sin($0) }
}
