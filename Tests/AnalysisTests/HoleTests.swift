import Foundation
import Analysis
import Raster
import Testing

/// Extrema that a function only tends to, at a single x where it is undefined: sin x / x at 0.
///
/// In Doubles sin x / x rounds to 1 for every 0 < |x| < 1.05e-8 and is 0/0 at 0, so its top is a
/// flat stretch with a hole in the middle. Before, the search ended anywhere in that stretch and
/// said "maximum at x = −2.1491193328907955e-08": no x of it is where the maximum is, and the
/// mathematical answer is that 1 is approached at 0 and attained nowhere.
@Suite("Holes: a top tended to where f is undefined is said as such")
struct HoleTests {
    /// f, with nil where it is not a finite number.
    static func defined(_ f: @escaping (Double) -> Double) -> (Double) -> Double? {
        { x in let y = f(x); return y.isFinite ? y : nil }
    }

    @Test("The popover: sin x / x tends to its maximum 1 at 0, tan x / x to its minimum 1; no extremum is said beside the hole",
          arguments: [-10.0...10.0, -1.0...3.0, -0.001...0.002])
    func popover(range: ClosedRange<Double>) throws {
        let view = Viewport(width: 1600, height: 900, xRange: range, yRange: -1...1)
        let sine = GraphStatistics.measure(Self.defined { sin($0) / $0 }, in: view)
        let top = try #require(sine.holeAbove, "\(sine)")
        // The closed form: sin x / x < 1 for x ≠ 0, and its limit at 0 is 1.
        #expect(top.x == 0 && top.y == 1 && sine.maximum == nil, "\(sine)")
        #expect(sine.holeBelow == nil)
        let tangent = GraphStatistics.measure(Self.defined { tan($0) / $0 }, in: Viewport(width: 1600, height: 900,
                                                                                        xRange: -1...1, yRange: -1...1))
        let bottom = try #require(tangent.holeBelow, "\(tangent)")
        #expect(bottom.x == 0 && bottom.y == 1 && tangent.minimum == nil, "\(tangent)")
    }

    @Test("A hole away from 0: sin(x − 1)/(x − 1) tends to 1 at 1; x / sin x falls to 1 at 0")
    func shifted() throws {
        let shifted = GraphStatistics.measure(Self.defined { sin($0 - 1) / ($0 - 1) }, over: -5...7, samples: 4096)
        let top = try #require(shifted.holeAbove, "\(shifted)")
        #expect(top.x == 1 && top.y == 1)
        // x / sin x > 1 for 0 < |x| < π; its limit at 0 is 1 (0/0 at 0).
        let cosecant = GraphStatistics.measure(Self.defined { $0 / sin($0) }, over: -2...2, samples: 4096)
        let bottom = try #require(cosecant.holeBelow, "\(cosecant)")
        #expect(bottom.x == 0 && bottom.y == 1 && cosecant.minimum == nil, "\(cosecant)")
    }

    @Test("On a log x axis the hole's x is mapped back from its position: sin(x − 1)/(x − 1) over [0.1, 10] tends to 1 at 1")
    func logAxis() throws {
        let view = Viewport(width: 1200, height: 600, xRange: 0.1...10, yRange: -1...1, xScale: .log)
        let statistics = GraphStatistics.measure(Self.defined { sin($0 - 1) / ($0 - 1) }, in: view)
        let top = try #require(statistics.holeAbove, "\(statistics)")
        #expect(abs(top.x - 1) < 1e-12 && top.y == 1 && statistics.maximum == nil, "\(top)")
    }

    @Test("Points: no extremum at sin x / x's hole, and its other extrema, roots and y-intercept stay")
    func points() {
        let curve = PointsOfInterest.find(in: [Self.defined { sin($0) / $0 }], over: -10...10).curves[0]
        #expect(!(curve.maxima + curve.minima).contains { abs($0.x) < 0.1 }, "\(curve.maxima) \(curve.minima)")
        #expect(curve.maxima.count == 2 && curve.minima.count == 2, "\(curve.maxima) \(curve.minima)")
        #expect(curve.roots.count == 6 && curve.yIntercept == nil)
    }

    @Test("A domain's edge is no hole: x^x keeps its maximum 1 at 0 (0⁰ = 1, undefined left of 0); √x its minimum 0 at 0")
    func edgesAreNoHoles() throws {
        let power = GraphStatistics.measure(Self.defined { pow($0, $0) }, over: -0.001...0.001, samples: 4096)
        #expect(power.holeAbove == nil && power.maximum == GraphStatistics.Extremum(x: 0, y: 1), "\(power)")
        let root = GraphStatistics.measure(Self.defined { $0.squareRoot() }, over: -1...4, samples: 4096)
        #expect(root.holeBelow == nil && root.minimum == GraphStatistics.Extremum(x: 0, y: 0), "\(root)")
    }
}
