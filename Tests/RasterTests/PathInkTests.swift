import Foundation
@testable import Raster
import Testing

/// A path's ink bound (`PathSampler.inkLimit`): a path that scribbles, such as a polar curve over
/// a range of θ far wider than its doubles resolve, stops once its chords would cover the picture
/// many times over, and every pixel it inks still lies on the true curve; a dense figure that is
/// only detailed stays whole.
@Suite("Path ink")
struct PathInkTests {
    static let width = 800, height = 500

    /// The samples of the path `(x(t), y(t))` over `range` in `viewport`, with the frame's budget.
    static func samples(_ path: @escaping (Double) -> (x: Double, y: Double)?, over range: ClosedRange<Double>,
                        in viewport: Viewport) -> Samples {
        GraphRenderer(glyphs: nil).sample(.path(path, t: range), in: viewport)
    }

    /// The length of the chords of `samples`, each counted at most once across the picture.
    static func ink(of samples: Samples, in viewport: Viewport) -> Double {
        let across = Double(viewport.width + viewport.height)
        return samples.branches.reduce(0) { total, line in
            zip(line, line.dropFirst()).reduce(total) { sum, pair in
                let dx = pair.1.x - pair.0.x, dy = pair.1.y - pair.0.y
                return sum + min((dx * dx + dy * dy).squareRoot(), across)
            }
        }
    }

    /// The points of `samples`.
    static func pointCount(of samples: Samples) -> Int {
        samples.branches.reduce(0) { $0 + $1.count }
    }

    static func cardioid(_ θ: Double) -> (x: Double, y: Double)? {
        let r = 1 + cos(θ)
        return (r * cos(θ), r * sin(θ))
    }

    static func circle(_ t: Double) -> (x: Double, y: Double)? { (3 * cos(t), 3 * sin(t)) }

    @Test("A path scribbling over a huge range stops at its ink bound, every point on the true curve",
          arguments: [0...1e300, -1e300...1e300, 0...1e15])
    func scribble(range: ClosedRange<Double>) {
        let near = Viewport(width: Self.width, height: Self.height, xRange: -1...2.5, yRange: -1.6...1.6)
        let wide = Viewport(width: Self.width, height: Self.height, xRange: -8...8, yRange: -5...5)
        // The closed forms: r = 1 + cos θ is (x² + y² − x)² = x² + y²; the circle x² + y² = 9.
        let cases: [(String, (Double) -> (x: Double, y: Double)?, Viewport, (Double, Double) -> Double)] = [
            ("r = 1 + cos θ", Self.cardioid, near, { x, y in
                let s = x * x + y * y
                return abs((s - x) * (s - x) - s)
            }),
            ("(3 cos t, 3 sin t)", Self.circle, wide, { x, y in abs(x * x + y * y - 9) }),
        ]
        let limit = PathSampler.inkLimit(width: Self.width, height: Self.height)
        let across = Double(Self.width + Self.height)
        for (name, path, viewport, residual) in cases {
            let samples = Self.samples(path, over: range, in: viewport)
            let ink = Self.ink(of: samples, in: viewport)
            // At most one chord past the bound.
            #expect(ink <= limit + across, "\(name) over \(range): \(ink) px of chords, bound \(limit)")
            #expect(Self.pointCount(of: samples) <= Int(limit) + 1, "\(name) over \(range): a point kept costs a pixel at least")
            #expect(samples.isCoarse, "\(name) over \(range): the note that detail is missing")
            #expect(samples.evaluations < WorkBudget.frame.units / 10,
                    "\(name) over \(range): \(samples.evaluations) evaluations for a scribble")
            let points = samples.branches.joined()
            #expect(points.count > 1000, "\(name) over \(range): \(points.count) points")
            let strays = points.filter { point in
                residual(viewport.x(atColumn: point.x), viewport.y(atRow: point.y)) > 1e-9
            }
            #expect(strays.isEmpty, "\(name) over \(range): \(strays.count) points off the curve, first \(Array(strays.prefix(3)))")
            // No chord across the curve that no sample checked: every pixel inked lies on it.
            let picture = GraphRenderer(glyphs: nil).render([.path(path, t: range)], in: viewport)
            let inkOff = TrueCurve(viewport, ranges: [0...(2 * Double.pi)], path).strayPixels(in: picture)
            #expect(inkOff.isEmpty, "\(name) over \(range): \(inkOff.count) pixels off the curve, first \(Array(inkOff.prefix(3)))")
        }
    }

    @Test("A path that trembles within a pixel, or scribbles, keeps at most its bound's points, however large the picture",
          arguments: [(800, 500), (3000, 2000), (10000, 10000)])
    func pointsKept(width: Int, height: Int) {
        let viewport = Viewport(width: width, height: height, xRange: -1...2.5, yRange: -1.6...1.6)
        let limit = PathSampler.inkLimit(width: width, height: height)
        #expect(limit <= 4_194_304)
        // Noise within a pixel (0.9 px across): every step bisected to the finest, its chords
        // under a pixel each, none a jump; and the scribbling cardioid's dots.
        let amplitude = 0.9 / viewport.scaleX
        let trembling: (Double) -> (x: Double, y: Double)? = { t in (amplitude * sin(1e9 * t), amplitude * cos(7e8 * t)) }
        for (name, path, range) in [("trembling", trembling, 0...1e6), ("r = 1 + cos θ", Self.cardioid, 0...1e300)] {
            let samples = Self.samples(path, over: range, in: viewport)
            #expect(Self.pointCount(of: samples) <= Int(limit) + 1, "\(name) at \(width)x\(height): \(Self.pointCount(of: samples)) points")
        }
    }

    @Test("Dense figures over their own range draw whole, well within the bound")
    func denseFigures() {
        let unit = Viewport(width: Self.width, height: Self.height, xRange: -1.6...1.6, yRange: -1.1...1.1)
        let turn = 0...(2 * Double.pi)
        let figures: [(String, (Double) -> (x: Double, y: Double)?)] = [
            ("(sin 31t, sin 29t)", { t in (sin(31 * t), sin(29 * t)) }),
            ("r = cos 40θ", { θ in (cos(40 * θ) * cos(θ), cos(40 * θ) * sin(θ)) }),
            ("(sin 101t, sin 103t)", { t in (sin(101 * t), sin(103 * t)) }),
        ]
        let limit = PathSampler.inkLimit(width: Self.width, height: Self.height)
        for (name, path) in figures {
            let samples = Self.samples(path, over: turn, in: unit)
            let ink = Self.ink(of: samples, in: unit)
            #expect(!samples.isCoarse, "\(name)")
            #expect(ink < limit / 8, "\(name): \(ink) px of chords, bound \(limit)")
        }
    }
}
