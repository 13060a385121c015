import Benchmark
import GCViewBenchmarkSupport

/// The phases of one graph frame, as `gcview bench` times them (sin(x)*x on [-10, 10] at
/// 1600x1000), a whole frame per protocol, and the interactive pan key to frame written.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 5,
        scalingFactor: .one,
        maxDuration: .seconds(2),
        maxIterations: 200
    )

    let frame: GraphFrameBenchmark
    do {
        frame = try GraphFrameBenchmark(expression: "sin(x)*x", xRange: -10...10, width: 1600, height: 1000)
    } catch {
        fatalError("\(error)")
    }

    Benchmark("sample") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(frame.sample()) }
    }
    Benchmark("rasterize") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(frame.rasterize()) }
    }
    Benchmark("encode sixel") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try frame.encodeSixel()) }
    }
    Benchmark("encode kitty") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try frame.encodeKitty()) }
    }
    Benchmark("frame sixel") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try frame.frameSixel()) }
    }
    Benchmark("frame kitty") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try frame.frameKitty()) }
    }
    for protocolName in PanFrameBenchmark.protocols {
        Benchmark("pan key to frame \(protocolName)") { benchmark, driver in
            for _ in benchmark.scaledIterations { blackHole(driver.panFrame()) }
        } setup: {
            try PanFrameBenchmark(protocolName: protocolName, expression: "sin(x)*x", xRange: -10...10,
                                  width: 1600, height: 1000)
        }
    }
}
