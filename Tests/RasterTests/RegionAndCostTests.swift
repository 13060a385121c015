import Foundation
@testable import Raster
import Testing

/// Inequalities' tints and boundaries, palettes with few registers, and hostile curves whose
/// cost stays within the evaluation bound.
@Suite("Regions and curve costs")
struct RegionAndCostTests {
    static let viewport = Viewport(width: 800, height: 500, xRange: -8...8, yRange: -5...5)

    static func picture(_ curves: [PlaneCurve], style: GraphStyle = GraphStyle()) -> IndexedImage {
        GraphRenderer(style: style, glyphs: nil).render(curves, in: viewport)
    }

    static func belowSine(strict: Bool) -> PlaneCurve {
        .region({ x, y in sin(x) - y }, strict: strict, boundary: .graph { sin($0) })
    }

    /// The tint of curve `curve` in `image`.
    static func tint(_ curve: Int, _ image: IndexedImage) -> UInt8 {
        (image.layout ?? .single).slot(curve: curve, level: 1)
    }

    @Test("y < sin x is tinted below the curve only, away from a 2 px band around it")
    func oneSide() {
        let image = Self.picture([Self.belowSine(strict: true)])
        let tint = Self.tint(0, image)
        var above = 0, belowUntinted = 0, belowTinted = 0
        for row in 0..<image.height {
            for column in 0..<image.width {
                let curveRow = Self.viewport.row(forY: sin(Self.viewport.x(atColumn: Double(column) + 0.5)))
                let centre = Double(row) + 0.5, pixel = image.pixels[row * image.width + column]
                if centre < curveRow - 2, pixel == tint { above += 1 }
                if centre > curveRow + 2 {
                    if pixel == tint { belowTinted += 1 } else if pixel == PaletteSlot.background { belowUntinted += 1 }
                }
            }
        }
        #expect(above == 0)
        #expect(belowUntinted == 0)
        #expect(belowTinted > image.width * image.height / 3)
    }

    /// How many points, every half pixel along y = sin x inside the picture, have no full ink within 1 px.
    static func gaps(in image: IndexedImage) -> (gaps: Int, points: Int) {
        let ink = (image.layout ?? .single).fullInk(ofCurve: 0)
        var gaps = 0, points = 0
        var x = -7.5
        while x < 7.5 {
            let p = Point(x: viewport.column(forX: x), y: viewport.row(forY: sin(x)))
            points += 1
            let near = (-1...1).contains { dy in
                (-1...1).contains { dx in image.pixels[(Int(p.y) + dy) * image.width + Int(p.x) + dx] == ink }
            }
            if !near { gaps += 1 }
            x += 0.5 / viewport.scaleX * (1 + cos(x) * cos(x)).squareRoot().reciprocal
        }
        return (gaps, points)
    }

    @Test("A strict boundary is dashed, a non-strict one solid")
    func dashes() {
        let strict = Self.gaps(in: Self.picture([Self.belowSine(strict: true)]))
        let solid = Self.gaps(in: Self.picture([Self.belowSine(strict: false)]))
        #expect(solid.gaps == 0)
        #expect(strict.gaps > strict.points / 6, "\(strict)")
        #expect(strict.gaps < strict.points * 2 / 3, "\(strict)")
    }

    @Test("Where two regions overlap, both tints show")
    func overlap() {
        let disc = PlaneCurve.region({ x, y in 9 - x * x - y * y }, strict: false, boundary: .relation { x, y in 9 - x * x - y * y })
        let right = PlaneCurve.region({ x, _ in x - 1 }, strict: true, boundary: .inverseGraph { _ in 1 })
        let image = Self.picture([disc, right])
        let first = Self.tint(0, image), second = Self.tint(1, image)
        // The overlap's core: x in 1.5…2.2, |y| < 1.5, away from both boundaries.
        var counts = [0, 0, 0]
        for row in Int(Self.viewport.row(forY: 1.5))..<Int(Self.viewport.row(forY: -1.5)) {
            for column in Int(Self.viewport.column(forX: 1.5))..<Int(Self.viewport.column(forX: 2.2)) {
                let pixel = image.pixels[row * image.width + column]
                counts[pixel == first ? 0 : pixel == second ? 1 : 2] += 1
            }
        }
        let total = counts.reduce(0, +)
        #expect(counts[0] > total / 4 && counts[1] > total / 4, "\(counts)")
        // Outside the overlap each shows alone: inside the disc left of x = 1, right of it outside the disc.
        #expect(image.pixels[Int(Self.viewport.row(forY: 0.5)) * image.width + Int(Self.viewport.column(forX: -1))] == first)
        #expect(image.pixels[Int(Self.viewport.row(forY: 4.5)) * image.width + Int(Self.viewport.column(forX: 5))] == second)
    }

    @Test("With few colour registers no pixel indexes past the palette", arguments: [8, 10, 12, 16, 24])
    func sixelBudget(registers: Int) {
        var style = GraphStyle()
        style.paletteLimit = registers
        let curves: [PlaneCurve] = [
            Self.belowSine(strict: true),
            .region({ x, y in 9 - x * x - y * y }, strict: false, boundary: .relation { x, y in 9 - x * x - y * y }),
            .path({ t in (3 * cos(t), 2 * sin(3 * t)) }, t: 0...(2 * .pi)),
            .relation { x, y in x * y - 1 },
        ]
        let image = Self.picture(curves, style: style)
        #expect(image.palette.count <= registers)
        #expect(image.pixels.allSatisfy { Int($0) < image.palette.count })
    }

    // MARK: - Hostile curves

    /// Samples `curve` built on a counted function, within `budget` units of work.
    static func cost(of make: (EvaluationTally) -> PlaneCurve, in viewport: Viewport,
                     budget: WorkBudget = .frame) -> (counted: Int, reported: Int, limit: Int) {
        let tally = EvaluationTally()
        var renderer = GraphRenderer(glyphs: nil)
        renderer.workBudget = budget
        let samples = renderer.sample([make(tally)], in: viewport)
        _ = renderer.rasterize(samples, in: viewport)
        return (tally.count, samples.first?.evaluations ?? 0, budget.evaluations(cost: 1, curves: 1))
    }

    static var hostileRelations: [(String, (Double, Double) -> Double?)] { [
        ("sin(x y) = cos(x y)", { x, y in sin(x * y) - cos(x * y) }),
        ("x^y = y^x", { x, y in pow(x, y) - pow(y, x) }),
        ("1/0 = y", { _, _ in nil }),
        ("NaN", { _, _ in .nan }),
        ("1e308", { x, y in 1e308 * (x - y) }),
        ("noise", { x, y in sin(1e9 * x * y) }),
    ] }

    @Test("Hostile relations and regions finish within the evaluation bound", arguments: [20_000, 2_000_000, 40_000_000])
    func hostileRelations(units: Int) {
        let views = [Viewport(width: 800, height: 500, xRange: -100...100, yRange: -60...60),
                     Viewport(width: 800, height: 500, xRange: -1e300...1e300, yRange: -1e300...1e300),
                     Viewport(width: 0, height: 0, xRange: -1...1, yRange: -1...1),
                     Viewport(width: 800, height: 500, xRange: 1...1, yRange: 0...0)]
        for (name, F) in Self.hostileRelations {
            for viewport in views {
                for kind in ["relation", "region"] {
                    let cost = Self.cost(of: { tally in
                        let counted: (Double, Double) -> Double? = { x, y in tally.count += 1; return F(x, y) }
                        return kind == "relation" ? .relation(counted) : .region(counted, strict: true, boundary: .relation(counted))
                    }, in: viewport, budget: WorkBudget(units: units))
                    #expect(cost.counted == cost.reported, "\(name) \(kind)")
                    #expect(cost.counted <= cost.limit, "\(name) \(kind) in \(viewport.xRange): \(cost.counted) > \(cost.limit)")
                }
            }
        }
    }

    @Test("Hostile paths finish within the evaluation bound", arguments: [1_000, 100_000, 40_000_000])
    func hostilePaths(units: Int) {
        let paths: [(String, (Double) -> (x: Double, y: Double)?)] = [
            ("noise", { t in (sin(1e9 * t), cos(7e8 * t)) }), ("tan", { t in (tan(50 * t), t) }),
            ("undefined", { _ in nil }), ("NaN", { _ in (.nan, 0) }), ("1e308", { t in (1e308 * sin(t), 1e308 * cos(t)) }),
            ("holes", { t in sin(1e4 * t) > 0 ? (t, t) : nil }),
        ]
        for (name, path) in paths {
            for range in [0...(2 * Double.pi), -1e300...1e300, 1...1] {
                let cost = Self.cost(of: { tally in
                    .path({ t in tally.count += 1; return path(t) }, t: range)
                }, in: Self.viewport, budget: WorkBudget(units: units))
                #expect(cost.counted == cost.reported, "\(name)")
                #expect(cost.counted <= cost.limit, "\(name) over \(range): \(cost.counted) > \(cost.limit)")
            }
        }
    }
}

private extension Double {
    var reciprocal: Double { 1 / self }
}
