import Foundation
@testable import Raster
import Testing

/// Parametric paths, x = f(y) and implicit relations drawn against their true curves: every
/// inked pixel within 1.5 px of the curve, and every point of the curve inside the picture inked.
@Suite("Parametric and implicit curves")
struct ParametricAndImplicitTests {
    static let width = 1000, height = 625

    static func viewport(x: ClosedRange<Double>, y: ClosedRange<Double>) -> Viewport {
        Viewport(width: width, height: height, xRange: x, yRange: y)
    }

    /// The picture of `curve` alone, without text.
    static func picture(_ curve: PlaneCurve, in viewport: Viewport) -> IndexedImage {
        GraphRenderer(glyphs: nil).render([curve], in: viewport)
    }

    static func check(_ curve: PlaneCurve, against truth: TrueCurve, in viewport: Viewport, _ name: String) {
        let image = picture(curve, in: viewport)
        let stray = truth.strayPixels(in: image)
        let uncovered = truth.uncoveredPoints(in: image)
        #expect(stray.isEmpty, "\(name): \(stray.count) stray pixels, first \(Array(stray.prefix(5)))")
        #expect(uncovered.isEmpty, "\(name): \(uncovered.count) uncovered points, first \(Array(uncovered.prefix(5)))")
    }

    static let turn = 0...(2 * Double.pi)

    @Test("Parametric circle, Lissajous figure, polar rose and spiral lie on their true curves and cover them")
    func parametric() {
        let wide = Self.viewport(x: -8...8, y: -5...5), unit = Self.viewport(x: -1.6...1.6, y: -1.1...1.1)
        let circle: (Double) -> (x: Double, y: Double)? = { (3 * cos($0), 3 * sin($0)) }
        let lissajous: (Double) -> (x: Double, y: Double)? = { (sin(3 * $0), sin(2 * $0)) }
        let rose: (Double) -> (x: Double, y: Double)? = { t in (cos(3 * t) * cos(t), cos(3 * t) * sin(t)) }
        let spiral: (Double) -> (x: Double, y: Double)? = { t in (0.25 * t * cos(t), 0.25 * t * sin(t)) }
        Self.check(.path(circle, t: Self.turn), against: TrueCurve(wide, ranges: [Self.turn], circle), in: wide, "circle")
        Self.check(.path(lissajous, t: Self.turn), against: TrueCurve(unit, ranges: [Self.turn], lissajous), in: unit, "Lissajous")
        Self.check(.path(rose, t: Self.turn), against: TrueCurve(unit, ranges: [Self.turn], rose), in: unit, "rose")
        Self.check(.path(spiral, t: 0...(6 * .pi)), against: TrueCurve(wide, ranges: [0...(6 * .pi)], spiral), in: wide, "spiral")
    }

    @Test("A path breaks where it is undefined and where it jumps")
    func pathBreaks() {
        let viewport = Self.viewport(x: -8...8, y: -5...5)
        // (t, tan t): poles at ±π/2, ±3π/2; (t, sqrt(1 - t²)·3) undefined beyond |t| > 1.
        let tangent: (Double) -> (x: Double, y: Double)? = { ($0, tan($0)) }
        let halfPi = Double.pi / 2
        let ends: [Double] = [-8, -3 * halfPi, -halfPi, halfPi, 3 * halfPi, 8]
        let poles: [ClosedRange<Double>] = zip(ends, ends.dropFirst()).map { $0...$1 }
        Self.check(.path(tangent, t: -8...8), against: TrueCurve(viewport, ranges: poles, tangent), in: viewport, "tan path")
        let dome: (Double) -> (x: Double, y: Double)? = { t in t * t <= 1 ? (4 * t, 3 * (1 - t * t).squareRoot()) : nil }
        Self.check(.path(dome, t: -3...3), against: TrueCurve(viewport, ranges: [-1...1], dome), in: viewport, "dome")
    }

    @Test("x = y² lies on its true curve")
    func inverseGraph() {
        let viewport = Self.viewport(x: -8...8, y: -5...5)
        let parabola: (Double) -> (x: Double, y: Double)? = { ($0 * $0, $0) }
        Self.check(.inverseGraph { $0 * $0 }, against: TrueCurve(viewport, ranges: [-6...6], parabola), in: viewport, "x = y²")
        let wave: (Double) -> (x: Double, y: Double)? = { (3 * sin(2 * $0), $0) }
        Self.check(.inverseGraph { 3 * sin(2 * $0) }, against: TrueCurve(viewport, ranges: [-6...6], wave), in: viewport, "x = 3 sin 2y")
    }

    @Test("Implicit circle, folium and lemniscate lie on their parametrizations and cover them")
    func implicit() {
        let wide = Self.viewport(x: -8...8, y: -5...5)
        let circle: (Double) -> (x: Double, y: Double)? = { (3 * cos($0), 3 * sin($0)) }
        Self.check(.relation { x, y in x * x + y * y - 9 }, against: TrueCurve(wide, ranges: [Self.turn], circle), in: wide, "circle")
        let near = Self.viewport(x: -4...4, y: -2.5...2.5)
        let folium: (Double) -> (x: Double, y: Double)? = { t in
            abs(1 + t * t * t) < 1e-12 ? nil : (3 * t / (1 + t * t * t), 3 * t * t / (1 + t * t * t))
        }
        Self.check(.relation { x, y in x * x * x + y * y * y - 3 * x * y },
                   against: TrueCurve(near, ranges: [(-400)...(-1.0001), (-0.9999)...400], folium), in: near, "folium")
        let small = Self.viewport(x: -1.6...1.6, y: -1...1)
        let lemniscate: (Double) -> (x: Double, y: Double)? = { t in
            let s = 1 + sin(t) * sin(t)
            return (cos(t) / s, sin(t) * cos(t) / s)
        }
        let image = Self.picture(.relation { x, y in (x * x + y * y) * (x * x + y * y) - (x * x - y * y) }, in: small)
        let truth = TrueCurve(small, ranges: [Self.turn], lemniscate)
        #expect(truth.strayPixels(in: image).isEmpty, "lemniscate stray")
        #expect(truth.uncoveredPoints(in: image).isEmpty, "lemniscate uncovered")
        // Both lobes pass through the crossing: ink along both diagonals within 6 px of the origin.
        let origin = Point(x: small.column(forX: 0), y: small.row(forY: 0))
        for (dx, dy) in [(4.0, 4.0), (-4.0, 4.0), (4.0, -4.0), (-4.0, -4.0), (0.0, 0.0)] {
            let index = Int(origin.y + dy) * image.width + Int(origin.x + dx)
            #expect(PaletteSlot.isCurve(image.pixels[index]), "lemniscate at the crossing + (\(dx), \(dy))")
        }
    }

    @Test("y − tan x = 0 draws no connector at the poles; 1/(x² + y² − 1) = 0 draws nothing")
    func poles() {
        let viewport = Self.viewport(x: -8...8, y: -5...5)
        let tangent: (Double) -> (x: Double, y: Double)? = { ($0, tan($0)) }
        let ranges: [ClosedRange<Double>] = (-3...2).map { (k: Int) -> ClosedRange<Double> in
            let low: Double = Double(k) * Double.pi + Double.pi / 2
            return (low + 1e-9)...(low + Double.pi - 1e-9)
        }
        let image = Self.picture(.relation { x, y in y - tan(x) }, in: viewport)
        let truth = TrueCurve(viewport, ranges: ranges, tangent)
        let stray = truth.strayPixels(in: image)
        #expect(stray.isEmpty, "\(stray.count) stray pixels, first \(Array(stray.prefix(5)))")
        #expect(truth.uncoveredPoints(in: image).isEmpty)
        let pole = Self.picture(.relation { x, y in 1 / (x * x + y * y - 1) }, in: Self.viewport(x: -3...3, y: -2...2))
        #expect(!pole.pixels.contains { PaletteSlot.isCurve($0) })
    }

    @Test("On log–log axes, y = x² as a relation and as a path is the straight line it should be")
    func logAxes() {
        let viewport = Viewport(width: Self.width, height: Self.height, xRange: 0.01...100, yRange: 0.001...1000,
                                xScale: .log, yScale: .log)
        let square: (Double) -> (x: Double, y: Double)? = { u in (pow(10, u), pow(10, 2 * u)) }
        let truth = TrueCurve(viewport, ranges: [-2...2], square)
        Self.check(.relation { x, y in y - x * x }, against: truth, in: viewport, "relation on log axes")
        Self.check(.path(square, t: -2...2), against: truth, in: viewport, "path on log axes")
    }
}
