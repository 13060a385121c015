import Foundation
@testable import App
import Analysis
import Raster
import Terminal
import Testing

/// A glyph source of solid boxes, so pictures get text without a font.
final class BoxGlyphs: GlyphSource {
    func metrics(pixelHeight: Int) -> FontMetrics {
        FontMetrics(ascent: pixelHeight * 3 / 4, descent: pixelHeight - pixelHeight * 3 / 4)
    }

    func glyph(for scalar: Unicode.Scalar, pixelHeight: Int) -> GlyphBitmap? {
        let side = pixelHeight / 2
        return GlyphBitmap(width: side, height: side, left: 1, top: side, advance: side + 2,
                           coverage: [UInt8](repeating: 255, count: side * side))
    }
}

/// The statistics popover over functions whose extrema, poles and undefined points are hard.
@Suite("Statistics popover")
struct PopoverTests {
    static let hostile = ["1/x", "1/x^2", "1/(x-1)", "exp(x)", "x^x", "1e300*x", "sqrt(x)/x", "tan(x)", "abs(x)/x", "-1e308",
                          "sin(1e300*x)", "x*1.7e308"]

    /// The statistics of `expression`, graphed as the app graphs it, over a 1600×900 view of `range`.
    static func statistics(of expression: String, over range: ClosedRange<Double>,
                           yRange: ClosedRange<Double> = -2...2) throws -> GraphStatistics {
        let model = AppModel.graphing(expression)
        let viewport = Viewport(width: 1600, height: 900, xRange: range, yRange: yRange)
        return GraphStatistics.measure(try #require(model.graphed).function, in: viewport)
    }

    @Test("The popover is drawn for functions whose extrema lie outside the view", arguments: hostile)
    func pictureOffView(expression: String) throws {
        let model = AppModel.graphing(expression)
        let viewport = try #require(model.viewport(in: Panes.full))
        let function = try #require(model.graphed).function
        let renderer = GraphRenderer(style: .sized(forTextHeight: 20), glyphs: BoxGlyphs())
        let image = renderer.render(function, in: viewport)
        let statistics = GraphStatistics.measure(function, in: viewport)
        for isSheet in [false, true] {
            let curves = [CurveStatistics(equation: expression, statistics: statistics)]
            let drawn = PopoverPicture(curves: curves, renderer: renderer, isSheet: isSheet).draw(on: image, viewport: viewport)
            #expect(drawn.width == image.width && drawn.height == image.height)
            #expect(drawn != image, "the box is drawn")
        }
        for marker in PopoverContent.markers(for: statistics) {
            #expect(viewport.contains(x: marker.x, y: marker.y), "rings only inside the view")
        }
    }

    @Test("Popover lines (prefixes) say poles, undefined points, exact extrema and off-view sides", arguments: [
        ("1/x", ["max: unbounded (pole near x = 0)", "min: unbounded (pole near x = 0)", "undefined in part of the view"]),
        ("1/x^2", ["max: unbounded (pole near x = 0)", "min y = 0.01  at x = -10", "undefined in part of the view"]),
        ("abs(x)/x", ["max y = 1  at x = ", "min y = -1  at x = ", "undefined in part of the view"]),
        ("sqrt(x)", ["min y = 0  at x = 0", "max y = 3.16228  at x = 10", "undefined in part of the view"]),
        ("x^2-1", ["min y = -1  at x = 0", "max y = 99  at x = -10  ↑ above the view", "sign changes: 2"]),
        ("exp(x)", ["max y = 22026.5  at x = 10  ↑ above the view", "min y = 4.53999e-05  at x = -10"]),
        ("1e300*x", ["max y = 1e+301  at x = 10  ↑ above the view", "min y = -1e+301  at x = -10  ↓ below the view"]),
        ("-x^2-7", ["max y = -7  at x = 0  ↓ below the view"]),
    ])
    func lines(expression: String, expected: [String]) throws {
        let model = AppModel.graphing(expression)
        let viewport = try #require(model.viewport(in: Panes.full))
        let lines = PopoverContent.lines(for: GraphStatistics.measure(try #require(model.graphed).function, in: viewport))
        for line in expected { #expect(lines.contains { $0.hasPrefix(line) }, "\(lines)") }
        if !expected.contains("undefined in part of the view") { #expect(!lines.contains("undefined in part of the view")) }
    }

    @Test("Where y overflows, the popover says so and gives no maximum of 1.8e308", arguments: [
        // eˣ is never 0: its samples left of −745.133 are 0 only by underflow (UnderflowTests).
        ("exp(x)", -1e6...1e6, "max: > 1.79769e+308 (overflows at x = 709.783)", "min: |y| < 4.94066e-324 (underflows at x = -745.133)"),
        ("-exp(x)", -1e6...1e6, "min: < -1.79769e+308 (overflows at x = 709.783)", "max: |y| < 4.94066e-324 (underflows at x = -745.133)"),
        ("x^x", -1329...1329, "max: > 1.79769e+308 (overflows at x = 143.0", "min y = "),
        ("x^x", 0...2658, "max: > 1.79769e+308 (overflows at x = 143.0", "min y = 0.692201  at x = 0.367879"),
    ])
    func overflow(expression: String, range: ClosedRange<Double>, overflowLine: String, otherLine: String) throws {
        let lines = PopoverContent.lines(for: try Self.statistics(of: expression, over: range, yRange: -5...5))
        #expect(lines.contains { $0.hasPrefix(overflowLine) }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix(otherLine) }, "\(lines)")
        #expect(!lines.contains { $0.contains("y = 1.79769e+308") || $0.contains("y = -1.79769e+308") }, "\(lines)")
    }

    @Test("A top tended to at a hole is said as such: sin(x)/x → 1 as x → 0, and no marker is drawn there")
    func hole() throws {
        let statistics = try Self.statistics(of: "sin(x)/x", over: -10...10)
        let lines = PopoverContent.lines(for: statistics)
        #expect(lines.contains("max y → 1  as x → 0 (a hole)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("min y = -0.217234  at x = ") }, "\(lines)")
        #expect(!PopoverContent.markers(for: statistics).contains { abs($0.x) < 0.1 })
    }

    @Test("eˣ zoomed out has no minimum of 0: it underflows at −1075·ln 2 = −745.133, and no marker is drawn there")
    func underflow() throws {
        let statistics = try Self.statistics(of: "exp(x)", over: -200_000...10)
        let lines = PopoverContent.lines(for: statistics)
        #expect(lines.contains("min: |y| < 4.94066e-324 (underflows at x = -745.133)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("max y = 22026.5  at x = 10") }, "\(lines)")
        #expect(PopoverContent.markers(for: statistics).allSatisfy { $0.x > 0 }, "\(PopoverContent.markers(for: statistics))")
    }

    @Test("tan(x) is unbounded both ways, with no spurious digits")
    func tangent() throws {
        let model = AppModel.graphing("tan(x)")
        let viewport = try #require(model.viewport(in: Panes.full))
        let lines = PopoverContent.lines(for: GraphStatistics.measure(try #require(model.graphed).function, in: viewport))
        #expect(lines[0].hasPrefix("max: unbounded (pole near x = "))
        #expect(lines[1].hasPrefix("min: unbounded (pole near x = "))
        for line in lines { #expect(!line.contains { $0.isNumber } || line.count < 45, "\(line)") }
    }

    @Test("Popover numbers carry no noise", arguments: [
        (0.0, "0"), (-0.0, "0"), (-1e-12 * 0, "0"), (1.016106e21, "1.01611e+21"), (999207246973.798218, "9.99207e+11"),
        (3.14159265358979, "3.14159"), (22026.465794806718, "22026.5"), (0.000123456, "0.000123"), (-1e-7, "-1e-07"),
        (1.5, "1.5"), (123456.7, "123457"), (-2.0000000001, "-2"), (-0.0000004, "-4e-07"), (9.8e-22, "9.8e-22"),
    ])
    func numbers(value: Double, expected: String) {
        #expect(PopoverNumber.text(value) == expected)
    }

    @Test("Zoomed and panned to the camera's limits with the popover open, frames are drawn",
          arguments: ["1/x", "tan(x)", "x^x", "exp(x)", "sqrt(x)/x", "x", "sin(x)"])
    func cameraLimits(expression: String) throws {
        let pane = Panes.full
        var model = AppModel.graphing(expression, in: pane)
        model.apply(.togglePopover, graphPane: pane)
        let moves: [[AppAction]] = [
            Array(repeating: .zoom(factor: 2, about: nil), count: 60),
            [.pan(dx: 1e300, dy: -1e300)],
            [.pan(dx: -3e15, dy: 3e15)],
            Array(repeating: .zoom(factor: 0.5, about: Point(x: 3, y: 7)), count: 120),
            [.pan(dx: 1e16, dy: 1e16)],
            [.fit],
            [.zoom(factor: .infinity, about: nil), .pan(dx: .nan, dy: 1)],
        ]
        for actions in moves {
            for action in actions { model.apply(action, graphPane: pane) }
            let camera = try #require(model.camera)
            #expect(camera.isSane)
            let presenter = GraphPresenter(backend: KittyBackend(), glyphs: BoxGlyphs())
            let controller = AppController(model: model, window: WindowSize(columns: 100, rows: 30),
                                           cell: PixelSize(width: 10, height: 20), presenter: presenter, theme: .dark)
            #expect(!controller.frame().isEmpty)
        }
        #expect(model.isPopoverOpen)
    }
}
