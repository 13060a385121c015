import Foundation
import Analysis
import Raster
import TestSupport
import Testing

/// Statistics that do not mislead: poles are unbounded, undefined points are found between samples,
/// and extrema at domain edges and exact points come out exact.
@Suite("Honest graph statistics")
struct HonestStatisticsTests {
    static let view = Viewport(width: 800, height: 500, xRange: -10...10, yRange: -6...6)

    @Test("Undefined points between samples are found", arguments: [
        TestFunction.reciprocal, TestFunction("abs(x)/x") { TestFunction.defined(abs($0) / $0) },
        TestFunction("1/(x-1)") { 1 / ($0 - 1) }, TestFunction("(x-0.3)/abs(x-0.3)") { TestFunction.defined(($0 - 0.3) / abs($0 - 0.3)) },
        // A hole that no sign change shows: x + 1 away from 1, 0/0 at 1.
        TestFunction("(x^2-1)/(x-1)") { TestFunction.defined(($0 * $0 - 1) / ($0 - 1)) },
        TestFunction("(x-0.5)(x+2)/(x-0.5)") { TestFunction.defined(($0 - 0.5) * ($0 + 2) / ($0 - 0.5)) },
    ])
    func undefinedBetweenSamples(function: TestFunction) {
        #expect(GraphStatistics.measure(function.function, in: Self.view).isUndefinedSomewhere)
    }

    @Test("Defined everywhere is not called undefined", arguments: [TestFunction.sine, .square, TestFunction("x^3") { $0 * $0 * $0 }])
    func definedEverywhere(function: TestFunction) {
        #expect(!GraphStatistics.measure(function.function, in: Self.view).isUndefinedSomewhere)
    }

    @Test("Poles make a side unbounded, with the pole's x", arguments: [
        (TestFunction.reciprocal, true, true, 0.0), (TestFunction("1/x^2") { 1 / ($0 * $0) }, true, false, 0),
        (TestFunction("-1/x^2") { -1 / ($0 * $0) }, false, true, 0), (TestFunction("1/(x-1)") { 1 / ($0 - 1) }, true, true, 1),
        (TestFunction("1/sqrt(abs(x))") { 1 / sqrt(abs($0)) }, true, false, 0),
        (TestFunction("ln(x)") { TestFunction.defined(log($0)) }, false, true, 0),
        (TestFunction("ln(abs(x))") { TestFunction.defined(log(abs($0))) }, false, true, 0),
        (TestFunction("-ln(x)") { TestFunction.defined(-log($0)) }, true, false, 0),
    ])
    func poles(function: TestFunction, above: Bool, below: Bool, x: Double) {
        let statistics = GraphStatistics.measure(function.function, in: Self.view)
        #expect((statistics.poleAbove != nil) == above)
        #expect((statistics.poleBelow != nil) == below)
        #expect(above == (statistics.maximum == nil), "no maximum where unbounded above")
        #expect(below == (statistics.minimum == nil), "no minimum where unbounded below")
        for pole in [statistics.poleAbove, statistics.poleBelow].compactMap({ $0 }) { #expect(pole == x) }
        #expect(statistics.isUndefinedSomewhere)
    }

    @Test("tan(x) is unbounded both ways, near an odd multiple of π/2")
    func tangent() throws {
        let statistics = GraphStatistics.measure({ tan($0) }, in: Self.view)
        let above = try #require(statistics.poleAbove), below = try #require(statistics.poleBelow)
        for pole in [above, below] {
            let halfTurns = pole / (.pi / 2)
            #expect(abs(halfTurns - halfTurns.rounded()) < 1e-9 && Int(halfTurns.rounded()) % 2 != 0)
        }
    }

    @Test("Tall smooth peaks are maxima, not poles", arguments: [
        TestFunction("1/(x^2+1e-6)") { 1 / ($0 * $0 + 1e-6) }, TestFunction("exp(x)") { exp($0) },
        TestFunction("x^9") { pow($0, 9) }, TestFunction("1e300*x") { 1e300 * $0 },
    ])
    func peaks(function: TestFunction) {
        let statistics = GraphStatistics.measure(function.function, in: Self.view)
        #expect(statistics.poleAbove == nil && statistics.maximum != nil)
    }

    @Test("Extrema at domain edges and exact points come out exact", arguments: [
        (TestFunction.squareRoot, false, 0.0, 0.0), (TestFunction("x^2-1") { $0 * $0 - 1 }, false, 0, -1),
        (TestFunction("sqrt(x-0.3)") { TestFunction.defined(sqrt($0 - 0.3)) }, false, 0.3, 0),
        (TestFunction("-(x-2)^2+5") { -($0 - 2) * ($0 - 2) + 5 }, true, 2, 5),
        (TestFunction("abs(x+0.7)") { abs($0 + 0.7) }, false, -0.7, 0),
    ])
    func exactExtrema(function: TestFunction, isMaximum: Bool, x: Double, y: Double) throws {
        let statistics = GraphStatistics.measure(function.function, in: Self.view)
        let extremum = try #require(isMaximum ? statistics.maximum : statistics.minimum)
        #expect(extremum.x == x)
        #expect(extremum.y == y)
    }

    @Test("Extrema outside the visible y-range are placed above or below it")
    func placement() throws {
        let statistics = GraphStatistics.measure({ exp($0) }, in: Self.view)
        #expect(statistics.placement(of: try #require(statistics.maximum)) == .aboveView)
        #expect(statistics.placement(of: try #require(statistics.minimum)) == .inView)
        let low = GraphStatistics.measure({ -exp($0) }, in: Self.view)
        #expect(low.placement(of: try #require(low.minimum)) == .belowView)
    }

    /// The x where `f`, increasing there, reaches the largest finite Double, by bisection of
    /// `low...high` to adjacent Doubles: the slow reference for an overflow edge.
    static func overflowEdge(_ f: (Double) -> Double, low: Double, high: Double) -> Double {
        var low = low, high = high
        while low.nextUp < high {
            let middle = low / 2 + high / 2
            if f(middle).isFinite { low = middle } else { high = middle }
        }
        return low
    }

    @Test("A finite stretch between two samples is found: e^x and x^x overflow at their closed-form edges, never a maximum of 1.8e308")
    func finiteBetweenSamples() throws {
        // Seen across ±4.995e6 at 4000 samples (2 497.5 apart), e^x is finite only on [-745, 709.78],
        // where no sample falls, and x^x only on (0, 143.7] and at negative integers (where it underflows to 0).
        let range = -4.995e6...4.995e6
        let exponential = GraphStatistics.measure({ exp($0) }, over: range, samples: 4000)
        // The closed form: e^x overflows past ln(greatestFiniteMagnitude) = 709.782712893384.
        let edge = try #require(exponential.overflowAbove)
        #expect(abs(edge - log(Double.greatestFiniteMagnitude)) < 1e-9)
        #expect(exponential.maximum == nil && exponential.poleAbove == nil)
        #expect(exponential.isUndefinedSomewhere)
        let power = GraphStatistics.measure({ TestFunction.defined(pow($0, $0)) }, over: range, samples: 4000)
        let powerEdge = try #require(power.overflowAbove)
        let reference = Self.overflowEdge({ pow($0, $0) }, low: 2, high: 1000)
        #expect(abs(powerEdge - reference) < 1e-9 * reference, "\(powerEdge) against \(reference)")
        #expect(power.maximum == nil)
    }

    @Test("Zoomed out over ±1329 (the popover's samples), x^x overflows at its edge and has its minimum at 1/e, not at an isolated point; over [0, 2658] too",
          arguments: [400, 1600, 2400])
    func powerZoomedOut(width: Int) throws {
        // Values nil where Double overflows, as the calculator's functions give them.
        let f: (Double) -> Double? = { x in let y = pow(x, x); return y.isFinite ? y : nil }
        let view = Viewport(width: width, height: width / 2, xRange: -1329...1329, yRange: -5...5)
        let statistics = GraphStatistics.measure(f, in: view)
        let edge = try #require(statistics.overflowAbove, "\(statistics)")
        let reference = Self.overflowEdge({ pow($0, $0) }, low: 2, high: 1000)
        #expect(abs(edge - reference) < 1e-9 * reference)
        #expect(statistics.maximum == nil)
        // The negative integers, where x^x is also defined, are isolated points no curve is drawn
        // through, met by samples only at the range's end: (−1329)^(−1329) underflows to −0, which
        // was said "min y = 0 at x = −1329" though x^x is −1 at −1. The drawn curve's minimum is
        // e^(−1/e) at 1/e, from the closed form below.
        let drawn = try #require(statistics.minimum, "\(statistics)")
        #expect(abs(drawn.x - exp(-1)) < 1e-6 && abs(drawn.y - exp(-exp(-1))) < 1e-12, "\(drawn)")
        // Where isolated points are all there is, they are what is said: √(−x²) is 0 at 0 alone.
        let lone = GraphStatistics.measure({ TestFunction.defined((-$0 * $0).squareRoot()) }, over: -1...1, samples: 4001)
        #expect(lone.minimum == GraphStatistics.Extremum(x: 0, y: 0) && lone.maximum == lone.minimum, "\(lone)")
        // Over [0, 2658], without the negative integers.
        let right = Viewport(width: width, height: width / 2, xRange: 0...2658, yRange: -5...5)
        let positive = GraphStatistics.measure(f, in: right)
        #expect(positive.overflowAbove == statistics.overflowAbove)
        let minimum = try #require(positive.minimum)
        // The closed form: (x^x)' = x^x (ln x + 1) = 0 at x = 1/e, where y = e^(-1/e).
        #expect(abs(minimum.x - exp(-1)) < 1e-6)
        #expect(abs(minimum.y - exp(-exp(-1))) < 1e-12)
    }

    @Test("On a log x axis the overflow's x is mapped back from its position: e^x over [1, 10⁶] overflows at 709.78")
    func overflowOnALogAxis() throws {
        let view = Viewport(width: 800, height: 500, xRange: 1...1e6, yRange: 1...10, xScale: .log, yScale: .log)
        let statistics = GraphStatistics.measure({ exp($0) }, in: view)
        let edge = try #require(statistics.overflowAbove)
        #expect(abs(edge - log(Double.greatestFiniteMagnitude)) < 1e-9 * edge)
        #expect(statistics.maximum == nil)
        #expect(statistics.minimum.map { $0.x == 1 && $0.y == M_E } == true, "\(String(describing: statistics.minimum))")
    }

    @Test("An extremum at the edge of the domain stays at the edge: x^x zoomed in on 0 has its maximum 1 at 0 (0⁰ = 1), not at 1e-18, where it also rounds to 1")
    func flatTopAtTheDomainsEdge() throws {
        let f: (Double) -> Double? = { x in let y = pow(x, x); return y.isFinite ? y : nil }
        for half in [4.98e-6, 1e-3, 0.2] {
            let view = Viewport(width: 1600, height: 900, xRange: -half...half, yRange: -1...1)
            let maximum = try #require(GraphStatistics.measure(f, in: view).maximum)
            // The closed form: x ln x < 0 on (0, 1), so x^x < 1 there, and 0⁰ = 1.
            #expect(maximum.x == 0 && maximum.y == 1, "over ±\(half): \(maximum)")
        }
    }

    @Test("Falling past the most negative Double is an overflow below; a domain ending at a large finite value keeps its maximum")
    func overflowBelowAndLargeEdges() throws {
        let falling = GraphStatistics.measure({ -exp($0) }, over: -1e6...1e6, samples: 2000)
        let edge = try #require(falling.overflowBelow)
        #expect(abs(edge - log(Double.greatestFiniteMagnitude)) < 1e-9)
        #expect(falling.minimum == nil && falling.overflowAbove == nil)
        // 10³⁰⁸·(1.5 − x) for x ≥ 0: its domain ends at 1.5e308, a true maximum, not an overflow.
        let ending = GraphStatistics.measure({ x in x >= 0 ? 1e308 * (1.5 - x) : nil }, over: -1...1, samples: 2000)
        let top = try #require(ending.maximum)
        #expect(top.x == 0 && top.y == 1.5e308)
        #expect(ending.overflowAbove == nil)
        // A peak at the largest Double inside the domain is a maximum: (1.79e308) sin x.
        let peak = GraphStatistics.measure({ 1.79e308 * sin($0) }, over: -3...3, samples: 2000)
        #expect(abs(try #require(peak.maximum).x - Double.pi / 2) < 1e-6)
        #expect(peak.overflowAbove == nil && peak.overflowBelow == nil)
    }
}
