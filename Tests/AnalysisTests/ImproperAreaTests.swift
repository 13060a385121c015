import Foundation
import Analysis
import Raster
import Testing

/// Improper integrals, and integrands that overflow inside their computation, against closed
/// forms (2 Si(10⁴) to 50 digits by mpmath).
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

    /// x² as a compiled program computes it: nil where it overflows.
    static func square(_ x: Double) -> Double? { (x * x).isFinite ? x * x : nil }
    static func squareOverflows(_ x: Double) -> Bool { (x * x).isInfinite }

    @Test("an integrand that overflows inside its computation far out, where its tail is negligible, has its area: ∫₁^1e300 1/x² = 1, e^(−x²) and 1/(1 + x²) over ±1e300 are √π and π")
    func overflowInside() {
        let reciprocal = Area.of({ Self.square($0).map { 1 / $0 } }, from: 1, to: 1e300, overflows: Self.squareOverflows)
        #expect(reciprocal.value.map { abs($0 - 1) <= 1e-10 } == true, "\(reciprocal)")
        let bell = Area.of({ Self.square($0).map { exp(-$0) } }, from: -1e300, to: 1e300, overflows: Self.squareOverflows)
        #expect(bell.value.map { abs($0 - Double.pi.squareRoot()) <= 1e-10 } == true, "\(bell)")
        let witch = Area.of({ Self.square($0).map { 1 / (1 + $0) } }, from: -1e300, to: 1e300, overflows: Self.squareOverflows)
        #expect(witch.value.map { abs($0 - Double.pi) <= 1e-10 } == true, "\(witch)")
        // x²/x² is 1 out to 1e300, which the overflow hides: no value rather than a false one.
        let one = Area.of({ Self.square($0).map { $0 / $0 } }, from: 1, to: 1e300, overflows: Self.squareOverflows)
        #expect(one.value == nil || one.value.map { abs($0 - 1e300) <= 1e290 } == true, "\(one)")
        // Without being told that it overflows, undefined is undefined.
        let gap = Area.of({ Self.square($0).map { 1 / $0 } }, from: 1, to: 1e300)
        #expect(gap.value == nil, "\(gap)")
    }

    @Test("∫ sin(x)/x over ±10⁴ is 2 Si(10⁴) = 3.14178309077192, though the samples do not resolve it")
    func fastOscillation() {
        let area = Area.of(Self.finite { sin($0) / $0 }, from: -1e4, to: 1e4)
        #expect(area.value.map { abs($0 - 3.1417830907719238) <= 1e-10 } == true, "\(area)")
        // A pole among unresolved samples still has no area.
        let tangent = Area.of(Self.finite { abs(cos($0)) < 1e-12 ? .nan : tan($0) }, from: 0, to: 1e4)
        #expect(tangent.value == nil, "\(tangent)")
    }
}
