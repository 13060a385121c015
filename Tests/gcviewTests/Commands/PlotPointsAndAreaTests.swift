import Foundation
import Raster
import TestSupport
import Testing

/// Issue 22, items 3 and 5 in `gcview plot`: `--points` marks the points of interest and
/// `--area A:B` shades the area under each curve with its value in the legend, in PNG and in SVG
/// (rendered by rsvg-convert), checked against the closed forms and never against gcview's own
/// analysis.
@Suite("plot --points and --area")
struct PlotPointsAndAreaTests {
    static let width = 480, height = 320
    /// The view every test plots: x −5…5, y −5…5 unless a test gives its own y.
    static let xRange = -5.0...5.0

    /// The pixels of `gcview plot EXPRESSIONS OPTIONS` at 480x320 in the dark theme, from a PNG,
    /// or from an SVG rendered by rsvg-convert; and the SVG's text for an SVG.
    static func picture(_ arguments: [String], y: ClosedRange<Double>, format: String) throws -> (pixels: [RGB], svg: String?) {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graph.\(format)")
        let result = try run(Paths.gcview, ["plot"] + arguments + [
            "--x", "\(xRange.lowerBound):\(xRange.upperBound)", "--y", "\(y.lowerBound):\(y.upperBound)",
            "--size", "\(width)x\(height)", "--theme", "dark", "--output", file.path])
        try #require(result.status == 0, "\(result.stderr)")
        guard format == "svg" else { return (try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: file))).pixels, nil) }
        let converted = folder.appendingPathComponent("converted.png")
        let rsvg = try run("/usr/bin/env", ["rsvg-convert", file.path, "-o", converted.path])
        try #require(rsvg.status == 0, "rsvg-convert: \(rsvg.stderr)")
        let decoded = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: converted)))
        try #require(decoded.width == width && decoded.height == height)
        return (decoded.pixels, try String(contentsOf: file, encoding: .utf8))
    }

    static func pixel(x: Double, y: Double, yRange: ClosedRange<Double>) -> (column: Int, row: Int) {
        (Int((x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * Double(width)),
         Int((yRange.upperBound - y) / (yRange.upperBound - yRange.lowerBound) * Double(height)))
    }

    /// How far `color` lies from the paper towards `ink` (0 paper, 1 ink), and how far off that line.
    static func tint(_ color: RGB, of ink: RGB, over paper: RGB) -> (amount: Double, offLine: Double) {
        let c = [color.red, color.green, color.blue].map(Double.init)
        let p = [paper.red, paper.green, paper.blue].map(Double.init)
        let i = [ink.red, ink.green, ink.blue].map(Double.init)
        let direction = zip(i, p).map { $0 - $1 }
        let length = direction.map { $0 * $0 }.reduce(0, +)
        let amount = zip(zip(c, p).map { $0 - $1 }, direction).map { $0 * $1 }.reduce(0, +) / length
        let offLine = (0..<3).map { abs(c[$0] - (p[$0] + amount * direction[$0])) }.max() ?? 0
        return (amount, offLine)
    }

    static func isTint(_ color: RGB, of ink: RGB) -> Bool {
        let measured = tint(color, of: ink, over: Theme.dark.background)
        return (0.08...0.7).contains(measured.amount) && measured.offLine < 12
    }

    @Test("--area 0:π under sin: tinted between the curve and the axis from 0 to π, nowhere else; the legend says 2",
          arguments: ["png", "svg"])
    func areaUnderSine(format: String) throws {
        let yRange = -1.5...1.5
        let picture = try Self.picture(["sin(x)", "--area", "0:\(Double.pi)"], y: yRange, format: format)
        let ink = Theme.dark.curveColor(0)
        func color(_ x: Double, _ y: Double) -> RGB {
            let at = Self.pixel(x: x, y: y, yRange: yRange)
            return picture.pixels[at.row * Self.width + at.column]
        }
        // Inside: under the curve and above the axis, away from both (sin there is at least 0.7).
        for (x, y) in [(0.9, 0.35), (1.4, 0.6), (1.9, 0.3), (2.3, 0.55), (2.6, 0.2)] {
            #expect(Self.isTint(color(x, y), of: ink), "\(format): (\(x), \(y)) is tinted: \(color(x, y))")
        }
        // Outside: above the curve, beyond the ends, and between the curve and the axis outside [0, π].
        for (x, y) in [(1.6, 1.2), (0.4, 0.9), (-1.3, -0.4), (-0.8, 0.3), (3.9, -0.35), (4.4, 0.4), (2.8, 0.7)] {
            #expect(!Self.isTint(color(x, y), of: ink), "\(format): (\(x), \(y)) is not tinted: \(color(x, y))")
        }
        // The legend (here the title) gives the value of ∫₀^π sin = 2, to six significant digits.
        if let svg = picture.svg {
            let title = try #require(svg.components(separatedBy: "∫").dropFirst().first, "the legend names the integral")
            let value = try #require(title.components(separatedBy: "= ").dropFirst().first?.prefix { $0 != "<" })
            #expect(abs((Double(value) ?? .nan) - 2) < 1e-5, "∫₀^π sin x dx reads \(value)")
            #expect(title.hasPrefix(" 0→3.14159 "), "the ends: \(title.prefix(20))")
        }
    }

    @Test("--area across 1/x's pole: the legend says there is none, and why")
    func areaAcrossPole() throws {
        let picture = try Self.picture(["1/x", "--area", "-1:1"], y: -5...5, format: "svg")
        let svg = try #require(picture.svg)
        #expect(svg.contains("∫ -1→1: none, a pole at x = 0"), "\(svg.components(separatedBy: "∫").dropFirst().first ?? "no ∫")")
    }

    /// The points of interest of x³ − 3x and x on −5…5 by closed form: roots 0 and ±√3, the
    /// maximum at −1 (2) and the minimum at 1 (−2), and where x³ − 3x = x, x³ = 4x: 0 and ±2.
    static let cubicAndLine: [(x: Double, y: Double)] = [
        (0, 0), (3.0.squareRoot(), 0), (-(3.0.squareRoot()), 0), (-1, 2), (1, -2), (2, 2), (-2, -2),
    ]

    /// How many pixels changed from `plain` to `marked` within a dot's reach (8 px) of each of
    /// `truths`, and the changed pixels beyond every one's reach.
    static func changedPixels(from plain: [RGB], to marked: [RGB], near truths: [(column: Int, row: Int)])
        -> (near: [Int], stray: [(Int, Int)]) {
        var changedNear = Array(repeating: 0, count: truths.count), stray = [(Int, Int)]()
        for row in 0..<height {
            for column in 0..<width where plain[row * width + column].distance(to: marked[row * width + column]) > 24 {
                let near = truths.indices.filter { abs(truths[$0].column - column) <= 8 && abs(truths[$0].row - row) <= 8 }
                if near.isEmpty { stray.append((column, row)) }
                for index in near { changedNear[index] += 1 }
            }
        }
        return (changedNear, stray)
    }

    @Test("--points: every pixel the dots change lies within a dot's reach of a closed-form point, and each point has its dot",
          arguments: ["png", "svg"])
    func dotsAtClosedForms(format: String) throws {
        let yRange = -5.0...5.0
        let plain = try Self.picture(["x^3 - 3x", "x"], y: yRange, format: format).pixels
        let marked = try Self.picture(["x^3 - 3x", "x", "--points"], y: yRange, format: format).pixels
        let truths = Self.cubicAndLine.map { Self.pixel(x: $0.x, y: $0.y, yRange: yRange) }
        let (changedNear, stray) = Self.changedPixels(from: plain, to: marked, near: truths)
        #expect(stray.isEmpty, "\(format): \(stray.count) changed pixels away from every point, first \(stray.prefix(5))")
        for (index, count) in changedNear.enumerated() {
            #expect(count >= 12, "\(format): a dot at \(Self.cubicAndLine[index]) (\(count) pixels changed)")
        }
        // Each dot's middle is paper.
        let paper = Theme.dark.background
        for truth in truths {
            #expect(marked[truth.row * Self.width + truth.column].distance(to: paper) < 40, "\(format): paper inside the dot at \(truth)")
        }
    }

    @Test("--points on tan: no dot within 0.3 of a pole, a dot at each root kπ in view")
    func noDotAtPoles() throws {
        let yRange = -5.0...5.0
        let plain = try Self.picture(["tan(x)"], y: yRange, format: "png").pixels
        let marked = try Self.picture(["tan(x)", "--points"], y: yRange, format: "png").pixels
        let poles = [-3.0, -1, 1, 3].map { $0 * Double.pi / 2 }
        var rootsSeen = Set<Int>()
        for row in 0..<Self.height {
            for column in 0..<Self.width
            where plain[row * Self.width + column].distance(to: marked[row * Self.width + column]) > 24 {
                let x = Self.xRange.lowerBound + (Double(column) + 0.5) / Double(Self.width) * 10
                #expect(poles.allSatisfy { abs($0 - x) > 0.3 }, "a changed pixel at x = \(x), beside a pole")
                if let k = [-1, 0, 1].first(where: { abs(Double($0) * Double.pi - x) < 0.2 }) { rootsSeen.insert(k) }
            }
        }
        #expect(rootsSeen == [-1, 0, 1], "dots at −π, 0 and π: \(rootsSeen.sorted())")
    }

    @Test("A bad --area is one line and exit 2", arguments: ["0:nan", "-inf:1", "1e301:0", "1", "a:b", ""])
    func badArea(argument: String) throws {
        let result = try run(Paths.gcview, ["plot", "sin(x)", "--area", argument, "--output", "/dev/null"])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("--area"), "\(result.stderr)")
    }

    @Test("Hostile functions with --points and --area, in every protocol and file format: exit 0, a picture, well-formed SVG",
          arguments: [["1/x"], ["tan(x)"], ["1e308*x"], ["sqrt(-1-x^2)"], ["0/0+x"], ["sin(1/x)"], ["floor(x)"],
                      ["exp(exp(x))"], ["sin(1e300*x)"], ["gamma(x)"], ["x", "x+1e-300", "-x", "1/x", "tan(x)", "floor(x)"]])
    func hostile(_ expressions: [String]) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = ["--points", "--area", "-1e300:3", "--size", "320x200"]
        for format in ["png", "svg"] {
            let file = folder.appendingPathComponent("graph.\(format)")
            let result = try run(Paths.gcview, ["plot"] + expressions + options + ["--output", file.path])
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(((try? Data(contentsOf: file))?.count ?? 0) > 100, "\(format): a picture")
            if format == "svg" {
                let lint = try run("/usr/bin/env", ["xmllint", "--noout", file.path])
                #expect(lint.status == 0, "\(lint.stderr)")
            }
        }
        for graphicsProtocol in ["sixel", "kitty", "iterm2", "unicode"] {
            let result = try run(Paths.gcview, ["plot"] + expressions + options + ["--protocol", graphicsProtocol])
            #expect(result.status == 0, "\(graphicsProtocol): \(result.stderr)")
            #expect(result.stdout.count > 100, "\(graphicsProtocol): a picture")
        }
    }
}
