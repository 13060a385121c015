#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A model linear in its parameters: y ≈ p₁ g₁(x) + p₂ g₂(x) + … for basis functions gᵢ.
package struct LinearModel: Sendable {
    /// The parameters' names, one for each basis function.
    package let parameters: [String]
    /// The basis functions, in the order of `parameters`.
    package let basis: [@Sendable (Double) -> Double]

    package init(parameters: [String], basis: [@Sendable (Double) -> Double]) {
        precondition(parameters.count == basis.count && !basis.isEmpty, "one basis function for each parameter")
        self.parameters = parameters
        self.basis = basis
    }

    /// `y ~ a x + b`.
    package static let line = LinearModel(parameters: ["a", "b"], basis: [{ $0 }, { _ in 1 }])

    /// `y ~ a x^2 + b x + c`.
    package static let quadratic = polynomial(degree: 2)

    /// `y ~ a x^degree + … + (the last letter) x⁰`, parameters named from a.
    package static func polynomial(degree: Int) -> LinearModel {
        precondition((0..<26).contains(degree), "a degree from 0 to 25")
        let names = (0...degree).map { String(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))) }
        let basis: [@Sendable (Double) -> Double] = (0...degree).map { index in
            let power = degree - index
            return { x in power == 0 ? 1 : power == 1 ? x : power == 2 ? x * x : pow(x, Double(power)) }
        }
        return LinearModel(parameters: names, basis: basis)
    }

    /// The model's value at `x` for parameter values `values`.
    package func value(at x: Double, _ values: [Double]) -> Double {
        zip(values, basis).reduce(0) { $0 + $1.0 * $1.1(x) }
    }
}
