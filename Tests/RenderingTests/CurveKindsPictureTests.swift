import Codecs
import Foundation
import Glyphs
@testable import Raster
import Testing
import TestSupport

/// Pictures of the curve kinds (`PlaneCurve`): written as PNGs to look at when
/// `GCVIEW_CURVE_PICTURES` names a folder, and their SVG rendered by librsvg against the pixels.
@Suite("Curve kinds, pictured")
struct CurveKindsPictureTests {
    static let size = (width: 1600, height: 1000)

    /// The gallery: a name, the curves, and the view.
    static var gallery: [(name: String, curves: [PlaneCurve], x: ClosedRange<Double>, y: ClosedRange<Double>)] { [
        ("circle", [.relation { x, y in x * x + y * y - 9 }], -8...8, -5...5),
        ("folium", [.relation { x, y in x * x * x + y * y * y - 3 * x * y }], -4...4, -2.5...2.5),
        ("lemniscate", [.relation { x, y in (x * x + y * y) * (x * x + y * y) - (x * x - y * y) }], -1.6...1.6, -1...1),
        ("tan-implicit", [.relation { x, y in y - tan(x) }], -8...8, -5...5),
        ("below-sin", [.region({ x, y in sin(x) - y }, strict: true, boundary: .graph { sin($0) })], -8...8, -5...5),
        ("two-regions", [.region({ x, y in 9 - x * x - y * y }, strict: false, boundary: .relation { x, y in 9 - x * x - y * y }),
                         .region({ x, _ in x - 1 }, strict: true, boundary: .inverseGraph { _ in 1 })], -8...8, -5...5),
        ("rose", [.path({ t in (cos(3 * t) * cos(t), cos(3 * t) * sin(t)) }, t: 0...(2 * Double.pi))], -1.6...1.6, -1...1),
        ("lissajous", [.path({ t in (sin(3 * t), sin(2 * t)) }, t: 0...(2 * Double.pi))], -1.6...1.6, -1.1...1.1),
        ("inverse", [.inverseGraph { $0 * $0 }, .path({ t in (3 * cos(t), 3 * sin(t)) }, t: 0...(2 * Double.pi))], -8...8, -5...5),
    ] }

    static func renderer(recording: Bool = false) throws -> GraphRenderer {
        var renderer = GraphRenderer(style: .sized(forTextHeight: 20, theme: .dark, title: "curves"),
                                     glyphs: try FreeTypeGlyphs.system())
        renderer.recordsDrawing = recording
        return renderer
    }

    @Test("The gallery renders, and is written out when asked")
    func gallery() throws {
        let folder = ProcessInfo.processInfo.environment["GCVIEW_CURVE_PICTURES"]
        let renderer = try Self.renderer()
        for entry in Self.gallery {
            let viewport = Viewport(width: Self.size.width, height: Self.size.height, xRange: entry.x, yRange: entry.y)
            let image = renderer.render(entry.curves, in: viewport)
            #expect(image.pixels.allSatisfy { Int($0) < image.palette.count }, "\(entry.name)")
            if let folder {
                try Data(PNG.encode(image)).write(to: URL(filePath: folder).appendingPathComponent(entry.name + ".png"))
            }
        }
    }
}

/// The SVG of the curve kinds, rendered by librsvg, shows what the pixels show: tints (an
/// overlap's checkerboard too), dashed boundaries, contours and paths.
@Suite("Curve kinds in SVG")
struct CurveKindsSVGTests {
    static let viewport = Viewport(width: 480, height: 320, xRange: -6...6, yRange: -4...4)

    static func distance(_ a: RGB, _ b: RGB) -> Int {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
    }

    /// The picture of `curves` as pixels, and its SVG rendered by rsvg-convert.
    static func pictures(_ curves: [PlaneCurve]) throws -> (image: IndexedImage, svg: [RGB]) {
        var renderer = GraphRenderer(style: GraphStyle(theme: .light), glyphs: nil)
        renderer.recordsDrawing = true
        let image = renderer.render(curves, in: viewport)
        let document = try #require(SVGDocument(image: image))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curve-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("graph.svg"), png = folder.appendingPathComponent("graph.png")
        try Data(document.bytes).write(to: svg)
        let rsvg = try Spawn.run("/usr/bin/rsvg-convert", [svg.path, "-o", png.path], environment: nil, stdin: nil, timeout: 120)
        try #require(rsvg?.status == 0, "rsvg-convert: \(rsvg.map { String(decoding: $0.stderr, as: UTF8.self) } ?? "timed out")")
        let decoded = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: png)))
        try #require(decoded.width == image.width && decoded.height == image.height)
        return (image, decoded.pixels)
    }

    @Test("Regions, their overlap, dashed and solid boundaries, a contour and a path: the SVG's picture is the PNG's",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")))
    func samePicture() throws {
        let curves: [PlaneCurve] = [
            .region({ x, y in sin(x) - y }, strict: true, boundary: .graph { sin($0) }),
            .region({ x, y in 9 - x * x - y * y }, strict: false, boundary: .relation { x, y in 9 - x * x - y * y }),
            .relation { x, y in x * x * x + y * y * y - 3 * x * y },
            .path({ t in (2 * cos(3 * t) * cos(t), 2 * cos(3 * t) * sin(t)) }, t: 0...(2 * .pi)),
        ]
        let (image, svg) = try Self.pictures(curves)
        let layout = try #require(image.layout)
        let tints = Set([layout.slot(curve: 0, level: 1), layout.slot(curve: 1, level: 1)])
        var tinted = 0, tintedSame = 0, close = 0
        for (index, slot) in image.pixels.enumerated() {
            let png = image.palette[Int(slot)]
            if Self.distance(png, svg[index]) <= 64 { close += 1 }
            if tints.contains(slot) {
                tinted += 1
                if Self.distance(png, svg[index]) <= 2 { tintedSame += 1 }
            }
        }
        // Tints are whole pixels: the same in both but beside a curve, whose anti-aliasing differs.
        #expect(tinted > image.pixels.count / 4)
        #expect(Double(tintedSame) / Double(tinted) > 0.97, "\(tinted - tintedSame) of \(tinted) tinted pixels differ")
        #expect(Double(close) / Double(image.pixels.count) > 0.985, "\(image.pixels.count - close) pixels differ by more than 64")
        // Both tints in the overlap (x 1…2.5, y −1…0, inside the disc and below sin x), in the SVG too.
        var colours = Set<String>()
        for row in Int(Self.viewport.row(forY: -0.2))..<Int(Self.viewport.row(forY: -1)) {
            for column in Int(Self.viewport.column(forX: 1.2))..<Int(Self.viewport.column(forX: 2.4)) {
                colours.insert(svg[row * image.width + column].hex)
            }
        }
        for slot in tints { #expect(colours.contains(image.palette[Int(slot)].hex), "tint \(slot) in the SVG's overlap") }
    }
}
