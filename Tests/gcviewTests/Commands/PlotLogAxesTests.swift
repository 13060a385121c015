import Foundation
import Raster
import TestSupport
import Testing

/// `gcview plot --x-scale log --y-scale log` and `--degrees`, checked as a user sees them: the
/// PNG's (and the SVG's, through rsvg-convert) curve pixels against the true lines of power laws
/// and exponentials, grid lines at log10 of the decades and of 2–9, nothing where y ≤ 0, hostile
/// functions in every protocol, and a lower end ≤ 0 on a log axis refused in one line.
@Suite("Plotting on log axes and in degrees")
struct PlotLogAxesTests {
    static let width = 600, height = 400

    /// The picture `gcview plot ARGUMENTS --output FILE.ext` wrote, decoded to pixels (an SVG by rsvg-convert).
    static func picture(_ arguments: [String], format: String = "png") throws -> [RGB] {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graph.\(format)")
        let result = try run(Paths.gcview, ["plot"] + arguments + ["--size", "\(width)x\(height)", "--theme", "dark",
                                                                   "--output", file.path])
        try #require(result.status == 0, "\(result.stderr)")
        var png = file
        if format == "svg" {
            png = folder.appendingPathComponent("converted.png")
            let rsvg = try run("/usr/bin/env", ["rsvg-convert", file.path, "-o", png.path])
            try #require(rsvg.status == 0, "rsvg-convert: \(rsvg.stderr)")
        }
        let decoded = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: png)))
        try #require(decoded.width == width && decoded.height == height)
        return decoded.pixels
    }

    /// The pixels of curve colour 0 below the title band, as (column, row) centres.
    static func curvePixels(_ pixels: [RGB]) -> [(x: Double, y: Double)] {
        let colour = Theme.dark.curveColor(0)
        var found = [(x: Double, y: Double)]()
        for row in 40..<height {
            for column in 0..<width where pixels[row * width + column].distance(to: colour) <= 24 {
                found.append((Double(column) + 0.5, Double(row) + 0.5))
            }
        }
        return found
    }

    /// Checks that every curve pixel lies within 2 px of `row(column)` (the true line, in
    /// pixels), that the curve covers most columns, and that a least-squares line through its
    /// pixels has `slope`.
    static func expectLine(_ pixels: [RGB], slope: Double, row: (Double) -> Double, label: String) {
        let inked = curvePixels(pixels)
        #expect(inked.count > width / 2, "\(label): \(inked.count) curve pixels")
        let stray = inked.filter { abs($0.y - row($0.x)) > 2 }
        #expect(stray.isEmpty, "\(label): \(stray.count) curve pixels off the true line, e.g. \(stray.prefix(3))")
        let columns = Set(inked.map { Int($0.x) })
        #expect(columns.count > width * 9 / 10 - 40, "\(label): the curve covers \(columns.count) columns")
        let n = Double(inked.count)
        let mx = inked.map(\.x).reduce(0, +) / n, my = inked.map(\.y).reduce(0, +) / n
        let sxy = inked.map { ($0.x - mx) * ($0.y - my) }.reduce(0, +), sxx = inked.map { ($0.x - mx) * ($0.x - mx) }.reduce(0, +)
        #expect(abs(sxy / sxx - slope) < 0.02 * abs(slope), "\(label): slope \(sxy / sxx), expected \(slope)")
    }

    @Test("x³ on log–log is a straight line of slope 3 (in decades), in the PNG and through rsvg-convert",
          arguments: ["png", "svg"])
    func powerLaw(format: String) throws {
        // x from 0.1 to 10 (2 decades over 600 px), y from 1e-3 to 1e3 (6 decades over 400 px):
        // log y = 3 log x, so row = (3 - 3 log10 x) / 6 × 400 with log10 x = column / 300 - 1.
        let pixels = try Self.picture(["x^3", "--x", "0.1:10", "--y", "0.001:1000", "--x-scale", "log", "--y-scale", "log"],
                                      format: format)
        let perColumn = 3.0 / 300 * 400 / 6
        Self.expectLine(pixels, slope: -perColumn, row: { column in (3 - 3 * (column / 300 - 1)) / 6 * 400 }, label: "x³ \(format)")
    }

    @Test("exp(x) on log y is a straight line of slope log10(e) decades a unit", arguments: ["png", "svg"])
    func exponential(format: String) throws {
        let pixels = try Self.picture(["exp(x)", "--x", "-5:5", "--y", "0.001:1000", "--y-scale", "log"], format: format)
        let row = { (column: Double) in (3 - (-5 + column / 60) * log10(M_E)) / 6 * 400 }
        Self.expectLine(pixels, slope: -log10(M_E) / 60 * 400 / 6, row: row, label: "exp \(format)")
    }

    @Test("Grid lines at log10 of each decade and of 2–9 between, and at no other column", arguments: ["png", "svg"])
    func gridAtDecades(format: String) throws {
        // sqrt(-x) is nowhere defined for x > 0: only the grid, axes and labels are drawn.
        let pixels = try Self.picture(["sqrt(-x)", "--x", "1:1000", "--y", "-1:1", "--x-scale", "log"], format: format)
        let paper = Theme.dark.background
        let row = 350  // below the x axis (row 200) and its labels, above the bottom edge
        let marked = (0..<Self.width).filter { pixels[row * Self.width + $0].distance(to: paper) > 8 }
        let ticks = (0...2).flatMap { n in (1...9).map { Double($0) * pow(10, Double(n)) } }
        let expected = Set(ticks.map { Int((log10($0) * 200).rounded(.down)) })
        for column in expected where column > 0 {
            #expect(marked.contains { abs($0 - column) <= 1 }, "\(format): no grid line at column \(column)")
        }
        let strays = marked.filter { column in !expected.contains { abs($0 - column) <= 1 } }
        #expect(strays.isEmpty, "\(format): marks at columns \(strays) between the ticks")
    }

    @Test("Values ≤ 0 are drawn nowhere on a log axis: y = x on log y is empty left of 0")
    func nonPositiveNowhere() throws {
        let pixels = try Self.picture(["x", "--x", "-10:10", "--y", "0.01:100", "--y-scale", "log"])
        let inked = Self.curvePixels(pixels)
        #expect(inked.contains { $0.x > 320 })
        #expect(!inked.contains { $0.x < 298 }, "curve pixels where x < 0: \(inked.filter { $0.x < 298 }.prefix(3))")
    }

    @Test("A lower end ≤ 0 on a log axis is one line on stderr and exit 2", arguments: [
        ["log(x)", "--x", "0:10", "--x-scale", "log"], ["x", "--x", "-1:10", "--x-scale", "log"],
        ["x", "--y", "0:10", "--y-scale", "log"], ["x", "--x-scale", "log", "--x", "-5:-1"], ["x", "--x-scale", "exp"],
    ])
    func refused(_ arguments: [String]) throws {
        let result = try run(Paths.gcview, ["plot"] + arguments + ["--output", "/dev/null"])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    static let hostile: [[String]] = [
        ["log(x)", "--x-scale", "log", "--x", "1e-300:1e300"], ["1e308*x", "--x-scale", "log", "--y-scale", "log"],
        ["log(x)", "--y-scale", "log", "--x", "-10:10"], ["sqrt(-1-x^2)", "--x-scale", "log", "--y-scale", "log"],
        ["tan(x)", "1/x", "--x-scale", "log", "--y-scale", "log", "--x", "1e-3:1e3"], ["sin(1/x)", "--x-scale", "log"],
        ["0/0+x", "--y-scale", "log"], ["exp(exp(x))", "--y-scale", "log", "--x", "-10:10"], ["-x", "--y-scale", "log", "--x", "0.1:10"],
        ["gamma(x)", "--x-scale", "log", "--y-scale", "log", "--x", "1e-300:1e300", "--points"],
        ["1/(x-1)", "--y-scale", "log", "--area", "0:2", "--x", "0.5:2", "--x-scale", "log"],
    ]

    @Test("Hostile functions on log axes draw in every protocol, PNG and SVG",
          arguments: ["sixel", "kitty", "iterm2", "unicode", "png", "svg"])
    func hostileEverywhere(format: String) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in Self.hostile {
            let destination = ["png", "svg"].contains(format)
                ? ["--output", folder.appendingPathComponent("graph.\(format)").path] : ["--protocol", format]
            let result = try run(Paths.gcview, ["plot"] + arguments + ["--size", "320x200"] + destination)
            #expect(result.status == 0, "\(format) \(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal") && !result.stderr.contains("error"), "\(format) \(arguments): \(result.stderr)")
            if destination.first == "--protocol" { #expect(result.stdoutBytes.count > 100, "\(format) \(arguments)") }
        }
    }

    @Test("--degrees: eval against Python's math and the closed forms, points in degrees, x labelled in degrees")
    func degrees() throws {
        // math.sin(math.radians(50)) and math.degrees(math.atan(2)), Python 3.11.
        for (expression, expected, tolerance) in [("sin(30)", 0.5, 0.0), ("acos(0.5)", 60, 0), ("tan(45)", 1, 0),
                                                  ("sin(50)", 0.766044443118978, 1e-15), ("atan(2)", 63.43494882292201, 1e-13)] {
            let result = try run(Paths.gcview, ["eval", "--degrees", "--json", expression])
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let value = try #require(object?["result"] as? Double, "\(expression): \(result.stdout)")
            #expect(abs(value - expected) <= tolerance, "\(expression) = \(value)")
        }
        let points = try run(Paths.gcview, ["points", "--degrees", "--json", "sin(x)", "--x", "-10:370"])
        let found = try JSONSerialization.jsonObject(with: Data(points.stdout.utf8)) as? [String: Any]
        let curve = try #require((found?["curves"] as? [[String: Any]])?.first)
        #expect(curve["roots"] as? [Double] == [0, 180, 360], "\(points.stdout)")
        let maxima = (curve["maxima"] as? [[String: Double]])?.compactMap { $0["x"] } ?? []
        #expect(maxima.count == 1 && abs((maxima.first ?? 0) - 90) < 1e-6, "\(maxima)")
        let svg = Paths.temporaryFolder().appendingPathComponent("deg.svg")
        defer { try? FileManager.default.removeItem(at: svg.deletingLastPathComponent()) }
        let plotted = try run(Paths.gcview, ["plot", "sin(x)", "--degrees", "--x", "-360:360", "--output", svg.path])
        try #require(plotted.status == 0, "\(plotted.stderr)")
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.contains(">200°<") && text.contains(">-200°<"), "x labels in degrees")
        #expect(!text.contains(">0.5°<"), "y labels are not degrees")
    }
}
