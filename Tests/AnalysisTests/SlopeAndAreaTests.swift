import Foundation
import Analysis
import Raster
import TestSupport
import Testing

/// dy/dx and signed areas against closed forms.
@Suite("Slope and area")
struct SlopeAndAreaTests {
    @Test("the slope of sin at x is cos x, to 1e-9", arguments: [-7.5, -2, 0, 0.3, 1, 2.5, 9])
    func sineSlope(_ x: Double) throws {
        let slope = try #require(Slope.at(x, of: { sin($0) }, scale: 0.2))
        #expect(abs(slope - cos(x)) < 1e-9, "\(slope) vs \(cos(x))")
    }

    @Test("where the steps are not resolved around x there is no slope, never a 0 of rounding: sin at 10³⁰⁸ and 10¹⁷",
          arguments: [1e308, -1e308, 1e17, 4e16])
    func unresolvedSteps(_ x: Double) {
        #expect(Slope.at(x, of: { sin($0) }, scale: 0.2) == nil)
    }

    @Test("steps a few thousand units in the last place of x wide still give the slope, or none: sin at 10¹², 10¹⁴, 10¹⁵",
          arguments: [1e12, 1e14, 1e15])
    func barelyResolvedSteps(_ x: Double) {
        if let slope = Slope.at(x, of: { sin($0) }, scale: 0.2) {
            #expect(abs(slope - cos(x)) <= 1e-7 * max(abs(cos(x)), 1), "\(slope) vs \(cos(x))")
        }
        // Over a view as wide as x is far out, a line's slope is there.
        let line = Slope.at(x, of: { 3 * $0 }, scale: x / 100)
        #expect(line.map { abs($0 - 3) < 1e-12 } == true, "\(String(describing: line))")
    }

    /// Slopes that Doubles resolve, with their closed forms (cos 10⁸ = −0.3633850893556905 and
    /// cos 10¹⁰ = 0.873119622676856, to 50 digits by mpmath).
    static let resolvedSlopes: [(name: String, f: @Sendable (Double) -> Double?, x: Double, slope: Double)] = [
        ("x²", { $0 * $0 }, 1e8, 2e8), ("x²", { $0 * $0 }, 1e12, 2e12),
        ("1/x", { 1 / $0 }, 1e-5, -1e10), ("ln x", { TestFunction.defined(log($0)) }, 1e-300, 1e300),
        ("sin x", { sin($0) }, 1e8, -0.3633850893556905), ("sin x", { sin($0) }, 1e10, 0.873119622676856),
    ]

    @Test("the slope does not depend on the view: x² at 10⁸ and 10¹², 1/x at 10⁻⁵, ln x at 10⁻³⁰⁰, sin x at 10⁸ and 10¹⁰, to 1e-9 relative, over views 10, 9 and 10⁶ wide",
          arguments: resolvedSlopes.indices)
    func slopeOfTheCurveNotOfTheView(_ index: Int) {
        let example = Self.resolvedSlopes[index]
        for width in [10.0, 9, 1e6] {
            let slope = Slope.at(example.x, of: example.f, scale: width / 100)
            #expect(slope.map { abs($0 - example.slope) <= 1e-9 * abs(example.slope) } == true,
                    "\(example.name) at \(example.x), view \(width) wide: \(String(describing: slope))")
        }
    }

    @Test("the slope of eˣ at 3 and of x³ at −2, to 1e-8 relative")
    func otherSlopes() throws {
        let exponential = try #require(Slope.at(3, of: { exp($0) }, scale: 0.2))
        #expect(abs(exponential - exp(3)) < 1e-8 * exp(3))
        let cube = try #require(Slope.at(-2, of: { $0 * $0 * $0 }, scale: 0.2))
        #expect(abs(cube - 12) < 1e-8 * 12)
    }

    @Test("no slope at a corner, a pole, or where y is undefined")
    func noSlope() {
        #expect(Slope.at(0, of: { abs($0) }, scale: 0.2) == nil)
        #expect(Slope.at(1, of: { abs($0 - 1) * 3 + $0 }, scale: 0.2) == nil)
        #expect(Slope.at(0, of: { 1 / $0 }, scale: 0.2) == nil)
        #expect(Slope.at(.pi / 2, of: PointsDiscontinuityTests.tangent, scale: 0.2) == nil)
        #expect(Slope.at(-1, of: { TestFunction.defined(sqrt($0)) }, scale: 0.2) == nil)
        // Beside the corner, the slope is there.
        #expect(Slope.at(0.5, of: { abs($0) }, scale: 0.2).map { abs($0 - 1) < 1e-9 } == true)
    }

    @Test("∫₀^π sin = 2, ∫₀³ x² = 9, ∫ of e^(−x²) over [−8, 8] = √π, to 1e-10")
    func closedForms() {
        #expect(Area.of({ sin($0) }, from: 0, to: .pi).value.map { abs($0 - 2) < 1e-10 } == true)
        #expect(Area.of({ $0 * $0 }, from: 0, to: 3).value.map { abs($0 - 9) < 1e-10 } == true)
        #expect(Area.of({ exp(-$0 * $0) }, from: -8, to: 8).value.map { abs($0 - Double.pi.squareRoot()) < 1e-10 } == true)
    }

    @Test("a peak at the origin far narrower than a wide interval's samples: ∫ e^(−x²) = √π over ±10⁶ and [−10³, 10⁶], ∫ 1/(1 + x²) = 2 atan 10⁶ over ±10⁶",
          arguments: [(-1e6, 1e6), (-1e3, 1e6)])
    func narrowPeakInAWideInterval(low: Double, high: Double) {
        let bell = Area.of({ exp(-$0 * $0) }, from: low, to: high)
        #expect(bell.value.map { abs($0 - Double.pi.squareRoot()) < 1e-10 } == true, "\(bell)")
        if low == -1e6 {
            let witch = Area.of({ 1 / (1 + $0 * $0) }, from: low, to: high)
            #expect(witch.value.map { abs($0 - 2 * atan(1e6)) < 1e-9 } == true, "\(witch)")
        }
    }

    @Test("the area is signed: reversed ends give the negative, equal ends 0")
    func signed() {
        #expect(Area.of({ sin($0) }, from: .pi, to: 0).value.map { abs($0 + 2) < 1e-10 } == true)
        #expect(Area.of({ $0 }, from: -2, to: 1).value.map { abs($0 + 1.5) < 1e-10 } == true)
        #expect(Area.of({ $0 }, from: 1, to: 1).value == 0)
    }

    @Test("across jumps: ∫₀^3.5 floor = 4.5, ∫₀¹⁰ floor(10x) = 495")
    func jumps() {
        #expect(Area.of({ floor($0) }, from: 0, to: 3.5).value.map { abs($0 - 4.5) < 1e-10 } == true)
        // Σ k/10 for k < 100, across 100 jumps.
        let steps = Area.of({ floor(10 * $0) }, from: 0, to: 10)
        #expect(steps.value.map { abs($0 - 495) < 1e-9 } == true, "\(steps)")
        // A jump about every sample at a thousand samples: Σ k for k < 1000, and 1000 × 0.5; and
        // over [2000.5, 3500.5], which holds no decade to cut at: 0.5 × 2000 + Σ k for 2000 < k <
        // 3500 + 0.5 × 3500.
        let stairs = Area.of({ floor($0) }, from: 0, to: 1000.5)
        #expect(stairs.value.map { abs($0 - 500_000) < 1e-6 } == true, "\(stairs)")
        let higher = Area.of({ floor($0) }, from: 2000.5, to: 3500.5)
        #expect(higher.value.map { abs($0 - 4_125_000) < 1e-5 } == true, "\(higher)")
    }

    @Test("a removable hole does not stop it: ∫ sin(x)/x over [−1, 1] = 2 Si(1)")
    func hole() {
        let twiceSineIntegralOfOne = 2 * 0.946083070367183014941353313823
        let area = Area.of({ TestFunction.defined(sin($0) / $0) }, from: -1, to: 1)
        #expect(area.value.map { abs($0 - twiceSineIntegralOfOne) < 1e-10 } == true, "\(area)")
    }

    @Test("no value, with the reason: a pole inside, a gap in the domain, divergence")
    func noValue() {
        let pole = Area.of({ 1 / $0 }, from: -1, to: 1)
        #expect(pole.value == nil && pole.reason == "a pole at x = 0 lies in [-1, 1]")
        let gap = Area.of({ TestFunction.defined(sqrt($0)) }, from: -1, to: 1)
        #expect(gap.value == nil && gap.reason?.hasPrefix("y is undefined at x = -") == true, "\(gap)")
        let divergent = Area.of({ 1 / $0 }, from: 0, to: 1)
        #expect(divergent.value == nil && divergent.reason == "the integral does not converge over [0, 1]", "\(divergent)")
        let tangent = Area.of(PointsDiscontinuityTests.tangent, from: 0, to: 3)
        #expect(tangent.value == nil && tangent.reason?.hasPrefix("a pole at x = 1.57") == true, "\(tangent)")
    }

    @Test("a pole at an end whose integral converges has its value: ∫₀¹ 1/√x = 2, ∫₀¹ ln x = −1")
    func integrableEnds() {
        let root = Area.of({ 1 / $0.squareRoot() }, from: 0, to: 1)
        #expect(root.value.map { abs($0 - 2) < 1e-9 } == true, "\(root)")
        let log = Area.of({ TestFunction.defined(Foundation.log($0)) }, from: 0, to: 1)
        #expect(log.value.map { abs($0 + 1) < 1e-10 } == true, "\(log)")
    }

    @Test("a table of values: multiples of the step, 0.3 not 0.30000000000000004, nil where undefined")
    func table() throws {
        let table = try #require(ValueTable.rows(of: [{ $0 * 2 }, { TestFunction.defined(sqrt($0)) }], over: -0.25...0.5, step: 0.1))
        #expect(table.rows.map(\.x) == [-0.2, -0.1, 0, 0.1, 0.2, 0.3, 0.4, 0.5])
        #expect(table.rows[5].ys == [0.6, 0.3.squareRoot()])
        #expect(table.rows[0].ys[1] == nil)
        // The ends are rows when they are multiples, though 0.3 / 0.1 and 0.7 / 0.1 fall short of 3 and 7.
        #expect(ValueTable.rows(of: [{ $0 }], over: 0...0.3, step: 0.1)?.rows.map(\.x) == [0, 0.1, 0.2, 0.3])
        #expect(ValueTable.rows(of: [{ $0 }], over: 0.3...0.7, step: 0.1)?.rows.map(\.x) == [0.3, 0.4, 0.5, 0.6, 0.7])
        #expect(ValueTable.rows(of: [{ $0 }], over: 0...1, step: 1e-9) == nil)
        #expect(ValueTable.rows(of: [{ $0 }], over: 0...1, step: 0) == nil)
    }

    @Test("a table's undefined y at a removable hole has the value the curve tends to; none at a pole, a jump or outside the domain")
    func tableHoles() throws {
        func limit(_ f: @escaping (Double) -> Double, at x: Double) throws -> Double? {
            let table = try #require(ValueTable.rows(of: [{ TestFunction.defined(f($0)) }], over: (x - 2)...(x + 2), step: 1))
            let row = try #require(table.rows.first { $0.x == x })
            #expect(row.ys == [nil], "undefined at \(x)")
            if case .hole(let limit)? = row.gaps.first { return limit }
            return nil
        }
        // Closed forms: sin(x)/x → 1 and x²/x → 0 at 0, (x² − 1)/(x − 1) → 2 at 1, (x³ − 8)/(x − 2) → 12 at 2.
        #expect(try limit({ sin($0) / $0 }, at: 0) == 1)
        #expect(try limit({ $0 * $0 / $0 }, at: 0) == 0)
        #expect(try limit({ ($0 * $0 - 1) / ($0 - 1) }, at: 1) == 2)
        #expect(try limit({ ($0 * $0 * $0 - 8) / ($0 - 2) }, at: 2) == 12)
        #expect(try limit({ 1 / $0 }, at: 0) == nil, "a pole")
        #expect(try limit({ $0 / abs($0) }, at: 0) == nil, "a jump")
        #expect(try limit({ 1 / ($0 * $0) }, at: 0) == nil, "a pole of one sign")
        let outside = try #require(ValueTable.rows(of: [{ TestFunction.defined(sqrt($0)) }], over: -3...0, step: 1))
        #expect(outside.rows.allSatisfy { row in row.gaps.allSatisfy { $0 == nil || $0 == .undefined } }, "√x below 0 is undefined, no hole")
        #expect(try #require(ValueTable.rows(of: [{ $0 }], over: -1...1, step: 1)).rows.allSatisfy { $0.gaps.isEmpty })
    }
}
