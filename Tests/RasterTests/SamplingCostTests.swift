import Foundation
import Raster
import Synchronization
import TestSupport
import Testing

/// A frame's cost is bounded whatever the function: the function's calls are counted, not timed.
@Suite("Sampling cost")
struct SamplingCostTests {
    /// Calls of `f` while sampling it in `viewport`.
    static func calls(_ f: @escaping @Sendable (Double) -> Double?, in viewport: Viewport) -> (counted: Int, reported: Int) {
        let counter = Atomic<Int>(0)
        let samples = GraphRenderer(glyphs: nil).sample({ x in
            counter.add(1, ordering: .relaxed)
            return f(x)
        }, in: viewport)
        return (counter.load(ordering: .relaxed), samples.evaluations)
    }

    /// The promised bound: evaluations per pixel column, whatever the function.
    static let perColumn = 400

    @Test("Fast oscillation stays within the per-column bound", arguments: [
        TestFunction("tan(24000x)") { tan(24000 * $0) }, TestFunction("tan(1e5 x)") { tan(1e5 * $0) },
        TestFunction("sin(1e300 x)") { sin(1e300 * $0) }, TestFunction("sin(1/x)") { TestFunction.defined(sin(1 / $0)) },
        TestFunction("tan(x)/cos(3000x)") { tan($0) / cos(3000 * $0) }, TestFunction("floor(1000x)") { floor(1000 * $0) },
        TestFunction("1/x") { 1 / $0 }, TestFunction("x*sin(1/x)") { TestFunction.defined($0 * sin(1 / $0)) },
    ], [(1600, 1000, 10.0), (400, 300, 10), (1000, 1000, 0.05)])
    func bounded(function: TestFunction, size: (width: Int, height: Int, halfWidth: Double)) {
        let viewport = Viewport(width: size.width, height: size.height, xRange: -size.halfWidth...size.halfWidth, yRange: -5...5)
        let (counted, reported) = Self.calls(function.function, in: viewport)
        #expect(counted == reported, "every call is reported")
        #expect(counted <= Self.perColumn * (size.width + 2), "\(counted) calls for \(size.width) columns")
    }

    @Test("Aliased probes: tan(x·1e5) at a scale whose columns span nearly whole periods")
    func aliased() {
        // One column spans 20/1600 = 0.0125 units, 397.9 periods of tan(1e5 x) (period π·1e-5).
        for width in [1600, 1591, 1606] {
            let viewport = Viewport(width: width, height: 400, xRange: -10...10, yRange: -5...5)
            let (counted, _) = Self.calls({ tan($0 * 1e5) }, in: viewport)
            #expect(counted <= Self.perColumn * (width + 2), "\(counted) calls for \(width) columns")
        }
    }
}
