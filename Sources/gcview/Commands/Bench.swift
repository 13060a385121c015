import App
import ArgumentParser
import Brain
import Codecs
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Glyphs
import Analysis
import Raster
import SystemSupport
import Terminal

/// Times the phases of one graph frame and prints the figures.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time sampling, rasterizing and encoding one graph frame; print median figures.",
        discussion: "Build in release mode for meaningful numbers: bash scripts/run bench"
    )

    @Option(help: "The expression to graph.")
    var expression = "sin(x)*x"

    @Option(name: .customLong("x"), parsing: .unconditional, help: ArgumentHelp("The x range.", valueName: "min:max"))
    var xRange = AxisRange(lower: -10, upper: 10)

    @Option(help: ArgumentHelp("The frame size in pixels.", valueName: "WxH"))
    var size = ImageSize(width: 1600, height: 1000)

    @Option(help: "How many frames to time.")
    var runs = 101

    mutating func validate() throws {
        try xRange.validate(as: "--x")
        try size.validate(as: "--size")
        guard (1...100_000).contains(runs) else { throw ValidationError("--runs must be between 1 and 100000") }
    }

    func run() throws {
        let program: Program
        do { program = try ExpressionParser.parse(expression) } catch { throw ValidationError(error.description) }
        let function = program.function(of: Coordinates.xVariable)
        let viewport = Viewport(width: size.width, height: size.height, xRange: xRange.closedRange, yRange: -1...1)
            .fittingY(to: function)
        let renderer = GraphRenderer(style: .sized(forTextHeight: 20, title: program.description),
                                     glyphs: try? FreeTypeGlyphs.system())
        let sixel = SixelEncoder(), kitty = KittyEncoder()

        var timings = Timings()
        var sixelBytes = 0, kittyBytes = 0
        for _ in 0..<runs {
            var samples = Samples()
            var image = IndexedImage(width: 1, height: 1, palette: [RGB(0, 0, 0)])
            timings.record("sample") { samples = renderer.sample(function, in: viewport) }
            timings.record("rasterize") { image = renderer.rasterize(samples, in: viewport) }
            try timings.record("encode sixel") { sixelBytes = try sixel.encode(image).count }
            try timings.record("encode kitty") { kittyBytes = try kitty.encode(image, imageID: 1, placementID: 1).count }
            // Whole frames, timed as one piece: a median of sums, not a sum of medians.
            try timings.record("frame sixel") {
                try sixel.encode(renderer.rasterize(renderer.sample(function, in: viewport), in: viewport)).count
            }
            try timings.record("frame kitty") {
                try kitty.encode(renderer.rasterize(renderer.sample(function, in: viewport), in: viewport),
                                 imageID: 1, placementID: 1).count
            }
        }

        try StandardOutput.write(line: "gcview bench: \(expression) on [\(xRange.lower), \(xRange.upper)] at \(size.width)x\(size.height), median of \(runs)")
        for phase in ["sample", "rasterize", "encode sixel", "encode kitty"] {
            try StandardOutput.write(line: phase + String(repeating: " ", count: max(16 - phase.count, 0)) + Timings.format(timings.median(phase)))
        }
        try StandardOutput.write(line: "frame sixel     " + Timings.format(timings.median("frame sixel")) + "  \(sixelBytes) bytes")
        try StandardOutput.write(line: "frame kitty     " + Timings.format(timings.median("frame kitty")) + "  \(kittyBytes) bytes")
        try deflaters(frame: renderer.render(function, in: viewport), renderer: renderer)
        try worstCase(renderer: renderer)
        try implicitCurves(renderer: renderer)
        try interactive()
        try playback()
        try brain()
        try restore()
        try longPrograms(renderer: renderer)
        try points()
        try animatedGIF()
        try data()
    }

    /// Finding the points of interest of one curve over the bench's x range, as `gcview points`
    /// does, for a smooth curve, poles, jumps and endless oscillation.
    private func points() throws {
        for text in ["sin(x)*x", "tan(x)", "floor(x)", "sin(1/x)"] {
            let program: Program
            do { program = try ExpressionParser.parse(text) } catch { throw ValidationError(error.description) }
            let function = program.function(of: Coordinates.xVariable)
            var timings = Timings()
            var found: CurvePoints?
            for _ in 0..<min(runs, 21) {
                found = timings.record("points") {
                    PointsOfInterest.find(in: [function], over: xRange.closedRange, costs: [program.steps.count]).curves.first
                }
            }
            guard let found else { continue }
            let counts = "\(found.roots.count) roots, \(found.maxima.count + found.minima.count) extrema, "
                + "\(found.poles.count) poles, \(found.jumps.count) jumps" + (found.isTruncated ? ", truncated" : "")
            try StandardOutput.write(line: "points " + text + String(repeating: " ", count: max(9 - text.count, 0))
                  + Timings.format(timings.median("points")) + "  \(found.evaluations) evaluations; " + counts)
        }
    }

    /// Fitting, sampling and rasterizing programs as long as an argument can hold, whose cost the
    /// frame's work budget bounds (seconds each, one run: they are meant to stay far below one).
    private func longPrograms(renderer: GraphRenderer) throws {
        let sum = Array(repeating: "sin(x)", count: 14_000).joined(separator: "+")
        let cases: [(name: String, expressions: [String], width: Int, height: Int)] = [
            ("14000-term sum of sin(x)", [sum], 800, 500),
            ("x followed by 99000 !", ["x" + String(repeating: "!", count: 99_000)], 800, 500),
            ("x repeated 100000 times", [String(repeating: "x", count: 100_000)], 800, 500),
            ("six 14000-term sums", Array(repeating: sum, count: 6), 10_000, 10_000),
        ]
        let clock = ContinuousClock()
        for (name, expressions, width, height) in cases {
            var programs: [Program] = []
            for text in expressions {
                do { programs.append(try ExpressionParser.parse(text)) } catch { throw ValidationError(error.description) }
            }
            let start = clock.now
            let functions = programs.map { program -> (Double) -> Double? in program.function(of: Coordinates.xVariable) }
            let costs: [Int] = programs.map { $0.steps.count }
            let viewport = Viewport(width: width, height: height, xRange: -10...10, yRange: -1...1)
                .fittingY(toAll: functions, costs: costs)
            let samples = renderer.sample(functions, costs: costs, in: viewport)
            _ = renderer.rasterize(samples, in: viewport)
            let (whole, fraction) = start.duration(to: clock.now).components
            let seconds = Double(whole) + Double(fraction) / 1e18
            let evaluations = samples.reduce(0) { $0 + $1.evaluations }
            let widest = samples.reduce(1) { max($0, $1.widestColumn) }
            try StandardOutput.write(line: "long program: \(name) at \(width)x\(height): " + cFormat("%.3f s", seconds)
                  + ", \(evaluations) evaluations, columns up to \(widest) px")
        }
    }

    /// Restoring a large valid state file at launch.
    private func restore() throws {
        let report = try RestoreBenchmark(runs: min(runs, 5)).run()
        try StandardOutput.write(line: "restore of \(report.entriesInFile) history entries of \(report.curves) curves × \(report.stepsPerCurve) steps"
              + cFormat(" (%.1f MB of JSON): ", Double(report.fileBytes) / 1e6)
              + Timings.format(report.restoreTimes.middle ?? .zero).trimmed + " median after decoding it in "
              + Timings.format(report.decodeTimes.middle ?? .zero).trimmed + ", \(report.entriesKept) entries kept")
    }

    /// The calculator's linear costs: many key presses, and a deeply nested expression.
    private func brain() throws {
        let keys = Array(repeating: ["1", "+"], count: 2_000).flatMap { $0 }
        var timings = Timings()
        let brainRuns = min(runs, 21)
        for _ in 0..<brainRuns {
            // The whole command as `main` runs it: arguments parsed and validated, keys pressed, report built.
            try timings.record("presses") {
                guard let press = try GCView.parseAsRoot(KeyBundle.bundled(["press"] + keys)) as? Press else {
                    throw ValidationError("press did not parse as press")
                }
                _ = try press.report().rendered(asJSON: false)
            }
        }
        let power = Array(repeating: "1", count: 20_000).joined(separator: "^")
        for _ in 0..<brainRuns {
            try timings.record("power") {
                let program = try ExpressionParser.parse(power)
                let evaluation = program.evaluate(at: 0)
                _ = try CalculatorReport(display: evaluation.result.map(NumberFormat.display) ?? "",
                                     evaluation: evaluation).rendered(asJSON: false)
            }
        }
        try StandardOutput.write(line: "\(keys.count) presses through press: "
              + Timings.format(timings.median("presses")).trimmed + " median")
        try StandardOutput.write(line: "eval of 20000-term right-nested power: "
              + Timings.format(timings.median("power")).trimmed + " median")
    }

    /// Playback (issue 23, item 6): frames a second and bytes a frame while the app plays sin(a x)·x's
    /// a across −10…10, each frame rendered, encoded and written on one thread; the aim is 60.
    private func playback() throws {
        for graphicsProtocol in [GraphicsProtocol.sixel, .kitty] {
            let report: PlaybackBenchmark.Report
            do {
                report = try PlaybackBenchmark(graphicsProtocol: graphicsProtocol, frames: max(runs, 31), xRange: xRange.closedRange,
                                               paneSize: PixelSize(width: size.width, height: size.height)).run()
            } catch InteractiveError.noGraphPaneForBenchmark {
                try StandardOutput.write(line: "playback lines skipped: the app's layout has no graph pane of \(size.width)x\(size.height) px")
                return
            }
            let median = report.frameTimes[report.frameTimes.count / 2], slowest = report.frameTimes[report.frameTimes.count - 1]
            try StandardOutput.write(line: "playback \(graphicsProtocol.rawValue), \(report.pane) pane, sin(a x)*x with a over -10:10: "
                  + cFormat("%.0f frames/s", report.framesPerSecond) + " (frame " + Timings.format(median).trimmed
                  + " median, " + Timings.format(slowest).trimmed + " slowest), bytes a frame median "
                  + "\(report.frameBytes[report.frameBytes.count / 2]), max \(report.frameBytes.last ?? 0)")
            for rendersAhead in [false, true] {
                let live = try PlaybackBenchmark(graphicsProtocol: graphicsProtocol, frames: 0, xRange: xRange.closedRange,
                                                 paneSize: PixelSize(width: size.width, height: size.height))
                    .runLive(for: .seconds(3), rendersAhead: rendersAhead, keys: 60)
                try StandardOutput.write(line: "playback live \(graphicsProtocol.rawValue), 3 s, " + (rendersAhead ? "frames rendered ahead" : "all on the loop")
                      + ": " + cFormat("%.0f frames/s", live.framesPerSecond) + " shown (\(live.framesRenderedAhead) of \(live.framesShown) ahead), "
                      + "loop per frame " + Self.spread(live.loopTimes) + ", a key answered in " + Self.spread(live.keyLatencies)
                      + " (\(live.keyLatencies.count) keys)")
            }
        }
    }

    /// Sorted times as `1.20 ms median, 3.40 ms max`.
    private static func spread(_ times: [Duration]) -> String {
        guard let slowest = times.last else { return "none" }
        return Timings.format(times[times.count / 2]).trimmed + " median, " + Timings.format(slowest).trimmed + " max"
    }

    /// The interactive loop: a pan key to its frame, and a burst of pan keys.
    private func interactive() throws {
        for graphicsProtocol in [GraphicsProtocol.sixel, .kitty] {
            let report: InteractiveBenchmark.Report
            do {
                report = try InteractiveBenchmark(graphicsProtocol: graphicsProtocol, runs: runs, expression: expression,
                                                  xRange: xRange.closedRange,
                                                  paneSize: PixelSize(width: size.width, height: size.height)).run()
            } catch InteractiveError.noGraphPaneForBenchmark {
                // A small --size is still a size: the lines that need the app's layout say why they are missing.
                try StandardOutput.write(line: "interactive lines skipped: the app's layout has no graph pane of \(size.width)x\(size.height) px")
                return
            }
            try StandardOutput.write(line: "interactive \(graphicsProtocol.rawValue), \(report.pane) pane"
                  + cFormat(" on [%g, %g]", report.xRange.lowerBound, report.xRange.upperBound)
                  + ": pan key to frame written "
                  + Timings.format(report.medianKeyToFrame).trimmed
                  + " median, \(report.frameBytes) bytes")
            try StandardOutput.write(line: "  burst of \(report.burstKeys) pan keys: \(report.burstFrames) frame(s) drawn, origin moved "
                  + cFormat("%.1f px (expected %.1f)", report.burstOffset, report.expectedBurstOffset))
            if graphicsProtocol == .kitty, let walkMedian = report.walkTimes.middle, let walkSlowest = report.walkTimes.last {
                try StandardOutput.write(line: "  kitty bytes per pan step: median \(report.stepBytes.middle ?? 0), max \(report.stepBytes.last ?? 0)"
                      + " over \(report.stepBytes.count) steps back and forth")
                try StandardOutput.write(line: "  kitty bytes per pan step, x labels pinned to the bottom: along them median "
                      + "\(report.pinnedAlongBytes.middle ?? 0), max \(report.pinnedAlongBytes.last ?? 0) (graph and strip placed, with patches where labels are cut); "
                      + "across them median \(report.pinnedAcrossBytes.middle ?? 0), max \(report.pinnedAcrossBytes.last ?? 0) (graph placed, with patches where labels are cut)")
                try StandardOutput.write(line: "  walking 4 right, 8 left, 8 right: bytes median \(report.walkBytes.middle ?? 0),"
                      + " max \(report.walkBytes.last ?? 0); key to frame median "
                      + Timings.format(walkMedian).trimmed + ", max " + Timings.format(walkSlowest).trimmed)
            }
        }
    }
}
