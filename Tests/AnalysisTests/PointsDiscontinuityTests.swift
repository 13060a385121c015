import Foundation
import Analysis
import Raster
import TestSupport
import Testing

/// Poles, jumps and endless oscillation: never reported as roots, extrema or intersections.
@Suite("Points of interest: poles, jumps, oscillation")
struct PointsDiscontinuityTests {
    /// tan as the calculator computes it: undefined where cos is 0 to 12 places.
    static let tangent: @Sendable (Double) -> Double? = { abs(cos($0)) < 1e-12 ? nil : tan($0) }
    static let secant: @Sendable (Double) -> Double? = { abs(cos($0)) < 1e-12 ? nil : 1 / cos($0) }

    static func points(_ f: @escaping (Double) -> Double?, over range: ClosedRange<Double>) -> CurvePoints {
        PointsOfInterest.find(in: [f], over: range).curves[0]
    }

    /// π/2 + kπ inside (−10, 10).
    static let oddHalfPis = (-3...2).map { Double.pi / 2 + Double($0) * .pi }

    @Test("tan on [−10, 10]: poles at π/2 + kπ, roots at kπ only, no extrema")
    func tangentPoles() {
        let curve = Self.points(Self.tangent, over: -10...10)
        #expect(curve.poles.count == Self.oddHalfPis.count)
        for (pole, exact) in zip(curve.poles, Self.oddHalfPis) { #expect(abs(pole - exact) < 1e-9, "\(pole)") }
        let roots = (-3...3).map { Double($0) * .pi }
        #expect(curve.roots.count == roots.count)
        for (root, exact) in zip(curve.roots, roots) { #expect(abs(root - exact) < 1e-14 * max(abs(exact), 1)) }
        #expect(curve.maxima.isEmpty && curve.minima.isEmpty && curve.jumps.isEmpty)
    }

    @Test("sec on [−10, 10]: the same poles, minima 1 at 2kπ, maxima −1 at (2k + 1)π, no roots")
    func secantPoles() {
        let curve = Self.points(Self.secant, over: -10...10)
        #expect(curve.poles.count == Self.oddHalfPis.count)
        for (pole, exact) in zip(curve.poles, Self.oddHalfPis) { #expect(abs(pole - exact) < 1e-9) }
        #expect(curve.roots.isEmpty)
        #expect(curve.minima.map { ($0.x / (2 * .pi)).rounded() * 2 * .pi } == [-2 * .pi, 0, 2 * .pi])
        #expect(curve.minima.allSatisfy { abs($0.y - 1) < 1e-15 })
        let nearestOddPis = curve.maxima.map { ($0.x / .pi).rounded() }
        #expect(nearestOddPis == [-3, -1, 1, 3])
        for (point, k) in zip(curve.maxima, nearestOddPis) {
            #expect(abs(point.y + 1) < 1e-15 && abs(point.x - k * .pi) < 1e-7)
        }
    }

    @Test("1/x changes sign across its pole at 0: a pole, no root; 1/x² a pole, no extremum")
    func reciprocal() {
        let odd = Self.points({ 1 / $0 }, over: -1...2)
        #expect(odd.poles == [0] && odd.roots.isEmpty && odd.maxima.isEmpty && odd.minima.isEmpty && odd.jumps.isEmpty)
        let even = Self.points({ 1 / ($0 * $0) }, over: -1.3...2)
        #expect(even.poles == [0] && even.roots.isEmpty && even.maxima.isEmpty && even.minima.isEmpty)
        let shifted = Self.points({ 1 / ($0 - 1) }, over: -3...3)
        #expect(shifted.poles == [1] && shifted.roots.isEmpty)
    }

    @Test("ln x has a pole at the edge of its domain, 0, and a root at 1")
    func logarithm() {
        let curve = Self.points({ TestFunction.defined(log($0)) }, over: -2...3)
        #expect(curve.poles == [0] && curve.roots == [1] && curve.minima.isEmpty)
    }

    @Test("floor jumps at each integer inside the range; no roots, extrema or poles")
    func floorJumps() {
        let curve = Self.points({ floor($0) }, over: -10...10)
        #expect(curve.jumps == (-9...9).map(Double.init))
        #expect(curve.roots.isEmpty && curve.maxima.isEmpty && curve.minima.isEmpty && curve.poles.isEmpty)
    }

    @Test("floor(x) − 0.5 changes sign at its jump at 0: a jump, not a root; x − floor(x) has no maxima at its jumps")
    func jumpsAcrossZero() {
        let step = Self.points({ floor($0) - 0.5 }, over: -2.5...2.5)
        #expect(step.jumps == [-2, -1, 0, 1, 2] && step.roots.isEmpty)
        let saw = Self.points({ $0 - floor($0) }, over: -2.5...2.5)
        #expect(saw.jumps == [-2, -1, 0, 1, 2] && saw.maxima.isEmpty && saw.minima.isEmpty)
        // y = 0 at each integer, but only as the foot of a jump: a jump, never a root.
        #expect(saw.roots.isEmpty)
    }

    @Test("sin(1/x) on [−1, 1]: cut quickly, every root on the curve, near 0 left out")
    func endlessOscillation() {
        let curve = Self.points({ TestFunction.defined(sin(1 / $0)) }, over: -1...1)
        #expect(curve.isTruncated)
        #expect(curve.evaluations <= PointsOfInterest.samples * PointsOfInterest.evaluationsPerSample)
        #expect(curve.roots.count > 20)
        for root in curve.roots {
            // Each root is 1/(kπ) for a whole k, to the last few digits.
            let k = (1 / (root * .pi)).rounded()
            #expect(abs(root - 1 / (k * .pi)) <= 1e-14 * abs(root), "\(root)")
        }
        #expect(curve.poles.isEmpty && curve.jumps.isEmpty)
    }

    @Test("a work budget bounds the evaluations whatever the function")
    func budget() {
        let budget = WorkBudget(units: 20_000)
        let found = PointsOfInterest.find(in: [{ TestFunction.defined(sin(1 / $0)) }], over: -1...1, budget: budget)
        #expect(found.curves[0].evaluations <= 20_000 + 1200)
        #expect(found.curves[0].isTruncated)
    }
}

@Suite("Points of interest: zeros that are not roots")
struct IsolatedZeroTests {
    @Test("a zero sampled between values that stay away from it is no root; a sampled crossing is")
    func isolatedZero() {
        // Over [−1, 1] with 4096 samples, x = 0 is not a sample; over [−2047, 2048] every integer is.
        let spike: (Double) -> Double? = { $0 == 0 ? 0 : 1 + $0 * $0 }
        let found = PointsOfInterest.find(in: [spike, { $0 * $0 * $0 }], over: -2047...2048)
        #expect(found.curves[0].roots.isEmpty)
        #expect(found.curves[1].roots == [0])
    }

    /// x^x as the calculator computes it (`pow`): defined for x < 0 at the integers only.
    static let selfPower: @Sendable (Double) -> Double? = { x in
        let y = pow(x, x)
        return y.isFinite ? y : nil
    }

    @Test("x^x has no root: (−n)^(−n) = ±1/nⁿ is never 0, though it underflows to 0 past n = 143",
          arguments: [-1000.0...1000.0, -300.0...(-100.0), -106829.0...10.0, -106829.0...106829.0])
    func underflowIsNoRoot(range: ClosedRange<Double>) {
        #expect(Self.selfPower(-200) == 0, "the premise: pow underflows at -200")
        #expect(PointsOfInterest.find(in: [Self.selfPower], over: range).curves[0].roots.isEmpty)
    }

    @Test("a point of the domain alone whose 0 is exact is a root: √(−x²) at 0, 0 at the integers")
    func exactZeroAloneIsRoot() {
        // A sample between two undefined ones (every integer is a sample over [−2047, 2048]).
        let origin = PointsOfInterest.find(in: [{ x in let y = (-x * x).squareRoot(); return y.isNaN ? nil : y }], over: -2047...2048)
        #expect(origin.curves[0].roots == [0])
        // Over [−300, −100], the first sample, −300, is defined alone, as x^x's domain is there: a domain edge.
        let integers = PointsOfInterest.find(in: [{ x in x.rounded() == x ? 0 : nil }], over: -300...(-100))
        #expect(integers.curves[0].roots.contains(-300))
    }
}
