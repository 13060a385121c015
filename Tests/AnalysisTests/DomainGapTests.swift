import Foundation
import Analysis
import Raster
import TestSupport
import Testing

/// Gaps in the domain narrower than the samples' spacing, and the rounding noise of a flat
/// asymptote: each edge of a gap is what a domain's edge is (a root, a pole or nothing), never a
/// jump in the middle of the gap; a change of a unit or two in the last place is no jump and makes
/// no extremum. Every answer is checked against a closed form.
@Suite("Points of interest: gaps in the domain, rounding noise")
struct DomainGapTests {
    static func points(_ f: @escaping (Double) -> Double?, over range: ClosedRange<Double>) -> CurvePoints {
        PointsOfInterest.find(in: [f], over: range).curves[0]
    }

    /// Whether `found` are `expected`, one for one in order, each within `tolerance`.
    static func areNear(_ found: [Double], _ expected: [Double], within tolerance: Double) -> Bool {
        found.count == expected.count && zip(found, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// √(x² − c²) with the sign of x, as the calculator computes it: undefined on (−c, c), and 0
    /// at its edges ±c, which are its only roots.
    static func signedRoot(_ c: Double) -> (Double) -> Double? {
        { x in
            let root = (x * x - c * c).squareRoot()
            return root.isNaN ? nil : x < 0 ? -root : root
        }
    }

    /// x/√(x² − c²): undefined on [−c, c], poles at ±c, no root, no extremum (it falls from +∞ to
    /// 1 beyond c, and rises from −∞ to −1 before −c).
    static func reciprocalRoot(_ c: Double) -> (Double) -> Double? {
        { x in
            let y = x / (x * x - c * c).squareRoot()
            return y.isFinite ? y : nil
        }
    }

    /// Ranges around the gap: the two of the report (the gap inside one sample interval, and
    /// samples inside the gap), and sixteen drawn at random, seeded, from a few units to ±10⁶ wide.
    static let ranges: [ClosedRange<Double>] = {
        var generator = SplitMix64(seed: 0x6A9)
        let drawn = (0..<16).map { _ -> ClosedRange<Double> in
            let reach = pow(10, Double.random(in: 0.5...6, using: &generator))
            return -reach * Double.random(in: 0.5...1, using: &generator)...reach * Double.random(in: 0.5...1, using: &generator)
        }
        return [-1000...1001, -100...100.3] + drawn
    }()

    @Test("sign(x)√(x² − c²): roots at ±c exactly, and no jump, pole or extremum, whatever the range",
          arguments: [0.1, 1.0 / 3, 0.25])
    func gapEdgesAreRoots(c: Double) {
        Self.expectEdges(of: Self.signedRoot(c), at: c, are: .roots)
    }

    @Test("sign(x)√(x² − 0.01) + 1: one root, at −√1.01; the gap's edges are no roots")
    func shiftedGapHasOneRoot() {
        for range in Self.ranges where range.lowerBound < -1.1 {
            let curve = Self.points({ Self.signedRoot(0.1)($0).map { $0 + 1 } }, over: range)
            #expect(curve.roots.count == 1 && abs((curve.roots.first ?? 0) + 1.01.squareRoot()) < 1e-12, "\(range): \(curve.roots)")
            #expect(curve.jumps.isEmpty && curve.poles.isEmpty, "\(range): jumps \(curve.jumps), poles \(curve.poles)")
        }
    }

    @Test("x/√(x² − c²): poles at both ±c, even 2c apart inside one sample interval; nothing else",
          arguments: [0.1, 1.0 / 3])
    func gapEdgesArePoles(c: Double) {
        Self.expectEdges(of: Self.reciprocalRoot(c), at: c, are: .poles)
    }

    enum EdgeKind { case roots, poles }

    /// Over every range of `ranges`: f's roots or poles (`kind`) are ±c and nothing else is found,
    /// no jump, no extremum, nor the other kind.
    static func expectEdges(of f: @escaping (Double) -> Double?, at c: Double, are kind: EdgeKind) {
        for range in ranges {
            let curve = points(f, over: range)
            let (edges, others, tolerance) = kind == .roots ? (curve.roots, curve.poles, 1e-12) : (curve.poles, curve.roots, 1e-9)
            #expect(areNear(edges, [-c, c], within: tolerance), "\(range): \(edges)")
            #expect(others.isEmpty && curve.jumps.isEmpty && curve.maxima.isEmpty && curve.minima.isEmpty,
                    "\(range): \(others), jumps \(curve.jumps), extrema \(curve.maxima) \(curve.minima)")
        }
    }

    /// x^x as the calculator computes it (`pow`): for x < 0 defined at the integers only.
    static let selfPower: @Sendable (Double) -> Double? = { x in
        let y = pow(x, x)
        return y.isFinite ? y : nil
    }

    @Test("x^x: no jump in the gaps between the negative integers, where it is undefined",
          arguments: [-5.0...106829.0, -5.0...10_000.0, -7.5...3000.0])
    func selfPowerHasNoJump(range: ClosedRange<Double>) {
        let curve = Self.points(Self.selfPower, over: range)
        #expect(curve.jumps.isEmpty, "\(curve.jumps)")
        #expect(curve.roots.isEmpty && curve.poles.isEmpty, "roots \(curve.roots), poles \(curve.poles)")
    }

    @Test("x/√(x² + 1) far out: increasing everywhere, so one root, at 0, and no jump or extremum in its rounding noise",
          arguments: [-1e9...1e9, -1e6...1e6, -3e7...2e8, 1e5...1e12])
    func flatAsymptoteIsNoJump(range: ClosedRange<Double>) {
        let curve = Self.points({ $0 / ($0 * $0 + 1).squareRoot() }, over: range)
        #expect(curve.roots == (range.contains(0) ? [0] : []), "\(curve.roots)")
        #expect(curve.jumps.isEmpty, "\(curve.jumps)")
        #expect(curve.maxima.isEmpty && curve.minima.isEmpty, "\(curve.maxima) \(curve.minima)")
    }

    @Test("x/√(x² − 0.01) over ±10⁶: its two poles and nothing else")
    func asymptoteBesideAGap() {
        let curve = Self.points(Self.reciprocalRoot(0.1), over: -1e6...1e6)
        #expect(curve.poles == [-0.1, 0.1], "\(curve.poles)")
        #expect(curve.jumps.isEmpty && curve.maxima.isEmpty && curve.minima.isEmpty, "\(curve.jumps) \(curve.maxima) \(curve.minima)")
    }

    @Test("a step of a 10⁹th of the values is still a jump: floor(x) + 10⁹ at every integer; one of 8 units in the last place is noise")
    func smallestStepsAreJumps() {
        let curve = Self.points({ floor($0) + 1e9 }, over: -10...10)
        #expect(curve.jumps == (-9...9).map(Double.init), "\(curve.jumps)")
        #expect((1e15).ulp == 0.125, "the premise: a step of 1 is 8 units in the last place of 10¹⁵")
        #expect(Self.points({ floor($0) + 1e15 }, over: -10...10).jumps.isEmpty)
    }

    @Test("x − 1.5 + 1.5 − (e + x) is −e: no jump in its rounding, a unit in the last place of x, over ±33000")
    func cancellationIsNoJump() {
        let curve = Self.points({ $0 - 1.5 + 1.5 - (M_E + $0) }, over: -33018.3...33030.3)
        #expect(curve.jumps.isEmpty, "\(curve.jumps)")
    }

    @Test("a zero at an end of the range is a root: 10 + x at −10 over [−10, 10], x − 3 at 3 over [−3, 3]")
    func rootsAtTheEnds() {
        #expect(Self.points({ 10 + $0 }, over: -10...10).roots == [-10])
        #expect(Self.points({ $0 - 3 }, over: -3...3).roots == [3])
    }

    @Test("a root at the domain's edge is where the edge is: x ln x and √x ln x tend to 0 at 0, not at 5e-324; √(x² − 0.01) ends at ±0.1",
          arguments: [-1.0...3.0, -10...10, 0.5...(-0.25 + 3)])
    func rootsAtTheDomainsEdge(range: ClosedRange<Double>) {
        let xLnX = Self.points({ x in x > 0 ? x * log(x) : nil }, over: range)
        let rootLnX = Self.points({ x in x > 0 ? x.squareRoot() * log(x) : nil }, over: range)
        // The closed forms: both vanish at 1, and tend to 0 as x → 0⁺, the domain's edge.
        let expected: [Double] = range.contains(0) ? [0, 1] : [1]
        #expect(xLnX.roots == expected, "\(xLnX.roots)")
        #expect(rootLnX.roots == expected, "\(rootLnX.roots)")
        if range.contains(0) {
            let edges = Self.points({ x in (x * x - 0.01).squareRoot() }, over: range)
            #expect(edges.roots == [-0.1, 0.1].filter(range.contains), "\(edges.roots)")
        }
    }

    @Test("−8.5/6/((9 mod x)·x) falls monotonically between its poles at 9/k, which lie closer than the samples near 0: no extremum, whatever the range",
          arguments: [0.5869553638206306, 0.3, 1.7])
    func noExtremaBesideDensePoles(half: Double) {
        // The calculator's mod is floor modulo: the sign of the divisor.
        let curve = Self.points({ x in
            let y = (1.5 - 10) / 6 / ((9 - x * (9 / x).rounded(.down)) * x)
            return y.isFinite ? y : nil
        }, over: -half...half)
        #expect(curve.maxima.isEmpty && curve.minima.isEmpty, "\(curve.maxima) \(curve.minima)")
    }

    @Test("24/Γ(x⁵ + 1) is undefined at Γ's poles, where it crosses 0 steeply: holes, no jumps; Γ(1 + mod(cot x, sec 1.5)) has no root at its minima 0.8856")
    func holesAndGammaMinima() {
        let holes = Self.points({ x in
            let y = 24 / tgamma(pow(x, 5) + 1)
            return y.isFinite ? y : nil
        }, over: -10...10)
        #expect(holes.jumps.isEmpty, "\(holes.jumps)")
        let gamma = Self.points({ x in
            // The calculator's mod is floor modulo: the sign of the divisor.
            let cot = 1 / tan(x), divisor = 1 / cos(1.5)
            let y = tgamma(1 + cot - divisor * (cot / divisor).rounded(.down))
            return y.isFinite ? y : nil
        }, over: -4...(-3))
        #expect(gamma.roots.isEmpty, "\(gamma.roots)")
    }

    @Test("a vertical tangent is a root, not a jump: ∛(x(x + π)) at −π and 0, ∛x at 0 over an uneven range")
    func verticalTangentRoots() {
        let curve = Self.points({ cbrt($0 * ($0 + .pi)) }, over: -10...10)
        #expect(curve.roots.count == 2 && abs(curve.roots[0] + .pi) <= 4 * Double.pi.ulp && curve.roots[1] == 0, "\(curve.roots)")
        #expect(curve.jumps.isEmpty, "\(curve.jumps)")
        #expect(Self.points({ cbrt($0) }, over: -10...10.01).roots == [0])
    }

    @Test("between a gap's edge and the sample beside it: sign(x)√(x² − 0.01) meets x/3 at ±√(0.01 · 9/8), and less 0.05 has its root √0.0125")
    func rootsBesideAGap() {
        let meeting = (0.01 * 9 / 8).squareRoot()
        for range in Self.ranges {
            let found = PointsOfInterest.find(in: [Self.signedRoot(0.1), { $0 / 3 }], over: range)
            let xs = found.intersections.map(\.x)
            // Not at 0, where the first curve is undefined.
            #expect(xs.count == 2 && abs(xs[0] + meeting) < 1e-12 && abs(xs[1] - meeting) < 1e-12, "\(range): \(xs)")
            let lowered = Self.points({ Self.signedRoot(0.1)($0).map { $0 - 0.05 } }, over: range)
            #expect(lowered.roots.count == 1 && abs((lowered.roots.first ?? 0) - 0.0125.squareRoot()) < 1e-12, "\(range): \(lowered.roots)")
        }
    }

    @Test("x/√(x² + 1) and 1 never meet: no intersection in the rounding noise where x/√(x² + 1) rounds to 1, and nothing cut",
          arguments: [-1e9...1e9, 1e7...1e12])
    func asymptoteNeverMeets(range: ClosedRange<Double>) {
        let found = PointsOfInterest.find(in: [{ $0 / ($0 * $0 + 1).squareRoot() }, { _ in 1 }], over: range)
        #expect(found.intersections.isEmpty, "\(found.intersections.map(\.x))")
        #expect(!found.intersectionsTruncated && !found.curves[0].isTruncated)
    }
}

/// Ranges near Double's ends of resolution: every tolerance is relative, or a few of the
/// smallest Doubles, never a fixed 10⁻³⁰⁰ that is wider than the range.
@Suite("Points of interest: the narrowest and tiniest ranges")
struct TinyRangeTests {
    static func points(_ f: @escaping (Double) -> Double?, over range: ClosedRange<Double>) -> CurvePoints {
        PointsOfInterest.find(in: [f], over: range).curves[0]
    }

    @Test("x over ±10⁻³⁰⁰: a root at 0, no jump")
    func identity() {
        let curve = Self.points({ $0 }, over: -1e-300...1e-300)
        #expect(curve.roots == [0] && curve.jumps.isEmpty, "roots \(curve.roots), jumps \(curve.jumps)")
    }

    @Test("1/x: a pole at 0 where it overflows, over ±10⁻³⁰⁰ and [−10⁻³⁰⁵, 10⁻³⁰⁴]; 1/(x − 10⁻³⁰¹) at 10⁻³⁰¹",
          arguments: [(0.0, -1e-300...1e-300), (0.0, -1e-305...1e-304), (1e-301, -1e-300...1e-300)])
    func poleWhereItOverflows(pole: Double, range: ClosedRange<Double>) {
        let curve = Self.points({ x in let y = 1 / (x - pole); return y.isFinite ? y : nil }, over: range)
        #expect(curve.poles.count == 1 && abs((curve.poles.first ?? .nan) - pole) <= 1e-3 * (range.upperBound - range.lowerBound),
                "poles \(curve.poles)")
        #expect(curve.jumps.isEmpty && curve.roots.isEmpty, "jumps \(curve.jumps), roots \(curve.roots)")
    }

    @Test("x² − 2 over [1.4142135623, 1.4142135624], its samples 108 units in the last place apart: a root at √2, no jump")
    func narrowRoot() {
        let curve = Self.points({ $0 * $0 - 2 }, over: 1.4142135623...1.4142135624)
        #expect(curve.roots.count == 1 && abs((curve.roots.first ?? 0) - 2.0.squareRoot()) <= 4 * 2.0.squareRoot().ulp, "\(curve.roots)")
        #expect(curve.jumps.isEmpty, "\(curve.jumps)")
    }

    @Test("sin(10³⁰⁰ x) over ±10⁻²⁹⁹: roots at kπ·10⁻³⁰⁰, extrema ±1 between them")
    func scaledSine() {
        let curve = Self.points({ sin($0 * 1e300) }, over: -1e-299...1e-299)
        let roots = (-3...3).map { Double($0) * .pi * 1e-300 }
        #expect(curve.roots.count == roots.count, "\(curve.roots)")
        for (root, exact) in zip(curve.roots, roots) { #expect(abs(root - exact) <= 1e-12 * 1e-299, "\(root) vs \(exact)") }
        #expect(curve.maxima.count == 3 && curve.minima.count == 3 && curve.jumps.isEmpty)
    }
}
