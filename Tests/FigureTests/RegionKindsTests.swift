import Analysis
import Brain
import Figure
import Foundation
@testable import Raster
import Testing

/// Regions of two comparisons and polar inequalities, against their closed forms: which points
/// are inside, which pixels are tinted, where the edges lie, which are dashed.
@Suite struct RegionKindsTests {
    private let viewport = Viewport(width: 400, height: 300, xRange: -4...4, yRange: -3...3)

    private func curve(_ text: String, angle: AngleMode = .radians, t: ClosedRange<Double> = 0...(2 * Double.pi)) throws -> PlaneCurve {
        try Relation.parse(text).planeCurve(using: [:], angle: angle, t: t)
    }

    /// The region's inside test and its edges, or a recorded issue.
    private func parts(of curve: PlaneCurve) -> (inside: (Double, Double) -> Double?, edges: [PlaneEdge])? {
        guard case .region(let inside, _, let boundary) = curve, case .edges(let edges) = boundary else {
            Issue.record("not a region with edges")
            return nil
        }
        return (inside, edges)
    }

    /// Seeded points over the viewport.
    private var points: [(Double, Double)] {
        // A low-discrepancy lattice: the same points every run.
        return (0..<4000).map { k in
            let u = Double((k * 7919) % 4000) / 4000, v = Double((k * 104_729) % 3989) / 3989
            return (-4 + 8 * u, -3 + 6 * v)
        }
    }

    @Test func theInsideOfEachRegionIsWhereItsComparisonsHold() throws {
        let cases: [(String, (Double, Double) -> Bool)] = [
            ("0 < y < 1", { _, y in 0 < y && y < 1 }),
            ("1 <= x^2 + y^2 < 4", { x, y in 1 <= x * x + y * y && x * x + y * y < 4 }),
            ("x < y < 1", { x, y in x < y && y < 1 }),
            ("2 > y >= x^2 - 1", { x, y in 2 > y && y >= x * x - 1 }),
            ("r < 2 + sin(3θ)", { x, y in hypot(x, y) < 2 + sin(3 * atan2(y, x)) }),
            ("r >= 1", { x, y in hypot(x, y) >= 1 }),
        ]
        for (text, holds) in cases {
            guard let (inside, _) = parts(of: try curve(text)) else { continue }
            for (x, y) in points {
                #expect(((inside(x, y) ?? -1) > 0) == holds(x, y), "\(text) at (\(x), \(y))")
            }
        }
    }

    @Test func aPolarRegionLooksAtEveryTurnOfItsRange() throws {
        // r < θ over two turns: the points within θ₀ + 2π of the origin, θ₀ in [0, 2π).
        guard let (inside, _) = parts(of: try curve("r < θ", t: 0...(4 * Double.pi))) else { return }
        for (x, y) in points {
            var direction = atan2(y, x)
            if direction < 0 { direction += 2 * Double.pi }
            #expect(((inside(x, y) ?? -1) > 0) == (hypot(x, y) < direction + 2 * Double.pi), "(\(x), \(y))")
        }
        // In degrees θ runs over 0…360: the cardioid r < 1 + cos θ.
        guard let (cardioid, _) = parts(of: try curve("r < 1 + cos(θ)", angle: .degrees, t: 0...360)) else { return }
        for (x, y) in points {
            #expect(((cardioid(x, y) ?? -1) > 0) == (hypot(x, y) < 1 + cos(atan2(y, x))), "(\(x), \(y))")
        }
    }

    @Test func eachEdgeIsDashedWhenItsComparisonIsStrictAndLiesOnItsCurve() throws {
        guard let (_, edges) = parts(of: try curve("1 <= x^2 + y^2 < 4")) else { return }
        #expect(edges.map(\.dashed) == [false, true])
        let renderer = GraphRenderer(style: .sized(forTextHeight: 14), glyphs: nil)
        for (edge, radius) in zip(edges, [1.0, 2.0]) {
            let samples = renderer.sample(edge.curve, in: viewport)
            let onIt = samples.branches.joined()
            #expect(onIt.count > 20)
            for point in onIt {
                let x = viewport.x(atColumn: point.x), y = viewport.y(atRow: point.y)
                #expect(abs(hypot(x, y) - radius) < 2 / viewport.scaleX, "\(x), \(y)")
            }
        }
        guard let (_, polar) = parts(of: try curve("r < 2 + sin(3θ)")) else { return }
        #expect(polar.map(\.dashed) == [true])
    }

    @Test func anEdgeIsDrawnOnlyWhereTheOtherComparisonHoldsEndingAtTheCorner() throws {
        // x ≤ y ≤ 1 (solid edges: a dash's gap could fall on the corner): the edge y = x ends at
        // (1, 1), the edge y = 1 runs from the left to x = 1.
        let renderer = GraphRenderer(style: .sized(forTextHeight: 14), glyphs: nil)
        let samples = renderer.sample(try curve("x <= y <= 1"), in: viewport)
        let points = samples.branches.joined().map { (viewport.x(atColumn: $0.x), viewport.y(atRow: $0.y)) }
        let pixel = 1 / viewport.scaleX
        #expect(!points.isEmpty)
        for (x, y) in points {
            #expect(y <= 1 + pixel && x <= 1 + pixel, "(\(x), \(y)) beyond the corner")
        }
        let corner = points.map { hypot($0.0 - 1, $0.1 - 1) }.min() ?? .infinity
        #expect(corner < 0.01 * pixel)
    }

    @Test func theTintedPixelsAreTheInsideAwayFromItsEdges() throws {
        let renderer = GraphRenderer(style: .sized(forTextHeight: 14), glyphs: nil)
        let samples = renderer.sample(try curve("1 <= x^2 + y^2 < 4"), in: viewport)
        var tinted = Set<Int>()
        for run in samples.tint { for column in run.start..<run.end { tinted.insert(run.row * viewport.width + column) } }
        let pixel = 1 / viewport.scaleX
        for row in 0..<viewport.height {
            for column in 0..<viewport.width {
                let x = viewport.x(atColumn: Double(column) + 0.5), y = viewport.y(atRow: Double(row) + 0.5)
                let r = hypot(x, y)
                guard abs(r - 1) > 2 * pixel, abs(r - 2) > 2 * pixel else { continue }
                #expect(tinted.contains(row * viewport.width + column) == (r > 1 && r < 2), "(\(x), \(y))")
            }
        }
    }
}

/// The points of a region bounded by two conditions: each edge's, only where it borders it.
@Suite struct RegionEdgePointsTests {
    @Test func aDoubleInequalityMeetsACircleOnlyWhereItsEdgesBorderIt() throws {
        // x ≤ y ≤ 1 and x² + y² = 4: the edge y = x meets the circle at ±(√2, √2), but only
        // (−√2, −√2) has y ≤ 1; the edge y = 1 meets it at (±√3, 1), but only (−√3, 1) has x ≤ 1.
        let region = try Relation.parse("x <= y <= 1").planeCurve(using: [:], angle: .radians, t: 0...1)
        let circle = try Relation.parse("x^2 + y^2 = 4").planeCurve(using: [:], angle: .radians, t: 0...1)
        let found = PlanePoints.find(in: [region, circle], window: PlaneWindow(x: -5...5, y: -5...5))
        let meetings = found.points.filter { $0.kind == .intersection }
        let expected = [(-2.0.squareRoot(), -2.0.squareRoot()), (-3.0.squareRoot(), 1.0)]
        #expect(meetings.count == expected.count, "\(meetings)")
        for (x, y) in expected {
            #expect(meetings.contains { abs($0.x - x) < 1e-9 && abs($0.y - y) < 1e-9 && $0.curves == [0, 1] }, "(\(x), \(y)) in \(meetings)")
        }
    }
}
