import Foundation
import Raster
import Testing

/// Improper integrals against closed forms.
@Suite("Improper areas")
struct ImproperAreaTests {
    /// f as a compiled program gives it: nil where it is not a finite number.
    static func finite(_ f: @escaping @Sendable (Double) -> Double) -> @Sendable (Double) -> Double? {
        { x in
            let y = f(x)
            return y.isFinite ? y : nil
        }
    }

    static let convergent: [(name: String, f: @Sendable (Double) -> Double?, from: Double, to: Double, area: Double)] = [
        ("1/√(1 − x)", finite { 1 / (1 - $0).squareRoot() }, 0, 1, 2),
        ("1/√(1 − x²)", finite { 1 / (1 - $0 * $0).squareRoot() }, -1, 1, Double.pi),
        ("1/√(x(1 − x))", finite { 1 / ($0 * (1 - $0)).squareRoot() }, 0, 1, Double.pi),
        ("1/√(1 − x) reversed", finite { 1 / (1 - $0).squareRoot() }, 1, 0, -2),
        ("x^−0.999", finite { pow($0, -0.999) }, 0, 1, 1000),
        ("1/(x ln²x)", finite { 1 / ($0 * log($0) * log($0)) }, 0, 0.5, 1 / log(2.0)),
        ("1/(x − 3)^(2/3) near 3", finite { 1 / cbrt(($0 - 3) * ($0 - 3)) }, 3, 4, 3),
    ]

    @Test("a convergent improper integral has its value, to 1e-9 relative, wherever its end pole is and however strong",
          arguments: convergent.indices)
    func convergentEnds(_ index: Int) {
        let example = Self.convergent[index]
        let area = Area.of(example.f, from: example.from, to: example.to)
        #expect(area.value.map { abs($0 - example.area) <= 1e-9 * abs(example.area) } == true, "\(example.name): \(area)")
    }

    static let divergent: [(name: String, f: @Sendable (Double) -> Double?, from: Double, to: Double)] = [
        ("1/x", finite { 1 / $0 }, 0, 1), ("1/(1 − x)", finite { 1 / (1 - $0) }, 0, 1),
        ("x^−1.001", finite { pow($0, -1.001) }, 0, 1), ("1/(x |ln x|)", finite { -1 / ($0 * log($0)) }, 0, 0.5),
        ("1/(1 − x²)", finite { 1 / (1 - $0 * $0) }, -1, 1),
    ]

    @Test("a divergent one is still called divergent", arguments: divergent.indices)
    func divergentEnds(_ index: Int) {
        let example = Self.divergent[index]
        let area = Area.of(example.f, from: example.from, to: example.to)
        #expect(area.value == nil && area.reason?.hasPrefix("the integral does not converge") == true, "\(example.name): \(area)")
    }
}
