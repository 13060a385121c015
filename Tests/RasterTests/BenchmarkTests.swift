import Foundation
import Raster
import Testing

/// Run with GCVIEW_BENCHMARK=1 and a release build: `swift test -c release --filter Benchmark`.
@Suite("Benchmark", .enabled(if: ProcessInfo.processInfo.environment["GCVIEW_BENCHMARK"] == "1"))
struct BenchmarkTests {
    @Test("sin(x)*x at 1600x1000 samples and rasterizes in under 2 ms")
    func frame() {
        let viewport = Viewport(width: 1600, height: 1000, xRange: -10...10, yRange: -10...10)
        let renderer = GraphRenderer(style: GraphStyle(lineWidth: 3, labelPixelHeight: 20), glyphs: BoxGlyphs())
        let clock = ContinuousClock()
        var sampling = [Duration](), rasterizing = [Duration]()
        for _ in 0..<60 {
            var samples = Samples()
            sampling.append(clock.measure { samples = renderer.sample({ sin($0) * $0 }, in: viewport) })
            rasterizing.append(clock.measure { _ = renderer.rasterize(samples, in: viewport) })
        }
        let sample = sampling.sorted()[30], raster = rasterizing.sorted()[30]
        print("median sample \(sample), rasterize \(raster)")
        #expect(sample + raster < .milliseconds(2))
    }
}
