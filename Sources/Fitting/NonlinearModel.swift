#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A model of y in x with parameters it need not be linear in, fitted by Levenberg–Marquardt.
package struct NonlinearModel: Sendable {
    /// The model's value at x for parameter values, in the order of `parameters`.
    package typealias Function = @Sendable (_ x: Double, _ values: UnsafeBufferPointer<Double>) -> Double

    /// The parameters' names.
    package let parameters: [String]
    /// The model's value at x.
    package let function: Function
    /// Starting values for these points, or nil when the model has no guess for them.
    package let start: @Sendable (FitSample) -> [Double]?
    /// The parameter values in y's and x's units from those fitted to x / xScale and y / yScale
    /// (both powers of two), when the model knows how its parameters scale; then the data are
    /// fitted in units where neither exceeds 2 in magnitude.
    package let unscale: (@Sendable (_ values: [Double], _ xScale: Double, _ yScale: Double) -> [Double])?
    /// The one set of values of the curve's equivalent ones that a fit reports (a sine's phase
    /// within (−π, π], its amplitude and frequency positive).
    package let canonical: @Sendable ([Double]) -> [Double]

    package init(parameters: [String], function: @escaping Function,
                 start: @escaping @Sendable (FitSample) -> [Double]?,
                 unscale: (@Sendable ([Double], Double, Double) -> [Double])? = nil,
                 canonical: @escaping @Sendable ([Double]) -> [Double] = { $0 }) {
        self.parameters = parameters
        self.function = function
        self.start = start
        self.unscale = unscale
        self.canonical = canonical
    }

    /// The model's value at `x` for parameter values `values`.
    package func value(at x: Double, _ values: [Double]) -> Double {
        values.withUnsafeBufferPointer { function(x, $0) }
    }

    /// `y ~ a exp(b x)`, started from a straight line fitted to log |y|.
    package static let exponential = NonlinearModel(
        parameters: ["a", "b"],
        function: { x, p in p[0] * exp(p[1] * x) },
        start: StartingValues.exponential,
        unscale: { p, xScale, yScale in [p[0] * yScale, p[1] / xScale] })

    /// `y ~ a sin(b x + c) + d`, started from the dominant frequency of a coarse periodogram
    /// and the amplitude and offset the data's range gives; reported with a, b > 0 and c in (−π, π].
    package static let sine = NonlinearModel(
        parameters: ["a", "b", "c", "d"],
        function: { x, p in p[0] * sin(p[1] * x + p[2]) + p[3] },
        start: StartingValues.sine,
        unscale: { p, xScale, yScale in [p[0] * yScale, p[1] / xScale, p[2], p[3] * yScale] },
        canonical: canonicalSine)

    /// `y ~ a / (1 + exp(-b (x - c)))`, started from the data's range and midpoint.
    package static let logistic = NonlinearModel(
        parameters: ["a", "b", "c"],
        function: { x, p in p[0] / (1 + exp(-p[1] * (x - p[2]))) },
        start: StartingValues.logistic,
        unscale: { p, xScale, yScale in [p[0] * yScale, p[1] / xScale, p[2] * xScale] })

    /// a sin(b x + c) + d with b > 0, a > 0 and c in (−π, π], the same curve.
    package static func canonicalSine(_ p: [Double]) -> [Double] {
        var (a, b, c) = (p[0], p[1], p[2])
        if b < 0 { (a, b, c) = (-a, -b, -c) }     // a sin(bx + c) = −a sin(−bx − c)
        if a < 0 { (a, c) = (-a, c + .pi) }       // −a sin(θ) = a sin(θ + π)
        c = remainder(c, 2 * .pi)
        if c <= -.pi { c += 2 * .pi }
        return [a, b, c, p[3]]
    }
}
