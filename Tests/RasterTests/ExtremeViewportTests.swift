import Foundation
import Analysis
@testable import Raster
import TestSupport
import Testing

/// Viewports and functions at the limits of Double: nothing traps, and what can be drawn is drawn.
@Suite("Extreme viewports and values")
struct ExtremeViewportTests {
    static var renderer: GraphRenderer { GraphRenderer(style: GraphStyle(labelPixelHeight: 12, title: "y"), glyphs: BoxGlyphs()) }

    static func axisPixels(_ image: IndexedImage) -> Int { image.pixels.filter { $0 == PaletteSlot.axis }.count }
    static func curvePixels(_ image: IndexedImage) -> Int { image.pixels.filter { $0 >= PaletteSlot.firstCurve }.count }

    @Test("Double to Int conversions clamp and never trap", arguments: [
        (Double.nan, 0), (.infinity, Int.max - 1023), (-.infinity, -(Int.max - 1023)), (1e300, Int.max - 1023),
        (2.5, 3), (-2.5, -3), (-0.0, 0),
    ])
    func clampingConversion(value: Double, expected: Int) {
        #expect(Int(clamping: value) == expected)
    }

    @Test("Each rounding rule rounds its way, then clamps", arguments: [
        (2.7, PixelRounding.towardZero, 2), (-2.7, .towardZero, -2), (2.1, .up, 3), (-2.1, .up, -2),
        (2.9, .down, 2), (-2.1, .down, -3), (2.5, .toNearestOrAwayFromZero, 3), (-2.5, .toNearestOrAwayFromZero, -3),
        (1e300, .towardZero, Int.max - 1023), (-.infinity, .up, -(Int.max - 1023)), (.nan, .down, 0),
    ])
    func clampingRules(value: Double, rule: PixelRounding, expected: Int) {
        #expect(Int(clamping: value, rounding: rule) == expected)
    }

    @Test("Pixels round by their rule", arguments: [
        (3.2, PixelRounding.up, 4), (-3.7, .towardZero, -3), (2.5, .toNearestOrAwayFromZero, 3),
        (-0.2, .down, -1), (1e300, .up, 1 << 40), (.nan, .up, -(1 << 40)),
    ])
    func pixelRules(value: Double, rule: PixelRounding, expected: Int) {
        #expect(Int(pixel: value, rounding: rule) == expected)
    }

    @Test("Pixels from any Double stay within ±2^40 and NaN lies before the image", arguments: [
        (Double.nan, -(1 << 40)), (.infinity, 1 << 40), (-1e300, -(1 << 40)), (3.7, 3), (-0.5, -1),
    ])
    func pixelConversion(value: Double, expected: Int) {
        #expect(Int(pixel: value) == expected)
    }

    @Test("Ranges at the ends of Double render without trapping", arguments: [
        (1e308...1.7e308, -1.0...1.0), (-1e-320...1e-320, -1...1), (-1e308...1e308, -1...1),
        (-1...1, 0...5e-324), (-1...1, -1.7e308...1.7e308), (-1e15...(-1e15 + 1e-3), -1...1),
    ])
    func extremeRanges(xRange: ClosedRange<Double>, yRange: ClosedRange<Double>) {
        let viewport = Viewport(width: 200, height: 120, xRange: xRange, yRange: yRange)
        for f in [{ (x: Double) -> Double? in x }, { _ in 1e308 }, { 1 / $0 }, { sin(1e300 * $0) }] {
            let image = Self.renderer.render(f, in: viewport)
            #expect(image.pixels.count == 200 * 120)
        }
    }

    @Test("Finite, non-degenerate viewports are representable; the rest are not", arguments: [
        (1e308...1.7e308, -1.0...1.0, true), (-1e308...1e308, -1...1, true), (-1...1, -1.7e308...1.7e308, true),
        (-1e-320...1e-320, -1...1, false), (-1...1, 0...5e-324, false), (-1...1, 0...0, true),
    ])
    func representable(xRange: ClosedRange<Double>, yRange: ClosedRange<Double>, expected: Bool) {
        #expect(Viewport(width: 800, height: 500, xRange: xRange, yRange: yRange).isRepresentable == expected)
    }

    @Test("Huge values get axes and a curve (they used to give a blank image)", arguments: [
        TestFunction("x*1.7e308 on [-1, 1]") { $0 * 1.7e308 }, TestFunction("1e308*x on [-10, 10]") { 1e308 * $0 },
        TestFunction("1e308") { _ in 1e308 }, TestFunction("-1e308") { _ in -1e308 },
    ])
    func hugeValues(function: TestFunction) {
        let xRange = function.name.contains("[-1, 1]") ? -1.0...1.0 : -10...10
        let viewport = Viewport(width: 240, height: 160, xRange: xRange, yRange: -1...1).fittingY(to: function.function)
        #expect(viewport.isRepresentable)
        let image = Self.renderer.render(function.function, in: viewport)
        #expect(Self.axisPixels(image) > 100, "axes drawn")
        #expect(Self.curvePixels(image) > 100, "curve drawn")
    }

    @Test("Zoom to fit never traps and gives a representable view", arguments: [
        TestFunction("1e308") { _ in 1e308 }, TestFunction("-1e308") { _ in -1e308 },
        TestFunction("1e308*x") { 1e308 * $0 }, TestFunction("x*1.7e308") { $0 * 1.7e308 },
        TestFunction("±1.5e308") { $0 < 0 ? -1.5e308 : 1.5e308 },
        TestFunction("NaN everywhere") { _ in .nan }, TestFunction("undefined") { _ in nil },
    ])
    func fitHuge(function: TestFunction) {
        let viewport = Viewport(width: 480, height: 320, xRange: -10...10, yRange: -1...1)
        let fitted = viewport.fittingY(to: function.function)
        #expect(fitted.isRepresentable)
        if let y = function.function(3), y.isFinite {
            #expect(fitted.yRange.contains(y), "the value is in view")
        }
    }

    @Test("Popover callouts over functions whose extrema lie off the view", arguments: [
        TestFunction.reciprocal, TestFunction("1/x^2") { 1 / ($0 * $0) }, TestFunction("exp(x)") { exp($0) },
        TestFunction.selfPower, TestFunction("1e300*x") { 1e300 * $0 }, TestFunction("sqrt(x)/x") { TestFunction.defined(sqrt($0) / $0) },
    ])
    func calloutOffView(function: TestFunction) {
        let viewport = Viewport(width: 320, height: 200, xRange: -10...10, yRange: -3...3)
        let image = Self.renderer.render(function.function, in: viewport)
        let statistics = GraphStatistics.measure(function.function, in: viewport)
        let markers = [statistics.maximum, statistics.minimum].compactMap { $0.map { Point(x: $0.x, y: $0.y) } }
            + [Point(x: 1e300, y: -1e300), Point(x: .nan, y: .infinity)]
        let callout = Callout(lines: ["max", "min"], anchor: Point(x: 1e300, y: -.infinity), markers: markers)
        let drawn = Self.renderer.draw(callout, on: image, in: viewport)
        #expect(drawn.width == 320 && drawn.height == 200)
    }

    @Test("Curves with NaN and infinite points rasterize without trapping")
    func hostileSamples() {
        let viewport = Viewport(width: 100, height: 80, xRange: -1...1, yRange: -1...1)
        let samples = Samples(branches: [[Point(x: .nan, y: 3), Point(x: 5, y: .infinity), Point(x: 1e300, y: -1e300)]],
                              bands: [Band(column: 5, top: -.infinity, bottom: .nan), Band(column: 6, top: -1e300, bottom: 1e300)])
        let image = Self.renderer.rasterize(samples, in: viewport)
        #expect(image.pixels.count == 100 * 80)
    }
}
