import Raster

/// A curve of any kind as the plane search reads it: as a path p(t) over a range of t, as the
/// zeros of F(x, y), or both. A y(x) curve is both (the path (t, f(t)) over the window's x, and
/// y − f(x)); x(y) likewise; a parametric or polar curve is a path only; an implicit curve, or a
/// region's boundary of that kind, is F only.
struct ExactCurve {
    typealias Path = (Double) -> (x: Double, y: Double)?
    typealias Implicit = (Double, Double) -> Double?

    /// The path and its range of t, when the curve is one.
    let path: (point: Path, t: ClosedRange<Double>)?
    /// F, when the curve is the zeros of one.
    let implicit: Implicit?
    /// Whether t means something to report: a parametric or polar curve's t (or θ), not the x of
    /// a y(x) curve.
    let reportsParameter: Bool
    /// Whether the curve is a y(x) graph drawn as one (not a region's boundary).
    let isGraph: Bool

    private init(path: (point: Path, t: ClosedRange<Double>)?, implicit: Implicit?, reportsParameter: Bool = false,
                 isGraph: Bool = false) {
        self.path = path
        self.implicit = implicit
        self.reportsParameter = reportsParameter
        self.isGraph = isGraph
    }

    /// `curve` over `window`: a region is its boundary.
    init(_ curve: PlaneCurve, in window: PlaneWindow, isTopLevel: Bool = true) {
        switch curve {
        case .graph(let f):
            self.init(path: ({ x in Self.finite(f(x)).map { (x, $0) } }, window.x),
                      implicit: { x, y in Self.finite(f(x)).map { y - $0 } }, isGraph: isTopLevel)
        case .inverseGraph(let g):
            self.init(path: ({ y in Self.finite(g(y)).map { ($0, y) } }, window.y),
                      implicit: { x, y in Self.finite(g(y)).map { x - $0 } })
        case .path(let p, let t):
            self.init(path: ({ t in
                guard let point = p(t), point.x.isFinite, point.y.isFinite else { return nil }
                return point
            }, t), implicit: nil, reportsParameter: true)
        case .relation(let F):
            self.init(path: nil, implicit: { x, y in Self.finite(F(x, y)) })
        case .region(_, _, let boundary):
            self.init(boundary, in: window, isTopLevel: false)
        case .data:
            // Data is points, not a curve to search.
            self.init(path: nil, implicit: nil)
        case .edges(let edges):
            // `PlanePoints.find` searches several edges one by one; one edge is its curve.
            if let first = edges.first { self.init(first.curve, in: window, isTopLevel: false) } else { self.init(path: nil, implicit: nil) }
        }
    }

    private static func finite(_ value: Double?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return value
    }

    /// Whether the path ends where it starts (a circle over one turn): its seam is then no end,
    /// and what lies across it (the circle's right extreme at t = 0) is searched for too.
    func isClosed(in window: PlaneWindow) -> Bool {
        guard let path, let start = path.point(path.t.lowerBound), let end = path.point(path.t.upperBound) else { return false }
        let size = max(window.span, abs(start.x), abs(start.y))
        return abs(start.x - end.x) <= 1e-9 * size && abs(start.y - end.y) <= 1e-9 * size
    }
}
