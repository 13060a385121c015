import Foundation
import Analysis
import Raster
import TestSupport
import Testing

/// The points of curves of every kind, against closed forms: intersections of any two kinds,
/// axis intercepts, extremes, and the t or θ of each point on a path.
@Suite("PlaneCurvePoints: every kind of curve against closed forms")
struct PlaneCurvePointsTests {
    static let window = PlaneWindow(x: -5...5, y: -5...5)
    static var circle: PlaneCurve { .relation { x, y in x * x + y * y - 9 } }
    static var unitCircle: PlaneCurve { .path({ t in (cos(t), sin(t)) }, t: 0...(2 * Double.pi)) }

    static func points(_ found: PlanePoints, _ kind: PlanePoint.Kind) -> [PlanePoint] {
        found.points.filter { $0.kind == kind }
    }

    /// Whether `points` are `expected`, in any order, each within `tolerance`.
    static func matches(_ points: [PlanePoint], _ expected: [(Double, Double)], tolerance: Double = 1e-9) -> Bool {
        points.count == expected.count && expected.allSatisfy { x, y in
            points.contains { abs($0.x - x) <= tolerance && abs($0.y - y) <= tolerance }
        }
    }


    @Test("x² + y² = 9 and y = x meet at ±(3/√2, 3/√2), y = x as a graph or as an implicit curve")
    func circleAndLine() {
        let c = 3 / 2.0.squareRoot()
        for line in [PlaneCurve.graph { $0 }, .relation { x, y in y - x }] {
            let found = PlanePoints.find(in: [Self.circle, line], window: Self.window)
            #expect(Self.matches(Self.points(found, .intersection), [(c, c), (-c, -c)]), "\(found.points)")
        }
    }

    @Test("x²/4 + y² = 1 and y = x² − 1 meet at (±√1.75, 0.75) and touch at (0, −1), once")
    func ellipseAndParabola() {
        let ellipse = PlaneCurve.relation { x, y in x * x / 4 + y * y - 1 }
        let found = PlanePoints.find(in: [ellipse, .graph { $0 * $0 - 1 }], window: Self.window)
        let u = 1.75.squareRoot()
        #expect(Self.matches(Self.points(found, .intersection), [(u, 0.75), (-u, 0.75), (0, -1)], tolerance: 1e-7),
                "\(found.points)")
    }

    @Test("The cardioid r = 1 + cos θ meets y = 0.5 where (1 + cos θ) sin θ = 0.5, with its θ")
    func cardioidAndLine() {
        let cardioid = PlaneCurve.path({ theta in
            let r = 1 + cos(theta)
            return (r * cos(theta), r * sin(theta))
        }, t: 0...(2 * Double.pi))
        let found = PlanePoints.find(in: [cardioid, .graph { _ in 0.5 }], window: Self.window)
        // (1 + cos θ) sin θ rises to its top at π/3 and falls to 0 at π: one root on each side.
        let g = { (theta: Double) in (1 + cos(theta)) * sin(theta) - 0.5 }
        let thetas = [signChangeRoot(of: g, between: 0, and: Double.pi / 3), signChangeRoot(of: g, between: Double.pi / 3, and: Double.pi)]
        let expected = thetas.map { ((1 + cos($0)) * cos($0), 0.5) }
        let meetings = Self.points(found, .intersection)
        #expect(Self.matches(meetings, expected), "\(found.points)")
        for theta in thetas {
            #expect(meetings.contains { abs(($0.parameters[0] ?? .nan) - theta) <= 1e-9 && $0.parameters[1] == nil })
        }
    }

    @Test("(cos t, sin t) and x = 0.5 meet at (0.5, ±√3/2), at t = π/3 and 5π/3")
    func pathAndInverseGraph() {
        let found = PlanePoints.find(in: [Self.unitCircle, .inverseGraph { _ in 0.5 }], window: Self.window)
        let meetings = Self.points(found, .intersection)
        let s = 3.0.squareRoot() / 2
        #expect(Self.matches(meetings, [(0.5, s), (0.5, -s)]), "\(found.points)")
        let ts = meetings.compactMap { $0.parameters[0] }.sorted()
        #expect(ts.count == 2 && abs(ts[0] - Double.pi / 3) < 1e-9 && abs(ts[1] - 5 * Double.pi / 3) < 1e-9, "\(ts)")
    }

    @Test("x² + y² = 9 has its top and bottom at (0, ±3), its right and left at (±3, 0), and meets the axes there")
    func circleExtremesAndIntercepts() {
        let path = PlaneCurve.path({ t in (3 * cos(t), 3 * sin(t)) }, t: 0...(2 * Double.pi))
        for curve in [Self.circle, path] {
            let found = PlanePoints.find(in: [curve], window: Self.window)
            #expect(Self.matches(Self.points(found, .top), [(0, 3)], tolerance: 1e-7), "\(found.points)")
            #expect(Self.matches(Self.points(found, .bottom), [(0, -3)], tolerance: 1e-7), "\(found.points)")
            #expect(Self.matches(Self.points(found, .right), [(3, 0)], tolerance: 1e-7), "\(found.points)")
            #expect(Self.matches(Self.points(found, .left), [(-3, 0)], tolerance: 1e-7), "\(found.points)")
            #expect(Self.matches(Self.points(found, .xIntercept), [(3, 0), (-3, 0)]), "\(found.points)")
            #expect(Self.matches(Self.points(found, .yIntercept), [(0, 3), (0, -3)]), "\(found.points)")
        }
    }

    @Test("x = y² − 4 and y = x meet where y² − y − 4 = 0")
    func inverseGraphAndLine() {
        let found = PlanePoints.find(in: [.inverseGraph { $0 * $0 - 4 }, .graph { $0 }], window: Self.window)
        let roots = [(1 + 17.0.squareRoot()) / 2, (1 - 17.0.squareRoot()) / 2]
        #expect(Self.matches(Self.points(found, .intersection), roots.map { ($0, $0) }), "\(found.points)")
    }

    @Test("The polar circle r = 2 cos θ and x² + y² = 1 meet at (1/2, ±√3/2), once each though θ turns twice")
    func polarAndCircle() {
        let polar = PlaneCurve.path({ theta in (2 * cos(theta) * cos(theta), 2 * cos(theta) * sin(theta)) },
                                    t: 0...(2 * Double.pi))
        let found = PlanePoints.find(in: [polar, .relation { x, y in x * x + y * y - 1 }], window: Self.window)
        let s = 3.0.squareRoot() / 2
        #expect(Self.matches(Self.points(found, .intersection), [(0.5, s), (0.5, -s)]), "\(found.points)")
    }

    @Test("The paths (t, t) and (2 cos s, 2 sin s) meet at ±(√2, √2), at t = ±√2 and s = π/4, 5π/4")
    func twoPaths() {
        let line = PlaneCurve.path({ t in (t, t) }, t: -3...3)
        let circle = PlaneCurve.path({ s in (2 * cos(s), 2 * sin(s)) }, t: 0...(2 * Double.pi))
        let found = PlanePoints.find(in: [line, circle], window: Self.window)
        let meetings = Self.points(found, .intersection)
        let r = 2.0.squareRoot()
        #expect(Self.matches(meetings, [(r, r), (-r, -r)]), "\(found.points)")
        let pairs = meetings.map { ($0.parameters[0] ?? .nan, $0.parameters[1] ?? .nan) }.sorted { $0.0 < $1.0 }
        #expect(pairs.count == 2 && abs(pairs[0].0 + r) < 1e-9 && abs(pairs[0].1 - 5 * Double.pi / 4) < 1e-9
                && abs(pairs[1].0 - r) < 1e-9 && abs(pairs[1].1 - Double.pi / 4) < 1e-9, "\(pairs)")
    }

    @Test("x² + y² = 4 and x y = 1 meet at (x, 1/x) with x² = 2 ± √3")
    func twoImplicitCurves() {
        let found = PlanePoints.find(in: [.relation { x, y in x * x + y * y - 4 }, .relation { x, y in x * y - 1 }],
                                     window: Self.window)
        let xs = [(2 + 3.0.squareRoot()).squareRoot(), (2 - 3.0.squareRoot()).squareRoot()]
        let expected = (xs + xs.map { -$0 }).map { ($0, 1 / $0) }
        #expect(Self.matches(Self.points(found, .intersection), expected), "\(found.points)")
    }

    @Test("A region's boundary is its curve: x² + y² < 9 meets y = x at ±(3/√2, 3/√2)")
    func regionBoundary() {
        let region = PlaneCurve.region({ x, y in 9 - x * x - y * y }, strict: true, boundary: Self.circle)
        let found = PlanePoints.find(in: [region, .graph { $0 }], window: Self.window)
        let c = 3 / 2.0.squareRoot()
        #expect(Self.matches(Self.points(found, .intersection), [(c, c), (-c, -c)]), "\(found.points)")
    }

    @Test("Hostile curves end, and report nothing false: x² + y² = −1, sin(x y) = 0 over ±100, r = tan θ")
    func hostileCurves() {
        let empty = PlanePoints.find(in: [.relation { x, y in x * x + y * y + 1 }], window: Self.window)
        #expect(empty.points.isEmpty, "\(empty.points)")
        let start = Date()
        let wide = PlaneWindow(x: -100...100, y: -100...100)
        let waves = PlanePoints.find(in: [.relation { x, y in sin(x * y) }], window: wide)
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(waves.points.allSatisfy { abs(sin($0.x * $0.y)) < 1e-6 }, "\(waves.points.prefix(5))")
        // r = tan θ is (sin θ, sin²θ / cos θ): y turns only where sin θ = 0, at the origin, and x's
        // turns at θ = π/2 and 3π/2 are poles, no points.
        let tangent = PlaneCurve.path({ theta in (tan(theta) * cos(theta), tan(theta) * sin(theta)) }, t: 0...(2 * Double.pi))
        let found = PlanePoints.find(in: [tangent, Self.circle], window: Self.window)
        let own = found.points.filter { $0.curves == [0] }
        #expect(own.allSatisfy { abs($0.x) < 1e-9 && abs($0.y) < 1e-9 }, "\(own)")
        // It meets x² + y² = 9 where sin²θ (1 + tan²θ) = 9: tan²θ = 9, sin θ = ±3/√10.
        let meetings = Self.points(found, .intersection)
        let x = 3 / 10.0.squareRoot(), y = 9 / 10.0.squareRoot()
        #expect(Self.matches(meetings, [(x, y), (-x, y), (x, -y), (-x, -y)]), "\(meetings)")
    }
}
