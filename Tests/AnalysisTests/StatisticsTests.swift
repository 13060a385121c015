import Foundation
import Analysis
import Raster
import TestSupport
import Testing

@Suite("Graph statistics")
struct StatisticsTests {
    @Test("sin(x) on [0, 2π]: max 1 at π/2, min −1 at 3π/2")
    func sine() throws {
        let viewport = Viewport(width: 480, height: 320, xRange: 0...(2 * .pi), yRange: -2...2)
        let statistics = GraphStatistics.measure({ sin($0) }, in: viewport)
        let maximum = try #require(statistics.maximum), minimum = try #require(statistics.minimum)
        #expect(abs(maximum.x - .pi / 2) < 1e-6 && abs(maximum.y - 1) < 1e-12)
        #expect(abs(minimum.x - 3 * .pi / 2) < 1e-6 && abs(minimum.y + 1) < 1e-12)
        #expect(!statistics.isUndefinedSomewhere)
        #expect(statistics.hasFiniteValues)
    }

    @Test("x^2 − 3 on [−1, 2]: min −3 at 0, max 1 at 2, one sign change")
    func parabola() throws {
        let viewport = Viewport(width: 300, height: 200, xRange: -1...2, yRange: -4...2)
        let statistics = GraphStatistics.measure({ $0 * $0 - 3 }, in: viewport)
        let maximum = try #require(statistics.maximum), minimum = try #require(statistics.minimum)
        #expect(abs(minimum.x) < 1e-6 && abs(minimum.y + 3) < 1e-12)
        #expect(abs(maximum.x - 2) < 1e-6 && abs(maximum.y - 1) < 1e-9)
        #expect(statistics.signChanges == 1)
    }

    @Test("sqrt(x) on [−5, −1] has no finite values")
    func allUndefined() {
        let viewport = Viewport(width: 300, height: 200, xRange: -5 ... -1, yRange: -1...1)
        let statistics = GraphStatistics.measure({ TestFunction.defined(sqrt($0)) }, in: viewport)
        #expect(!statistics.hasFiniteValues)
        #expect(statistics.minimum == nil && statistics.maximum == nil)
        #expect(statistics.isUndefinedSomewhere)
        #expect(statistics.signChanges == 0)
    }

    @Test("log(x) on [−1, 3] is undefined somewhere and changes sign once")
    func partlyUndefined() {
        let viewport = Viewport(width: 300, height: 200, xRange: -1...3, yRange: -3...3)
        let statistics = GraphStatistics.measure({ TestFunction.defined(log($0)) }, in: viewport)
        #expect(statistics.isUndefinedSomewhere)
        #expect(statistics.signChanges == 1)
        #expect(statistics.maximum.map { abs($0.x - 3) < 1e-6 } == true)
    }
}
