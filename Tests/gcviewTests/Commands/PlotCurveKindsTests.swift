import Foundation
import Raster
import Terminal
import TestSupport
import Testing

/// `gcview plot` draws every kind of curve a graphing calculator draws, each checked against its
/// closed form, computed here with Foundation: x(y), parametric, polar, implicit (against the
/// curve's own parametrization), and inequalities (shading on one side only); PNG and SVG alike.
@Suite("Plotting curves of every kind")
struct PlotCurveKindsTests {
    static let width = 480, height = 320

    /// A plot read back as pixels, with its ranges.
    struct Picture {
        var pixels: [RGB]
        var x: ClosedRange<Double>
        var y: ClosedRange<Double>
        /// Whether the pixels are librsvg's rendering of the SVG, whose anti-aliased text and
        /// lines blend colours the palette does not have.
        var fromSVG = false

        static let paper = Array(Theme.dark.palette[..<Int(PaletteSlot.firstLabel)])
        static let labels = Array(Theme.dark.palette[Int(PaletteSlot.firstLabel)..<Int(PaletteSlot.firstCurve)])

        func color(_ column: Int, _ row: Int) -> RGB { pixels[row * PlotCurveKindsTests.width + column] }

        /// Ink of a curve or a tint: none of the paper, grid, axis or label colours (from an
        /// SVG: a saturated colour, as every curve colour is and no grey of the theme is).
        func isInk(_ column: Int, _ row: Int) -> Bool {
            let c = color(column, row)
            if fromSVG { return Self.saturation(c) > 60 }
            return !Self.paper.contains(c) && !Self.labels.contains(c)
        }

        /// Label ink: the label colours (from an SVG: a light grey).
        func isLabel(_ column: Int, _ row: Int) -> Bool {
            let c = color(column, row)
            if fromSVG { return Self.saturation(c) < 30 && max(c.red, c.green, c.blue) > 120 }
            return Self.labels.contains(c)
        }

        static func saturation(_ c: RGB) -> Int {
            Int(max(c.red, c.green, c.blue)) - Int(min(c.red, c.green, c.blue))
        }

        func pixel(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            ((x - self.x.lowerBound) / (self.x.upperBound - self.x.lowerBound) * Double(PlotCurveKindsTests.width),
             (self.y.upperBound - y) / (self.y.upperBound - self.y.lowerBound) * Double(PlotCurveKindsTests.height))
        }
    }

    /// Runs `gcview plot` with these ranges at 480x320 in the dark theme into `name` (PNG, or SVG
    /// rendered by rsvg-convert), and reads it back.
    static func plot(_ expressions: [String], x: ClosedRange<Double>, y: ClosedRange<Double>, options: [String] = [],
                     svg: Bool = false) throws -> Picture {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(svg ? "graph.svg" : "graph.png")
        let result = try run(Paths.gcview, ["plot"] + expressions + [
            "--x", "\(x.lowerBound):\(x.upperBound)", "--y", "\(y.lowerBound):\(y.upperBound)",
            "--size", "\(width)x\(height)", "--theme", "dark", "--output", file.path] + options)
        try #require(result.status == 0, "\(result.stderr)")
        var png = file
        if svg {
            png = folder.appendingPathComponent("converted.png")
            let rsvg = try run("/usr/bin/env", ["rsvg-convert", file.path, "-o", png.path])
            try #require(rsvg.status == 0, "rsvg-convert: \(rsvg.stderr)")
        }
        let decoded = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: png)))
        try #require(decoded.width == width && decoded.height == height)
        return Picture(pixels: decoded.pixels, x: x, y: y, fromSVG: svg)
    }

    /// The true curve's points in pixel space, from a parametrization sampled densely enough
    /// that neighbours lie well under a pixel apart.
    static func truePoints(of picture: Picture, t: ClosedRange<Double>, count: Int = 200_000,
                           _ point: (Double) -> (x: Double, y: Double)?) -> [(x: Double, y: Double)] {
        (0...count).compactMap { index in
            let t = t.lowerBound + (t.upperBound - t.lowerBound) * Double(index) / Double(count)
            guard let p = point(t), p.x.isFinite, p.y.isFinite else { return nil }
            return picture.pixel(p.x, p.y)
        }
    }

    /// Ink pixels farther than `tolerance` from every true point, and true points (2 px inside
    /// the picture) with no ink within 2 px, leaving out the title band's corner and the places
    /// within 6 px of label ink (labels lie over curves in a halo of paper, by design).
    static func check(_ picture: Picture, against points: [(x: Double, y: Double)], tolerance: Double = 1.5)
        -> (stray: Int, uncovered: Int, ink: Int) {
        var buckets: [Int: [(x: Double, y: Double)]] = [:]
        for p in points { buckets[Int(p.x.rounded(.down)) / 4 * 10_000 + Int(p.y.rounded(.down)) / 4, default: []].append(p) }
        var stray = 0, ink = 0
        for row in 0..<height {
            for column in 0..<width where picture.isInk(column, row) && !inTitleBand(column, row) {
                ink += 1
                var best = Double.infinity
                for bx in (column / 4 - 1)...(column / 4 + 1) {
                    for by in (row / 4 - 1)...(row / 4 + 1) {
                        for p in buckets[bx * 10_000 + by] ?? [] {
                            let dx = max(Double(column) - p.x, 0, p.x - Double(column + 1))
                            let dy = max(Double(row) - p.y, 0, p.y - Double(row + 1))
                            best = min(best, (dx * dx + dy * dy).squareRoot())
                        }
                    }
                }
                if best > tolerance { stray += 1 }
            }
        }
        var uncovered = 0
        for p in points.enumerated().filter({ $0.offset % 50 == 0 }).map(\.element)
        where p.x > 2 && p.x < Double(width) - 2 && p.y > 2 && p.y < Double(height) - 2 && !inTitleBand(Int(p.x), Int(p.y)) {
            let nearLabel = (max(Int(p.y) - 6, 0)...min(Int(p.y) + 6, height - 1)).contains { r in
                (max(Int(p.x) - 6, 0)...min(Int(p.x) + 6, width - 1)).contains { picture.isLabel($0, r) }
            }
            if nearLabel { continue }
            let near = (Int(p.y) - 2...Int(p.y) + 2).contains { r in (Int(p.x) - 2...Int(p.x) + 2).contains { picture.isInk($0, r) } }
            if !near { uncovered += 1 }
        }
        return (stray, uncovered, ink)
    }

    /// The corner where the title and legend are drawn (their text is label ink, their swatches curve ink).
    static func inTitleBand(_ column: Int, _ row: Int) -> Bool { column < 300 && row < 40 }

    static let kinds: [(name: String, expression: String, t: ClosedRange<Double>, truth: @Sendable (Double) -> (x: Double, y: Double)?)] = [
        ("circle", "x^2 + y^2 = 9", 0...(2 * .pi), { (3 * cos($0), 3 * sin($0)) }),
        ("x(y)", "x = y^2 - 2", -4...4, { ($0 * $0 - 2, $0) }),
        ("Lissajous", "(3cos(3t), 3sin(2t))", 0...(2 * .pi), { (3 * cos(3 * $0), 3 * sin(2 * $0)) }),
        ("rose", "r = 3cos(3θ)", 0...(2 * .pi), { (3 * cos(3 * $0) * cos($0), 3 * cos(3 * $0) * sin($0)) }),
        ("folium", "x^3 + y^3 = 3 x y", -60...60, { t in
            abs(t + 1) < 1e-3 ? nil : (3 * t / (1 + t * t * t), 3 * t * t / (1 + t * t * t)) }),
        ("lemniscate", "(x^2 + y^2)^2 = 9(x^2 - y^2)", 0...(2 * .pi), { t in
            let d = 1 + sin(t) * sin(t)
            return (3 * cos(t) / d, 3 * sin(t) * cos(t) / d) }),
    ]

    @Test("Each kind lies on its closed form and covers it, in the PNG and through rsvg in the SVG",
          arguments: [false, true])
    func kindsOnTheirClosedForms(svg: Bool) throws {
        for kind in Self.kinds {
            let picture = try Self.plot([kind.expression], x: -6...6, y: -4...4, svg: svg)
            let found = Self.check(picture, against: Self.truePoints(of: picture, t: kind.t, kind.truth))
            #expect(found.ink > 200, "\(kind.name): only \(found.ink) ink pixels")
            #expect(found.stray == 0, "\(kind.name) \(svg ? "SVG" : "PNG"): \(found.stray) of \(found.ink) ink pixels off the curve")
            #expect(found.uncovered == 0, "\(kind.name) \(svg ? "SVG" : "PNG"): \(found.uncovered) true points without ink")
        }
    }

    @Test("A pole is no curve: y - tan(x) = 0 has no connectors, 1/(x^2+y^2-1) = 0 draws nothing")
    func polesAreNotCurves() throws {
        let tangent = try Self.plot(["y - tan(x) = 0"], x: -6...6, y: -4...4)
        let points = Self.truePoints(of: tangent, t: -6...6, count: 400_000) { x in
            let y = tan(x)
            return abs(y) < 50 ? (x, y) : nil
        }
        let found = Self.check(tangent, against: points)
        #expect(found.stray == 0, "\(found.stray) ink pixels off tan's branches")
        let nothing = try Self.plot(["1/(x^2 + y^2 - 1) = 0"], x: -6...6, y: -4...4)
        let ink = (0..<Self.height).reduce(0) { sum, row in
            sum + (0..<Self.width).filter { nothing.isInk($0, row) && !Self.inTitleBand($0, row) }.count
        }
        #expect(ink == 0)
    }

    @Test("y < sin(x) is tinted below the curve only, and y ≥ x^2 above the parabola only")
    func inequalitiesShadeOneSide() throws {
        for (expression, below, f) in [("y < sin(x)", true, { (x: Double) in sin(x) }), ("y >= x^2 - 3", false, { (x: Double) in x * x - 3 })] {
            let picture = try Self.plot([expression], x: -6...6, y: -4...4)
            var wrongSide = 0, rightSideInk = 0, rightSide = 0
            for column in stride(from: 2, to: Self.width - 2, by: 3) {
                let x = -6 + 12 * (Double(column) + 0.5) / Double(Self.width)
                let boundary = picture.pixel(x, f(x)).y
                for row in stride(from: 44, to: Self.height - 2, by: 3) where abs(Double(row) + 0.5 - boundary) > 3 {
                    // Clear of the boundary in every direction (a steep edge is near in x), and of labels' halos.
                    let near = stride(from: -4.0, through: 4.0, by: 0.25).contains { dx in
                        let x2 = -6 + 12 * (Double(column) + 0.5 + dx) / Double(Self.width)
                        let p = picture.pixel(x2, f(x2))
                        return ((p.x - Double(column) - 0.5) * (p.x - Double(column) - 0.5)
                                + (p.y - Double(row) - 0.5) * (p.y - Double(row) - 0.5)).squareRoot() < 4
                    }
                    let nearLabel = (max(row - 8, 0)...min(row + 8, Self.height - 1)).contains { r in
                        (max(column - 8, 0)...min(column + 8, Self.width - 1)).contains { picture.isLabel($0, r) }
                    }
                    if near || nearLabel { continue }
                    let inside = below ? Double(row) > boundary : Double(row) < boundary
                    let c = picture.color(column, row)
                    let paperOrTint = picture.isInk(column, row) || c == Theme.dark.palette[Int(PaletteSlot.background)]
                    guard paperOrTint else { continue }  // grid, axes and labels show through
                    if inside {
                        rightSide += 1
                        if picture.isInk(column, row) { rightSideInk += 1 }
                    } else if picture.isInk(column, row) {
                        wrongSide += 1
                    }
                }
            }
            #expect(wrongSide == 0, "\(expression): \(wrongSide) tinted pixels outside the region")
            #expect(rightSide > 100 && rightSideInk == rightSide, "\(expression): \(rightSideInk) of \(rightSide) inside tinted")
        }
    }

    @Test("Kinds mix on one graph with a legend, in every protocol, and hostile relations finish")
    func mixedAndHostile() throws {
        let sets: [[String]] = [
            ["x^2 + y^2 = 9", "y < sin(x)", "x = y^2 - 2", "(cos(t), sin(2t))", "r = 1 + cos(θ)", "sin(x)"],
            ["sin(x y) = cos(x y)"], ["x^y = y^x"], ["1/0 = y"], ["y > 1e308 x"], ["(0/0, t)"], ["r = 1/0"],
            ["x^2 + y^2 < 0/0"], ["(1e308 t, 1e308)"], ["r = 1e300 θ"], ["x = 1/(y - 1)"],
        ]
        for expressions in sets {
            for protocolName in ["sixel", "kitty", "iterm2", "unicode"] {
                let result = try run(Paths.gcview, ["plot"] + expressions + ["--x", "-100:100", "--size", "400x300",
                                                                              "--protocol", protocolName])
                #expect(result.status == 0, "\(expressions) \(protocolName): \(result.stderr)")
                #expect(!result.stdout.isEmpty)
            }
        }
    }

    @Test("Bad relations and options are one line and exit 2")
    func badInput() throws {
        let cases: [([String], String)] = [
            (["y = = 2"], "second '='"),
            (["x^2 + = 9"], "unexpected"),
            (["x^2 + y^2 = 9", "--t", "0:1"], "--t"),
            (["(cos(t), sin(t))", "--t", "1:0"], "--t"),
            (["(cos(t), sin(t))", "--t", "0:nan"], "--t"),
            (["x^2 + y^2 = 9", "--animate", "a=1:2", "--output", "/tmp/never.gif"], "--animate"),
            (["0 < y > 1"], "one way"),
            (["0 < y < 1 < x"], "second"),
        ]
        for (arguments, word) in cases {
            let result = try run(Paths.gcview, ["plot"] + arguments + ["--output", "/tmp/gcview-never.png"])
            #expect(result.status == 2, "\(arguments)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count <= 2 && result.stderr.contains(word), "\(arguments): \(result.stderr)")
        }
    }

    @Test("--t sets the range of t: half a circle over 0:pi, a whole one in degrees over 0:360")
    func tRange() throws {
        let half = try Self.plot(["(3cos(t), 3sin(t))"], x: -6...6, y: -4...4, options: ["--t", "0:pi"])
        let below = (Int(half.pixel(0, -3).y) - 2...Int(half.pixel(0, -3).y) + 2).contains { row in half.isInk(Self.width / 2, row) }
        let above = (Int(half.pixel(0, 3).y) - 2...Int(half.pixel(0, 3).y) + 2).contains { row in half.isInk(Self.width / 2, row) }
        #expect(above && !below)
        // Ends of any range may be constant expressions; a variable is not constant.
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("pi.png").path
        #expect(try run(Paths.gcview, ["plot", "sin(x)", "--x", "-2pi:2pi", "--output", picture]).status == 0)
        #expect(try run(Paths.gcview, ["plot", "sin(x)", "--x", "-x:2", "--output", picture]).status == 2)
        let whole = try Self.plot(["r = 3"], x: -6...6, y: -4...4, options: ["--degrees"])
        let found = Self.check(whole, against: Self.truePoints(of: whole, t: 0...(2 * .pi)) { (3 * cos($0), 3 * sin($0)) })
        #expect(found.stray == 0 && found.uncovered == 0)
    }

    @Test("--animate moves every kind: frame k of (a cos t, sin t) and r = a is the ellipse and circle for its a",
          .enabled(if: AnimatedPlotTests.hasImageMagick))
    func animatedKinds() throws {
        let frames = 3
        for (text, point) in [("(a cos(t), sin(t))", { (a: Double, t: Double) in (a * cos(t), sin(t)) }),
                              ("r = a", { (a: Double, t: Double) in (a * cos(t), a * sin(t)) })] {
            let animation = try AnimatedPlotTests.Animation([text, "--animate", "a=1:3", "--frames", "\(frames)",
                                                             "--x", "-4:4", "--y", "-4:4", "--size", "\(Self.width)x\(Self.height)"])
            defer { animation.remove() }
            #expect(animation.finished.status == 0, "\(animation.finished.stderr)")
            let decoded = try animation.frames()
            #expect(decoded.count == frames)
            for (k, frame) in decoded.enumerated() {
                let a = 1 + 2 * Double(k) / Double(frames - 1)
                let picture = Picture(pixels: frame.pixels, x: -4...4, y: -4...4)
                let found = Self.check(picture, against: Self.truePoints(of: picture, t: 0...(2 * .pi)) { point(a, $0) })
                #expect(found.stray == 0 && found.uncovered == 0, "\(text), frame \(k), a = \(a): \(found)")
            }
        }
    }
}
