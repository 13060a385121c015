import App
import ArgumentParser
import Brain
import Codecs
import FoundationEssentials
import Glyphs
import Analysis
import Figure
import Raster
import SystemSupport
import Terminal

/// The benches of pictures: `plot --animate`'s GIF against whole `plot` processes, the PNG
/// deflaters, the worst case the sampler bounds, and implicit curves.
extension Bench {
    /// `plot --animate`'s work against `plot`'s: 60 GIF frames at 800x500 of sin(a x)*x for a from 1
    /// to 3 (fitting y over them all, rendering and encoding each), and whole `gcview plot` processes
    /// of one frame at the same size (sixel into a pipe, no terminal to ask). The aim: the 60 frames
    /// in less time than 20 plots.
    func animatedGIF() throws {
        let program: Program
        do { program = try ExpressionParser.parse("sin(a x)*x") } catch { throw ValidationError(error.description) }
        let (width, height, frames) = (800, 500, 60)
        let renderer = GraphRenderer(style: .sized(forTextHeight: 20, title: "y = sin(a × x) × x"), glyphs: try? FreeTypeGlyphs.system())
        var timings = Timings(), phases = Timings()
        var bytes = 0
        for _ in 0..<min(runs, 5) {
            try timings.record("gif") {
                let functions = (0..<frames).map { k in program.function(of: Coordinates.xVariable, using: ["a": 1 + 2 * Double(k) / Double(frames - 1)]) }
                let viewport = Viewport(width: width, height: height, xRange: xRange.closedRange, yRange: -1...1)
                    .fittingY(toAll: functions.map { f -> (Double) -> Double? in f })
                var gif: AnimatedGIF?
                for f in functions {
                    let image = phases.record("gif render") { renderer.render(f, in: viewport) }
                    if gif == nil { gif = try AnimatedGIF(width: width, height: height, delay: 5, palette: image.palette) }
                    try phases.record("gif encode") { try gif?.append(image) }
                }
                bytes = try gif?.finish().count ?? 0
            }
        }
        let gif = Timings.milliseconds(timings.median("gif"))
        try StandardOutput.write(line: "gif \(width)x\(height), \(frames) frames of sin(a x)*x, a = 1:3: " + cFormat("%.1f ms, %.2f ms a frame", gif, gif / Double(frames))
              + " (render " + Timings.format(phases.median("gif render")).trimmed + ", encode "
              + Timings.format(phases.median("gif encode")).trimmed + " median), \(bytes) B")
        let arguments = ["plot", "sin(x)*x", "--x", "\(xRange.lower):\(xRange.upper)", "--size", "\(width)x\(height)", "--protocol", "sixel"]
        for _ in 0..<min(runs, 21) {
            do {
                try timings.record("plot") {
                    _ = try ChildProcess.output(of: "/proc/self/exe", arguments: arguments, timeout: .seconds(30), limit: 64 << 20)
                }
            } catch {
                try StandardOutput.write(line: "plot process: not timed (\(error))")
                return
            }
        }
        let plot = Timings.milliseconds(timings.median("plot"))
        try StandardOutput.write(line: "plot \(width)x\(height), a whole gcview plot process: " + cFormat("%.1f ms median; 20 plots %.0f ms, ", plot, 20 * plot)
              + cFormat("so the %d GIF frames take %.2f of 20 plots", frames, gif / (20 * plot)))
    }

    /// The PNG encode (kitty's and `w`'s pictures) with each deflater, on the frame and on a
    /// panorama of six curves three panes wide: median time and bytes, so the choice of deflater
    /// rests on figures.
    func deflaters(frame: IndexedImage, renderer: GraphRenderer) throws {
        var programs: [Program] = []
        for text in ["sin(x)*x", "tan(x)", "x^2/10", "1/x", "sqrt(x)*3", "floor(x)"] {
            do { programs.append(try ExpressionParser.parse(text)) } catch { throw ValidationError(error.description) }
        }
        let six = programs.map { program -> (Double) -> Double? in program.function(of: Coordinates.xVariable) }
        let panorama = renderer.render(six, in: Viewport(width: min(size.width * 3, 10_000), height: size.height,
                                                         xRange: -30...30, yRange: -10...10))
        for (name, image) in [("frame", frame), ("panorama", panorama)] {
            var timings = Timings()
            var bytes: [PNGDeflater: Int] = [:]
            for _ in 0..<min(runs, 51) {
                for deflater in PNGDeflater.allCases {
                    try timings.record(deflater.rawValue) { bytes[deflater] = try PNG.encode(image, deflater: deflater).count }
                }
            }
            let figures = PNGDeflater.allCases.map {
                "\($0.rawValue) " + Timings.format(timings.median($0.rawValue)).trimmed + " \(bytes[$0] ?? 0) B"
            }
            try StandardOutput.write(line: "png deflate, \(name) \(image.width)x\(image.height): " + figures.joined(separator: ", "))
        }
    }

    /// Sampling and rasterizing a function that oscillates far faster than the pixels (tan(24000x)),
    /// whose cost the sampler bounds per column.
    func worstCase(renderer: GraphRenderer) throws {
        let expression = "tan(24000x)"
        guard let function = try? ExpressionParser.parse(expression).function(of: Coordinates.xVariable) else { return }
        let viewport = Viewport(width: size.width, height: size.height, xRange: -10...10, yRange: -5...5)
        var timings = Timings()
        var evaluations = 0
        for _ in 0..<min(runs, 11) {
            timings.record("worst") {
                let samples = renderer.sample(function, in: viewport)
                evaluations = samples.evaluations
                _ = renderer.rasterize(samples, in: viewport)
            }
        }
        try StandardOutput.write(line: "worst case      " + Timings.format(timings.median("worst"))
              + "  sample + rasterize \(expression) on [-10, 10], \(evaluations) evaluations (\(evaluations / (size.width + 2)) a column)")
    }

    /// Implicit relations (issue 24, item 3): the folium x³ + y³ = 3xy on [-4, 4] and the circle
    /// x² + y² = 9 on [-8, 8], as typed (parsed and compiled as `plot` does), each contoured,
    /// rasterized and encoded as sixel at the bench's size.
    func implicitCurves(renderer: GraphRenderer) throws {
        var cases: [(String, PlaneCurve, ClosedRange<Double>)] = []
        for (text, range) in [("x^3 + y^3 = 3 x y", -4.0...4.0), ("x^2 + y^2 = 9", -8.0...8.0)] {
            do {
                let relation = try Relation.parse(text)
                cases.append((text, relation.planeCurve(using: [:], angle: .radians, t: 0...(2 * Double.pi)), range))
            } catch {
                throw ValidationError(error.description)
            }
        }
        let sixel = SixelEncoder()
        for (name, curve, range) in cases {
            let aspect = Double(size.height) / Double(size.width)
            let viewport = Viewport(width: size.width, height: size.height, xRange: range,
                                    yRange: (range.lowerBound * aspect)...(range.upperBound * aspect))
            var timings = Timings(), phases = Timings()
            var evaluations = 0, bytes = 0
            for _ in 0..<min(runs, 21) {
                try timings.record("frame") {
                    let samples = phases.record("sample") { renderer.sample([curve], in: viewport) }
                    evaluations = samples.first?.evaluations ?? 0
                    bytes = try sixel.encode(renderer.rasterize(samples, in: viewport)).count
                }
            }
            try StandardOutput.write(line: "implicit '" + name + "': " + Timings.format(timings.median("frame")).trimmed + " rendered and encoded (sixel), "
                  + "contour " + Timings.format(phases.median("sample")).trimmed + ", \(evaluations) evaluations, \(bytes) bytes")
        }
    }
}
