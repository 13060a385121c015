import Foundation
import Analysis
import Raster
import Testing

/// Curves whose evaluation cancels: their rounding noise, far more than a few units in the last
/// place of their values, is neither a jump nor a lost extremum (issue 49).
///
/// The polynomials are evaluated as gcview evaluates them typed out: each term a power times its
/// coefficient, added from the left.
@Suite("Rounding noise of a cancelling evaluation is no jump, and hides no extremum")
struct EvaluationNoiseTests {
    /// Σ cₖ x^(n − k), in that order, with the powers from `pow`.
    static func expanded(_ coefficients: [Double]) -> (Double) -> Double? {
        { x in
            var sum = 0.0
            for (k, c) in coefficients.enumerated() { sum += c * pow(x, Double(coefficients.count - 1 - k)) }
            return sum.isFinite ? sum : nil
        }
    }

    /// (x − 1)¹⁰ expanded: the binomial coefficients, alternating.
    static let binomial: [Double] = [1, -10, 45, -120, 210, -252, 210, -120, 45, -10, 1]
    /// W₁₀ = (x − 1)(x − 2)…(x − 10) expanded (its coefficients by exact integer arithmetic).
    static let wilkinson: [Double] = [1, -55, 1320, -18150, 157773, -902055, 3416930, -8409500, 12753576,
                                      -10628640, 3628800]

    @Test("The expanded (x − 1)¹⁰ over [0, 2]: no jump, no pole, no cut list; its root and minimum at 1, said as noise")
    func expandedTenthPower() {
        let curve = PointsOfInterest.find(in: [Self.expanded(Self.binomial)], over: 0...2).curves[0]
        #expect(curve.jumps.isEmpty, "\(curve.jumps)")
        #expect(curve.poles.isEmpty, "\(curve.poles)")
        #expect(curve.maxima.isEmpty && curve.minima == [GraphPoint(x: 1, y: 0)], "\(curve.maxima) \(curve.minima)")
        #expect(curve.roots == [1], "\(curve.roots)")
        #expect(!curve.isTruncated)
        #expect(curve.noiseFloors.count == 1 && curve.noiseFloors.allSatisfy { $0.contains(1) && $0.upperBound - $0.lowerBound < 0.2 },
                "\(curve.noiseFloors)")
    }

    /// (x − p/10)ⁿ expanded, x^(n−k)'s coefficient C(n, k)·(−p)^k / 10^k rounded once, as the
    /// decimal typed out is read.
    static func shifted(tenths p: Int, power n: Int) -> [Double] {
        (0...n).map { k in
            var binomial = 1
            for j in 0..<k { binomial = binomial * (n - j) / (j + 1) }
            var numerator = binomial
            for _ in 0..<k { numerator *= -p }
            return Double(numerator) / pow(10, Double(k))
        }
    }

    @Test("A many-fold root of an expanded power, in views that place it anywhere among the samples: the root itself, an even power's minimum there at 0",
          arguments: [(10, 10), (13, 10), (7, 9), (20, 8), (13, 9), (5, 12)], [(-1.0, 4.0), (0.0, 3.0), (0.45, 2.55)])
    func manyFoldRoots(_ root: (tenths: Int, power: Int), _ view: (Double, Double)) {
        let truth = Double(root.tenths) / 10
        let curve = PointsOfInterest.find(in: [Self.expanded(Self.shifted(tenths: root.tenths, power: root.power))],
                                          over: view.0...view.1).curves[0]
        #expect(curve.noiseFloors.count == 1 && curve.noiseFloors.allSatisfy { $0.contains(truth) }, "\(curve.noiseFloors)")
        // A stretch of noise that the view's end cuts has no middle in view: it alone is said.
        if curve.noiseFloors.first?.lowerBound == view.0 {
            #expect(curve.roots.isEmpty && curve.minima.isEmpty && !curve.isTruncated, "\(curve.roots) \(curve.minima)")
            return
        }
        #expect(curve.roots == [truth], "\(curve.roots)")
        #expect(!curve.isTruncated && curve.jumps.isEmpty && curve.poles.isEmpty && curve.maxima.isEmpty)
        #expect(curve.minima == (root.power % 2 == 0 ? [GraphPoint(x: truth, y: 0)] : []), "\(curve.minima)")
    }

    /// The 9 extrema of W₁₀, the zeros of W₁₀′: computed with mpmath 1.3.0 at 50 digits
    /// (`polyroots` of the derivative's integer coefficients), and symmetric about 5.5
    /// (W₁₀(11 − x) = W₁₀(x)), which the literals keep: each pair adds up to 11.
    static let turns: [Double] = [1.2924545660595924452, 2.3611406497921541756, 3.4125677849749191266,
                                  4.4575269074861011572, 5.5, 6.5424730925138988428, 7.5874322150250808734,
                                  8.6388593502078458244, 9.7075454339404075548]
    /// W₁₀ at each of them, likewise.
    static let heights: [Double] = [-42900.919951006759076, 6555.8993779696347994, -2054.886581902860838,
                                    1075.1071549399851145, -872.0947265625, 1075.1071549399851145,
                                    -2054.886581902860838, 6555.8993779696347994, -42900.919951006759076]

    @Test("The expanded W₁₀ over [0.5, 10.5]: all 9 extrema, each x its truth rounded to its own digits")
    func wilkinsonExtrema() throws {
        let curve = PointsOfInterest.find(in: [Self.expanded(Self.wilkinson)], over: 0.5...10.5).curves[0]
        let found = (curve.minima.map { ($0, false) } + curve.maxima.map { ($0, true) }).sorted { $0.0.x < $1.0.x }
        try #require(found.count == 9, "minima \(curve.minima), maxima \(curve.maxima)")
        for (index, (point, isMaximum)) in found.enumerated() {
            #expect(isMaximum == (index % 2 == 1), "\(point)")
            // Its digits are as many as the noise (10⁻⁵ near 9.7) leaves it: the last within one of the truth's.
            let truth = Self.turns[index], text = "\(point.x)"
            let decimals = text.contains("e") ? 17 : (text.split(separator: ".").dropFirst().first?.count ?? 0)
            #expect(abs(point.x - truth) <= min(pow(10, -Double(decimals)) * 1.0001, 1e-4), "\(point.x) is not \(truth) rounded")
            #expect(abs(point.y - Self.heights[index]) <= 1e-6 * abs(Self.heights[index]), "\(point) against \(Self.heights[index])")
        }
    }

    @Test("A jump is still a jump where the curve has no noise to speak of: floor(x), sign(x − 0.3) + x")
    func realJumpsStay() {
        let floor = PointsOfInterest.find(in: [{ x in Foundation.floor(x) }], over: -2.5...2.5).curves[0]
        #expect(floor.jumps == [-2, -1, 0, 1, 2], "\(floor.jumps)")
        let step = PointsOfInterest.find(in: [{ x in (x < 0.3 ? -1 : 1) + x * x * x }], over: -2...2).curves[0]
        #expect(step.jumps == [0.3], "\(step.jumps)")
    }
}
