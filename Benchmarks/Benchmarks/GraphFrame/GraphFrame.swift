import App
import Benchmark
import Brain
import Glyphs
import Raster
import Terminal

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

    guard let program = try? ExpressionParser.parse("sin(x)*x") else {
        fatalError("sin(x)*x does not parse")
    }
    let function = program.function(of: "M")
    let viewport = Viewport(width: 1600, height: 1000, xRange: -10...10, yRange: -1...1).fittingY(to: function)
    let renderer = GraphRenderer(style: .sized(forTextHeight: 20, title: program.description),
                                 glyphs: try? FreeTypeGlyphs.system())
    let samples = renderer.sample(function, in: viewport)
    let image = renderer.rasterize(samples, in: viewport)
    let sixel = SixelEncoder(), kitty = KittyEncoder()

    Benchmark("sample") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(renderer.sample(function, in: viewport)) }
    }
    Benchmark("rasterize") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(renderer.rasterize(samples, in: viewport)) }
    }
    Benchmark("encode sixel") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try sixel.encode(image)) }
    }
    Benchmark("encode kitty") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try kitty.encode(image, imageID: 1, placementID: 1)) }
    }
    Benchmark("frame sixel") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try sixel.encode(renderer.render(function, in: viewport)))
        }
    }
    Benchmark("frame kitty") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try kitty.encode(renderer.render(function, in: viewport), imageID: 1, placementID: 1))
        }
    }
    for graphicsProtocol in [GraphicsProtocol.sixel, .kitty] {
        Benchmark("pan key to frame \(graphicsProtocol.rawValue)") { benchmark, driver in
            for _ in benchmark.scaledIterations { blackHole(driver.panFrame()) }
        } setup: {
            try PanFrameDriver(graphicsProtocol: graphicsProtocol, expression: "sin(x)*x", xRange: -10...10,
                               paneSize: PixelSize(width: 1600, height: 1000))
        }
    }
}
