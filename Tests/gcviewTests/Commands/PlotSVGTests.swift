import Foundation
import Raster
import Terminal
import TestSupport
import Testing

/// `gcview plot --output FILE.svg`: well-formed for any function, the same picture as the PNG
/// when rendered by librsvg, curves broken at poles, and bad paths refused in one line.
@Suite("Plotting to SVG")
struct PlotSVGTests {
    static let width = 480, height = 320

    /// What `gcview plot EXPRESSIONS --output NAME` wrote, on x -5…5, dark theme, 480x320.
    struct Plotted {
        var status: Int32
        var stderr: String
        var file: URL
    }

    static func plot(_ expressions: [String], y: String = "auto", name: String, in folder: URL) throws -> Plotted {
        let file = folder.appendingPathComponent(name)
        let result = try run(Paths.gcview, ["plot"] + expressions + [
            "--x", "-5:5", "--y", y, "--size", "\(width)x\(height)", "--theme", "dark", "--output", file.path])
        return Plotted(status: result.status, stderr: result.stderr, file: file)
    }

    /// The SVG of `expressions` and the PNG of the same plot, both rendered to pixels (the SVG by rsvg-convert).
    static func pictures(_ expressions: [String], y: String = "auto") throws -> (svg: [RGB], png: [RGB], text: String) {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = try plot(expressions, y: y, name: "graph.svg", in: folder)
        let png = try plot(expressions, y: y, name: "graph.png", in: folder)
        try #require(svg.status == 0 && png.status == 0, "\(svg.stderr)\(png.stderr)")
        let converted = folder.appendingPathComponent("converted.png")
        let rsvg = try run("/usr/bin/env", ["rsvg-convert", svg.file.path, "-o", converted.path])
        try #require(rsvg.status == 0, "rsvg-convert: \(rsvg.stderr)")
        let fromSVG = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: converted)))
        let fromPNG = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: png.file)))
        try #require(fromSVG.width == width && fromSVG.height == height)
        return (fromSVG.pixels, fromPNG.pixels, try String(contentsOf: svg.file, encoding: .utf8))
    }

    static func distance(_ a: RGB, _ b: RGB) -> Int {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
    }

    @Test("xmllint finds the SVG well-formed", arguments: [
        ["sin(x)"], ["tan(x)"], ["sin(x)", "cos(x)", "x/3"], ["x", "x+1", "x+2", "x+3", "x+4", "x+5"],
        ["1e308*x"], ["sqrt(-1-x^2)"], ["1/0"], ["0/0+x"], ["ln(0*x)"], ["sin(1e300*x)"], ["sin(1/x)"], ["1/(1e-300*x)"],
        ["exp(exp(x))"], ["1e-320*x"], ["floor(x)"], ["gamma(x)"],
    ])
    func wellFormed(_ expressions: [String]) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plotted = try Self.plot(expressions, name: "graph.svg", in: folder)
        #expect(plotted.status == 0, "\(plotted.stderr)")
        let lint = try run("/usr/bin/env", ["xmllint", "--noout", plotted.file.path])
        #expect(lint.status == 0, "\(lint.stderr)")
        let text = try String(contentsOf: plotted.file, encoding: .utf8)
        #expect(text.hasPrefix("<?xml"))
        // Path data and coordinates are plain short decimals, never nan, inf or 1e+300, and the
        // paths are clipped to the image, give or take the line width.
        let allowed = Set("Mh0123456789.- ")
        for data in text.components(separatedBy: " d=\"").dropFirst().map({ $0.prefix { $0 != "\"" } }) {
            #expect(data.allSatisfy(allowed.contains), "path data \(data.prefix(80))")
            let numbers = data.split(whereSeparator: { $0 == "M" || $0 == " " || $0 == "h" }).compactMap { Double($0) }
            #expect(numbers.allSatisfy { $0 >= -10 && $0 <= Double(Self.width) + 10 }, "path data \(data.prefix(80))")
        }
        for attribute in ["x", "y", "width", "height", "cx", "cy", "r"] {
            for value in text.components(separatedBy: " \(attribute)=\"").dropFirst().map({ $0.prefix { $0 != "\"" } }) {
                #expect(Double(value) != nil && value.count <= 9 && value.allSatisfy(allowed.contains), "\(attribute)=\(value)")
            }
        }
    }

    @Test("rsvg-convert draws the picture the PNG shows, the curves on their true curves", arguments: [
        (["sin(x)"], "auto"), (["tan(x)"], "-5:5"), (["sin(x)", "cos(x)", "x/3"], "-4:4"),
    ])
    func samePicture(_ expressions: [String], y: String) throws {
        let pictures = try Self.pictures(expressions, y: y)
        let count = Self.width * Self.height
        let close = zip(pictures.svg, pictures.png).filter { Self.distance($0, $1) <= 64 }.count
        let equal = zip(pictures.svg, pictures.png).filter { Self.distance($0, $1) <= 8 }.count
        // Measured: 0.5-0.8% of the pixels differ by more than 64 a channel, 1.9-2.8% by more than 8
        // (the edges of anti-aliased curves and glyphs; librsvg's text runs up to 2 px wider).
        #expect(Double(close) / Double(count) > 0.985, "\(count - close) of \(count) pixels differ by more than 64")
        #expect(Double(equal) / Double(count) > 0.96, "\(count - equal) of \(count) pixels differ by more than 8")
    }

    @Test("Each curve of the SVG's picture lies on its true curve, in its own colour")
    func trueCurves() throws {
        let truths: [(Double) -> Double] = [{ sin($0) }, { cos($0) }, { $0 / 3 }]
        let pictures = try Self.pictures(["sin(x)", "cos(x)", "x/3"], y: "-4:4")
        func row(_ y: Double) -> Double { (4 - y) / 8 * Double(Self.height) }
        for (index, truth) in truths.enumerated() {
            let colour = Theme.dark.curveColor(index)
            var inked = 0, stray = 0
            for pixelRow in 40..<Self.height {
                for column in 0..<Self.width where Self.distance(pictures.svg[pixelRow * Self.width + column], colour) <= 24 {
                    inked += 1
                    let nearest = (-2...2).map { dx -> Double in
                        let x = -5 + (Double(column) + 0.5 + Double(dx) / 2) / Double(Self.width) * 10
                        return abs(row(truth(x)) - (Double(pixelRow) + 0.5))
                    }.min() ?? .infinity
                    if nearest > 2.5 { stray += 1 }
                }
            }
            #expect(inked > 300, "curve \(index): \(inked) pixels of its colour")
            #expect(stray == 0, "curve \(index): \(stray) pixels of its colour off its curve")
        }
    }

    @Test("tan's path has a subpath per branch and none crosses a pole")
    func tanBranches() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plotted = try Self.plot(["tan(x)"], y: "-5:5", name: "tan.svg", in: folder)
        try #require(plotted.status == 0, "\(plotted.stderr)")
        let text = try String(contentsOf: plotted.file, encoding: .utf8)
        let paths = text.components(separatedBy: "<path d=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        try #require(paths.count == 1, "one curve, no legend")
        let subpaths = paths[0].split(separator: "M").map { subpath in
            subpath.split(whereSeparator: { $0 == " " || $0 == "h" }).compactMap { Double($0) }
        }
        let poles = [-3, -1, 1, 3].map { (Double($0) * .pi / 2 + 5) / 10 * Double(Self.width) }
        // Five branches between the four poles in -5…5; a branch may leave the view and come back.
        #expect(subpaths.count >= 5)
        let points = subpaths.map { subpath in stride(from: 0, to: subpath.count - 1, by: 2).map { (x: subpath[$0], y: subpath[$0 + 1]) } }
        for subpath in points {
            let low = subpath.map(\.x).min() ?? 0, high = subpath.map(\.x).max() ?? 0
            for pole in poles {
                #expect(!(low < pole - 0.5 && high > pole + 0.5), "a subpath from x \(low) to \(high) crosses the pole at \(pole)")
            }
            // Every segment lies on tan: its middle is within 2 px of the true curve (a connector
            // across a pole has its middle far from it).
            for (a, b) in zip(subpath, subpath.dropFirst()) {
                let middle = (x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
                let nearest = stride(from: -1.0, through: 1.0, by: 0.05).map { dx -> Double in
                    let x = -5 + (middle.x + dx) / Double(Self.width) * 10
                    return abs((5 - tan(x)) / 10 * Double(Self.height) - middle.y)
                }.min() ?? .infinity
                #expect(nearest <= 2, "the segment from \(a) to \(b) is off the curve by \(nearest) px")
            }
        }
        // Each pole has a branch reaching up to it from the left and one from the right.
        for pole in poles {
            #expect(points.contains { ($0.map(\.x).max() ?? 0) <= pole && ($0.map(\.x).max() ?? 0) > pole - 20 },
                    "nothing reaches the pole at \(pole) from the left")
            #expect(points.contains { ($0.map(\.x).min() ?? 0) >= pole && ($0.map(\.x).min() ?? 0) < pole + 20 },
                    "nothing reaches the pole at \(pole) from the right")
        }
    }

    @Test("A directory or an unwritable path is one line on stderr and exit 2", arguments: ["folder/", "folder", "missing/graph.svg", "file/graph.svg"])
    func badPaths(_ name: String) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("file"))
        let plotted = try Self.plot(["sin(x)"], name: name, in: folder)
        #expect(plotted.status == 2)
        #expect(plotted.stderr.hasPrefix("gcview: cannot write "))
        #expect(plotted.stderr.split(separator: "\n").count == 1)
    }

    @Test("The extension chooses the format in any case: .SVG is an SVG, .png a PNG")
    func formatByName() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = try Self.plot(["sin(x)"], name: "graph.SVG", in: folder)
        let png = try Self.plot(["sin(x)"], name: "graph.png", in: folder)
        #expect(svg.status == 0 && png.status == 0)
        #expect(try String(contentsOf: svg.file, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try Data(contentsOf: png.file).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }
}
