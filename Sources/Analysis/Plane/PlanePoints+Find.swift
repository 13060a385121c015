import Raster

extension PlanePoints {
    /// The points of interest of `curves` of every kind in `window`: each curve's x- and
    /// y-intercepts and its top, bottom, left and right extremes, and where each pair meets, each
    /// point with its t (or θ) on a parametric or polar curve. A region's boundary is its curve.
    ///
    /// `costs` are each curve's cost of one evaluation (a program's steps; 1 when not given). The
    /// budget is shared evenly by the curves and the pairs, so a hostile curve (sin(x y) = 0
    /// over a large window, r = tan θ) stops short, `isTruncated`, and leaves the others theirs.
    /// With `skipsGraphs`, y(x) curves get none of their own points and no pair of two of them is
    /// met (what `PointsOfInterest` finds for them), only their meetings with the other kinds.
    public static func find(in curves: [PlaneCurve], window: PlaneWindow, costs: [Int] = [], skipsGraphs: Bool = false,
                            budget: WorkBudget = .points) -> PlanePoints {
        guard window.x.upperBound > window.x.lowerBound, window.y.upperBound > window.y.lowerBound,
              window.span.isFinite else { return PlanePoints(points: []) }
        // A region bounded by several edges (0 < y < 1) is searched edge by edge.
        let pieces = curves.indices.flatMap { index in Self.pieces(of: curves[index]).map { (owner: index, edge: $0) } }
        let search = PlaneSearch(curves: pieces.map { ExactCurve($0.edge.curve, in: window) }, window: window,
                                 costs: pieces.map { costs.indices.contains($0.owner) ? costs[$0.owner] : 1 })
        let exact = search.curves
        let own = exact.indices.filter { !(skipsGraphs && exact[$0].isGraph) }
        var pairs = [(Int, Int)]()
        for first in exact.indices {
            for second in exact.indices where second > first && pieces[first].owner != pieces[second].owner
                && !(skipsGraphs && exact[first].isGraph && exact[second].isGraph) {
                pairs.append((first, second))
            }
        }
        let share = WorkBudget(units: budget.units / max(own.count + pairs.count, 1))
        var points = [PlanePoint](), isTruncated = false, evaluations = 0
        for index in own {
            let part = PlaneBudget(share)
            points += merged(search.ownPoints(of: index, budget: part), span: window.span)
            isTruncated = isTruncated || part.isTruncated
            evaluations += part.evaluations
        }
        for (first, second) in pairs {
            let part = PlaneBudget(share)
            points += merged(search.meetings(of: first, and: second, budget: part), span: window.span)
            isTruncated = isTruncated || part.isTruncated
            evaluations += part.evaluations
        }
        points = points.compactMap { Self.owned($0, by: pieces) }
        points.sort { ($0.x, $0.y, $0.curves.first ?? 0) < ($1.x, $1.y, $1.curves.first ?? 0) }
        return PlanePoints(points: points, isTruncated: isTruncated, evaluations: evaluations)
    }

    /// The edges a curve is searched along: a region's edges when it has several (each with
    /// where it borders the region), else the curve itself.
    private static func pieces(of curve: PlaneCurve) -> [PlaneEdge] {
        switch curve {
        case .edges(let edges), .region(_, _, .edges(let edges)): edges
        default: [PlaneEdge(curve: curve, dashed: false)]
        }
    }

    /// `point`, found on pieces, told of the curves they are edges of; nil where it lies on an
    /// edge beyond the stretch that borders its region.
    private static func owned(_ point: PlanePoint, by pieces: [(owner: Int, edge: PlaneEdge)]) -> PlanePoint? {
        for index in point.curves where pieces[index].edge.keeps?(point.x, point.y) == false { return nil }
        var owned = point
        owned.curves = point.curves.map { pieces[$0].owner }
        return owned
    }

    /// `points` with those of one kind closer than 10⁻⁷ of the window's span to one kept once
    /// (a point found from both sides of a seam, two seeds of one tangency).
    private static func merged(_ points: [PlanePoint], span: Double) -> [PlanePoint] {
        var kept = [PlanePoint]()
        for point in points {
            let scale = 1e-7 * span
            if kept.contains(where: { $0.kind == point.kind && abs($0.x - point.x) <= scale && abs($0.y - point.y) <= scale }) {
                continue
            }
            kept.append(point)
        }
        return kept
    }
}
