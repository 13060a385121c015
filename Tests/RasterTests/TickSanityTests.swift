import Foundation
@testable import Raster
import Testing

/// Tick labels at the camera's limits and at the edges of Double: distinct, in order, never "-0".
@Suite("Tick labels at extremes")
struct TickSanityTests {
    /// Viewports of a 1000×560 pane at the camera's zoom limits (1e-4 and 1e8 pixels a unit),
    /// panned to its offset limits (±1e15 pixels), plus ranges only `plot` can ask for.
    static let viewports: [(String, Viewport)] = {
        var list = [(String, Viewport)]()
        for scale in [1e-4, 1, 1e8] {
            for offset in [-1e15, -123_456.5, 0, 1e15] {
                let origin = Point(x: 500 + offset, y: 280 - offset / 3)
                list.append(("scale \(scale), offset \(offset)", Viewport(width: 1000, height: 560, origin: origin, scale: scale)))
            }
        }
        for (x, y) in [(1e308...1.7e308, -1.0...1.0), (-1e308...1e308, -1e-300...1e-300), (1...(1 + 1e-13), 1e15...(1e15 + 1)),
                       (1e17...(1e17 + 1000), -1e-9...1e-9), (-0.001...0.001, -5e-5...5e-5)] {
            list.append(("\(x) × \(y)", Viewport(width: 1000, height: 560, xRange: x, yRange: y)))
        }
        // Log axes from a decade every few pixels to a fraction of a decade across the view.
        for (x, y) in [(1e-300...1e300, 1e-5...1e5), (1...1e3, 0.5...2.0), (2...(2 + 1e-9), 1e300...1.7e308),
                       (1e-320...1e-300, 3...3.0001)] {
            list.append(("log \(x) × \(y)", Viewport(width: 1000, height: 560, xRange: x, yRange: y, xScale: .log, yScale: .log)))
        }
        return list
    }()

    @Test("Ticks are in order two pixels apart at least, labels distinct and never -0",
          arguments: viewports.map { $0.0 })
    func sane(name: String) throws {
        let viewport = try #require(Self.viewports.first { $0.0 == name }).1
        let painter = AxesPainter(viewport: viewport, style: GraphStyle(), text: nil)
        for (ticks, ladder, ascending) in [(painter.xTicks, painter.xAxisTicks, true), (painter.yTicks, painter.yAxisTicks, false)] {
            let pixels = ticks.map(\.pixel)
            for (a, b) in zip(pixels, pixels.dropFirst()) { #expect(ascending ? b - a >= 2 : a - b >= 2) }
            let labels = ticks.compactMap { ladder.label(at: $0.index) }
            #expect(Set(labels).count == labels.count, "labels distinct: \(labels)")
            #expect(!labels.contains { $0 == "-0" || $0.hasPrefix("-0e") })
        }
        let image = GraphRenderer(style: GraphStyle(labelPixelHeight: 12), glyphs: BoxGlyphs()).render({ $0 }, in: viewport)
        #expect(image.width == 1000)
    }
}
