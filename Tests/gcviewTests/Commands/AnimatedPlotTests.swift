import Foundation
import Raster
import Testing

/// `plot --animate NAME=FROM:TO --output FILE.gif`: every frame of the GIF decoded by ImageMagick
/// (an independent decoder) and checked against the true curve for its parameter's value.
@Suite("plot --animate: animated GIFs")
struct AnimatedPlotTests {
    static let convert = "/usr/bin/convert"
    static let hasImageMagick = FileManager.default.isExecutableFile(atPath: convert)

    /// The GIF `gcview plot` wrote with `arguments`, and the folder it lies in.
    struct Animation {
        let folder: URL
        let file: URL
        let finished: Finished

        init(_ arguments: [String]) throws {
            folder = Paths.temporaryFolder()
            file = folder.appendingPathComponent("a.gif")
            finished = try run(Paths.gcview, ["plot"] + arguments + ["--theme", "dark", "--output", file.path])
        }

        /// Each frame as ImageMagick composes it (`-coalesce`: what a viewer shows), as RGB pixels.
        func frames() throws -> [(width: Int, height: Int, pixels: [RGB])] {
            let decoded = try run(AnimatedPlotTests.convert, [file.path, "-coalesce", folder.appendingPathComponent("f-%04d.ppm").path])
            guard decoded.status == 0 else { throw DecodeFailed(reason: decoded.stderr) }
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ppm") }.sorted()
            return try names.map { try AnimatedPlotTests.readPPM(Data(contentsOf: folder.appendingPathComponent($0))) }
        }

        /// `identify`'s per-frame format `format`, one line a frame.
        func identify(_ format: String) throws -> [String] {
            try run("/usr/bin/identify", ["-format", format + "\n", file.path]).stdout.split(separator: "\n").map(String.init)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    struct DecodeFailed: Error { let reason: String }

    /// A binary PPM (P6, 8 bits): the header's four fields, one white-space byte, then RGB triples.
    /// A `#` in the header begins a comment to the line's end (netpbm's ppm(5)): ImageMagick
    /// copies the GIF's comment, gcview's mark, there.
    static func readPPM(_ data: Data) throws -> (width: Int, height: Int, pixels: [RGB]) {
        let bytes = [UInt8](data)
        var fields: [String] = [], index = 0
        while fields.count < 4 {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                continue
            }
            let start = index
            while index < bytes.count, !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D) { index += 1 }
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        index += 1
        guard fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]), fields[3] == "255",
              bytes.count - index == width * height * 3 else { throw DecodeFailed(reason: "not an 8-bit P6: \(fields)") }
        let pixels = (0..<(width * height)).map { RGB(bytes[index + 3 * $0], bytes[index + 3 * $0 + 1], bytes[index + 3 * $0 + 2]) }
        return (width, height, pixels)
    }

    static let size = ["--size", "\(PlottedGraph.width)x\(PlottedGraph.height)"]

    @Test("Every frame k of sin(a x), a = 1:3, draws sin((1 + 2k/(N−1)) x), and the GIF loops forever at 20 fps",
          .enabled(if: hasImageMagick))
    func framesFollowTheParameter() throws {
        let frames = 5
        let animation = try Animation(["sin(a x)", "--animate", "a=1:3", "--frames", "\(frames)", "--x", "-5:5", "--y", "-1.5:1.5"] + Self.size)
        defer { animation.remove() }
        #expect(animation.finished.status == 0, "\(animation.finished.stderr)")
        #expect(animation.finished.stderr.isEmpty)
        let decoded = try animation.frames()
        #expect(decoded.count == frames)
        for (k, frame) in decoded.enumerated() {
            #expect(frame.width == PlottedGraph.width && frame.height == PlottedGraph.height)
            let a = 1 + 2 * Double(k) / Double(frames - 1)
            let graph = PlottedGraph(pixels: frame.pixels, x: -5...5, y: -1.5...1.5) { sin(a * $0) }
            let stray = graph.strayCurvePixels()
            #expect(stray.isEmpty, "frame \(k), a = \(a): \(stray.count) stray pixels, first \(stray.prefix(3))")
            let uncovered = graph.uncoveredColumns()
            #expect(uncovered.isEmpty, "frame \(k), a = \(a): uncovered columns \(uncovered.prefix(10))")
        }
        // 100/20 = 5 hundredths of a second a frame; the NETSCAPE2.0 block with a loop count of 0.
        #expect(try animation.identify("%T") == Array(repeating: "5", count: frames))
        let bytes = [UInt8](try Data(contentsOf: animation.file))
        let netscape = Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0]
        #expect(bytes.starts(with: Array("GIF89a".utf8)))
        #expect((0...(bytes.count - netscape.count)).contains { Array(bytes[$0..<($0 + netscape.count)]) == netscape })
    }

    @Test("Colours are exact: each frame is, pixel for pixel, the PNG plot --let draws for its value",
          .enabled(if: hasImageMagick))
    func exactColours() throws {
        let animation = try Animation(["sin(a x)", "x/b", "--let", "b=4", "--animate", "a=0.5:2", "--frames", "4",
                                       "--x", "-5:5", "--y", "-2:2"] + Self.size)
        defer { animation.remove() }
        #expect(animation.finished.status == 0, "\(animation.finished.stderr)")
        let decoded = try animation.frames()
        #expect(decoded.count == 4)
        for (k, frame) in decoded.enumerated() {
            let a = 0.5 + 1.5 * Double(k) / 3
            let png = animation.folder.appendingPathComponent("still-\(k).png")
            let still = try run(Paths.gcview, ["plot", "sin(a x)", "x/b", "--let", "b=4", "--let", "a=\(a)", "--x", "-5:5", "--y", "-2:2",
                                               "--theme", "dark", "--output", png.path] + Self.size)
            #expect(still.status == 0)
            let ppm = animation.folder.appendingPathComponent("still-\(k).ppm")
            #expect(try run(Self.convert, [png.path, ppm.path]).status == 0)
            let expected = try Self.readPPM(Data(contentsOf: ppm))
            let differing = zip(expected.pixels, frame.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "frame \(k): \(differing) pixels differ from the PNG of a = \(a)")
        }
    }

    @Test("y is fitted once over every frame, so the axes stay still: a x with a = 1:3 fills a third of the height at first",
          .enabled(if: hasImageMagick))
    func oneFitForAllFrames() throws {
        let animation = try Animation(["a x", "--animate", "a=1:3", "--frames", "3", "--x", "-5:5"] + Self.size)
        defer { animation.remove() }
        #expect(animation.finished.status == 0, "\(animation.finished.stderr)")
        let decoded = try animation.frames()
        #expect(decoded.count == 3)
        let rows = decoded.map { PlottedGraph(pixels: $0.pixels, x: -5...5, y: -1...1) { _ in nil }.curveRows }
        let first = try #require(rows.first ?? nil), last = try #require(rows.last ?? nil)
        #expect(Double(first.count) < 0.45 * Double(PlottedGraph.height), "first frame's curve spans rows \(first)")
        #expect(Double(last.count) > 0.8 * Double(PlottedGraph.height), "last frame's curve spans rows \(last)")
    }

    @Test("Hostile ranges: 1e308 down to -1e308 passes through a = 0 exactly; a parameter that leaves nothing defined draws nothing",
          .enabled(if: hasImageMagick))
    func hostile() throws {
        let huge = try Animation(["a x", "--animate", "a=1e308:-1e308", "--frames", "3", "--x", "-5:5", "--y", "-2:2"] + Self.size)
        defer { huge.remove() }
        #expect(huge.finished.status == 0, "\(huge.finished.stderr)")
        let frames = try huge.frames()
        #expect(frames.count == 3)
        // At a = ±1e308 the line crosses the view within 2e-308 of x = 0: a vertical line there, whole.
        for frame in [frames[0], frames[2]] {
            let graph = PlottedGraph(pixels: frame.pixels, x: -5...5, y: -2...2) { _ in nil }
            let column = Int(graph.pixel(x: 0, y: 0).x)
            let lit = (0..<PlottedGraph.height).flatMap { row in
                (0..<PlottedGraph.width).filter { graph.isCurve(column: $0, row: row) }.map { (column: $0, row: row) }
            }
            #expect(lit.allSatisfy { abs($0.column - column) <= 2 }, "only the line at x = 0 is drawn")
            #expect(Set(lit.map(\.row)).count == PlottedGraph.height, "the line at x = 0 crosses every row")
        }
        let flat = PlottedGraph(pixels: frames[1].pixels, x: -5...5, y: -2...2) { _ in 0 }
        #expect(flat.strayCurvePixels().isEmpty && flat.uncoveredColumns().isEmpty)

        let nowhere = try Animation(["sqrt(-a^2 - 1)", "--animate", "a=-1:1", "--frames", "3"] + Self.size)
        defer { nowhere.remove() }
        #expect(nowhere.finished.status == 0, "\(nowhere.finished.stderr)")
        let blank = try nowhere.frames()
        #expect(blank.count == 3)
        for frame in blank {
            #expect(PlottedGraph(pixels: frame.pixels, x: -10...10, y: -1...1) { _ in nil }.curvePixelCount == 0)
        }
    }

    @Test("A bad animation is one line on stderr and exit status 2", arguments: [
        (["--animate", "a=2:2"], "gcview: --animate a=2:2: the range has no width; for one value use --let a=2"),
        (["--animate", "a=1:3", "--frames", "0"], "gcview: --frames 0: an animation has 2 to 1000 frames"),
        (["--animate", "a=1:3", "--frames", "1001"], "gcview: --frames 1001: an animation has 2 to 1000 frames"),
        (["--animate", "a=1:3", "--fps", "0"], "gcview: --fps 0: give 0.1 to 50 frames a second"),
        (["--animate", "a=1:3", "--fps", "nan"], "gcview: --fps nan: give 0.1 to 50 frames a second"),
        (["--animate", "b=1:3"], "gcview: --animate b=1:3: no expression has a parameter b (theirs: a)"),
        (["--animate", "x=1:3"], "gcview: --animate x=1:3: x is the variable (--x sets its range, eval's --at its value), not a parameter"),
        (["--animate", "a=nan:1"], "gcview: --animate a=nan:1: both ends must be finite numbers"),
        (["--animate", "a=1:inf"], "gcview: --animate a=1:inf: both ends must be finite numbers"),
        (["--animate", "a=1"], "gcview: --animate a=1: write name=from:to with two numbers, such as --animate a=1:3"),
        (["--animate", "a=1:3", "--let", "a=2"], "gcview: --animate a=1:3: a is also given with --let"),
        (["--animate", "a=1:3", "--frames", "1000", "--size", "10000x10000"],
         "gcview: --frames 1000 at 10000x10000 are 100000000000 pixels; an animation may have at most 200000000: take fewer frames or a smaller --size"),
        (["--frames", "5"], "gcview: --frames needs --animate"),
    ])
    func bad(options: [String], message: String) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.gif")
        let finished = try run(Paths.gcview, ["plot", "sin(a x)", "--output", file.path] + options)
        #expect(finished.status == 2)
        #expect(finished.stderr == message + "\n")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("--animate needs a GIF file to write to, or a terminal to play in", arguments: [
        ([String](), "gcview: --animate a=1:3: standard output is not a terminal to play it in; write a GIF with --output FILE.gif"),
        (["--output", "wave.png"], "gcview: --animate writes an animated GIF: --output must name a .gif file"),
    ])
    func needsAGIF(options: [String], message: String) throws {
        let finished = try run(Paths.gcview, ["plot", "sin(a x)", "--animate", "a=1:3"] + options)
        #expect(finished.status == 2)
        #expect(finished.stderr == message + "\n")
    }
}
