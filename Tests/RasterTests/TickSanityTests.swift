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

/// A tick whose exact position is a pixel's edge is drawn on that pixel, however the Doubles
/// round the way there; and a larger picture holding this one (a kitty panorama) puts it in the
/// same pixel.
@Suite("Ticks on a pixel's edge")
struct TickEdgeTests {
    /// y from 2 to 2.8 over 320 px (400 px a unit) and x from −0.5 to 0.5 over 480: the tick at
    /// y = 2.2 lies (2.8 − 2.2) × 400 = 240 px from the top exactly; in Doubles the sum is
    /// 239.99999999999997, which put it in row 239.
    @Test("Each tick's pixel is the exact one, by rational arithmetic")
    func exactRows() {
        let viewport = Viewport(width: 480, height: 320, xRange: -0.5...0.5, yRange: 2...2.8)
        let painter = AxesPainter(viewport: viewport, style: GraphStyle(), text: nil)
        // Ticks are tenths here: y = k/10 lies (28 − k) × 40 px from the top, x = k/10 at (k + 5) × 48.
        for tick in painter.yTicks {
            let tenths = Int((painter.yAxisTicks.position(at: tick.index) * 10).rounded())
            #expect(tick.pixel == (28 - tenths) * 40, "y = \(tenths)/10")
        }
        for tick in painter.xTicks {
            let tenths = Int((painter.xAxisTicks.position(at: tick.index) * 10).rounded())
            #expect(tick.pixel == (tenths + 5) * 48, "x = \(tenths)/10")
        }
        #expect(painter.yTicks.count >= 4 && painter.xTicks.count >= 5)
    }

    /// The view of the app's fuzzing that found it: 0.0009 px a unit in y (a scale measured anew
    /// after a font zoom), 100000 × 0.0009 = 90.00000000000001.
    @Test("A panorama a whole number of pixels larger places every tick where its window's own picture does",
          arguments: [(0.0009000000000000001, 153.0), (400.0, 160.0), (0.3 * 40, 17.0), (1.25e-3, 203.0)])
    func panorama(scale: Double, originY: Double) {
        var window = Viewport(width: 792, height: 306, origin: Point(x: 486, y: originY), scale: 90)
        window.scaleY = scale
        var larger = Viewport(width: 792 + 2 * 396, height: 306 + 2 * 153, origin: Point(x: 486 + 396, y: originY + 153), scale: 90)
        larger.scaleY = scale
        let own = AxesPainter(viewport: window, style: GraphStyle(), text: nil).yTicks
        let held = AxesPainter(viewport: larger, style: GraphStyle(), text: nil).yTicks
        for tick in own {
            let same = held.first { $0.index == tick.index }
            #expect(same?.pixel == tick.pixel + 153, "tick \(tick.index): \(tick.pixel) alone, \(same.map { $0.pixel - 153 } ?? -1) in the panorama")
        }
    }
}
