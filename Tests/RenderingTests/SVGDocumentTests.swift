import Foundation
import Glyphs
@testable import Raster
import Testing

/// The SVG of a graph: recorded from the same drawing as the pixels, well-formed whatever the
/// labels say, and with the popover's ring and text when one is drawn.
@Suite("SVG document")
struct SVGDocumentTests {
    static let viewport = Viewport(width: 480, height: 320, xRange: -5...5, yRange: -4...4)

    static func renderer(title: String? = nil, legend: [String] = [], recording: Bool = true) throws -> GraphRenderer {
        var style = GraphStyle.sized(forTextHeight: 16, theme: .light, title: title)
        style.legend = legend
        var renderer = GraphRenderer(style: style, glyphs: try FreeTypeGlyphs.system())
        renderer.recordsDrawing = recording
        return renderer
    }

    @Test("Recording changes no pixel, and an image drawn without it has no SVG")
    func recordingKeepsPixels() throws {
        let functions: [(Double) -> Double?] = [{ sin($0) }, { tan($0) }]
        let legend = ["y = sin(x)", "y = tan(x)"]
        let recorded = try Self.renderer(legend: legend).render(functions, in: Self.viewport)
        let plain = try Self.renderer(legend: legend, recording: false).render(functions, in: Self.viewport)
        #expect(recorded.pixels == plain.pixels)
        #expect(recorded.texts == plain.texts)
        #expect(SVGDocument(image: plain) == nil)
        let svg = try #require(SVGDocument(image: recorded)).text
        #expect(svg.contains("font-family=\"DejaVu Sans"))
        // Two curves and two legend strokes, each in its curve's full colour.
        for curve in 0..<2 {
            let ink = Theme.light.curveColor(curve).hex
            #expect(svg.components(separatedBy: "stroke=\"\(ink)\"").count - 1 == 2, "curve \(curve)")
        }
    }

    @Test("Labels with XML's special characters and control characters stay well-formed", arguments: [
        "y = a < b && c > \"d\" 'e'", "bell \u{07} escape \u{1B}[31m red", "nul \u{0} del \u{7F} c1 \u{85}\u{9B}", "tab\tnew\nline",
        "]]> <!-- --> <![CDATA[ x", "\u{FFFE}\u{FFFF} not characters",
    ])
    func hostileLabels(_ label: String) throws {
        let image = try Self.renderer(title: label, legend: [label, "y = x"]).render([{ $0 }, { -$0 }], in: Self.viewport)
        let svg = try #require(SVGDocument(image: image)).text
        #expect(try XMLLint.problems(in: svg) == nil)
        #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!svg.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        let texts = svg.components(separatedBy: "<text").count - 1
        #expect(texts >= 3, "the title and two legend names, at least")
    }

    @Test("The escaped title reads back as the title without its control characters")
    func escapedTitle() throws {
        let image = try Self.renderer(title: "<&>\"'\u{07}").render({ $0 }, in: Self.viewport)
        let svg = try #require(SVGDocument(image: image)).text
        #expect(svg.contains(">&lt;&amp;&gt;&quot;&apos;</text>"))
    }

    @Test("A popover drawn over a recorded graph comes along: its box, ring and lines")
    func popover() throws {
        let renderer = try Self.renderer()
        let image = renderer.render({ sin($0) }, in: Self.viewport)
        let callout = Callout(lines: ["x = 1.5708", "y = 1"], anchor: Point(x: 240, y: 100), markers: [Point(x: .pi / 2, y: 1)])
        let svg = try #require(SVGDocument(image: renderer.draw(callout, on: image, in: Self.viewport))).text
        #expect(svg.contains("<circle"))
        #expect(svg.contains(">x = 1.5708</text>"))
        #expect(svg.contains(">y = 1</text>"))
        #expect(try XMLLint.problems(in: svg) == nil)
    }

    @Test("Numbers are written with at most two decimals", arguments: [
        (0.0, "0"), (12.0, "12"), (12.5, "12.5"), (-0.25, "-0.25"), (3.14159, "3.14"), (0.049, "0.05"), (-0.001, "0"), (99.999, "100"),
    ])
    func numbers(_ value: Double, _ text: String) {
        #expect(SVGPathData.number(value) == text)
    }

    @Test("A branch that leaves the image and comes back is cut into two subpaths; one far away is left out")
    func clippedBranches() {
        var path = SVGPathData(bounds: ClipRect(left: 0, top: 0, right: 100, bottom: 100))
        path.add([Point(x: 10, y: 50), Point(x: 20, y: 1e300), Point(x: 30, y: 50), Point(x: 40, y: 60)])
        path.add([Point(x: 500, y: 500), Point(x: 600, y: 600)])
        path.add([Point(x: 50, y: 50)])
        #expect(path.subpaths == 3)
        #expect(!path.text.contains("e+"))
        #expect(path.text.hasSuffix("M50 50h0"))
    }
}
