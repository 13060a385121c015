import Raster

/// The work of `PlanePoints.find`: each curve's own points, and each pair's meetings, in one
/// window; the contours of implicit curves traced once and kept for every pair.
final class PlaneSearch {
    let curves: [ExactCurve]
    let window: PlaneWindow
    let costs: [Int]
    private var contours = [Int: [[Vertex]]]()

    /// The side of the lattice implicit curves are contoured on, to seed their refinements.
    static let contourSize = 384
    /// The most evaluations one contour may take.
    static let contourLimit = 400_000
    /// Samples of a path for its crossings with another path.
    static let pathSamples = 1024
    /// The most crossings of one pair refined.
    static let seedLimit = 512

    init(curves: [ExactCurve], window: PlaneWindow, costs: [Int]) {
        self.curves = curves
        self.window = window
        self.costs = costs
    }

    // MARK: - One curve

    /// Curve `index`'s intercepts and extremes.
    func ownPoints(of index: Int, budget: PlaneBudget) -> [PlanePoint] {
        let curve = curves[index]
        if let path = curve.path { return pathPoints(of: index, path, budget: budget) }
        guard let F = curve.implicit else { return [] }
        var points = implicitIntercepts(of: index, F, budget: budget)
        guard let lines = contour(of: index, budget: budget) else { return points }
        let counted = CountingImplicit(F)
        let found = ImplicitExtremes(F: { counted($0, $1) }, window: window).find(from: lines)
        budget.spend(counted.count, cost: costs[index])
        if found.isCut { budget.isTruncated = true }
        points += found.points.map { PlanePoint(kind: $0.kind, x: $0.x, y: $0.y, curves: [index], parameters: [nil]) }
        return points
    }

    /// A path's intercepts (zeros of y(t), of x(t)) and extremes (turns of y(t), of x(t)).
    private func pathPoints(of index: Int, _ path: (point: ExactCurve.Path, t: ClosedRange<Double>),
                            budget: PlaneBudget) -> [PlanePoint] {
        let scan = PathScan(range: path.t, isClosed: curves[index].isClosed(in: window), budget: budget, cost: costs[index])
        let point = path.point
        let heights = scan.scan { point($0)?.y }
        let widths = scan.scan { point($0)?.x }
        let kinds: [(PlanePoint.Kind, [Double])] = [
            (.xIntercept, heights.roots), (.top, heights.maxima), (.bottom, heights.minima),
            (.yIntercept, widths.roots), (.right, widths.maxima), (.left, widths.minima),
        ]
        return kinds.flatMap { kind, ts in ts.compactMap { pathPoint(kind, of: index, at: $0) } }
    }

    /// The point of path `index` at t, when it lies in the window where the path is continuous;
    /// an intercept exactly on its axis.
    private func pathPoint(_ kind: PlanePoint.Kind, of index: Int, at t: Double) -> PlanePoint? {
        guard let path = curves[index].path, var point = path.point(t), window.contains(point.x, point.y),
              PlaneCheck.isContinuous(path.point, at: t, delta: 1e-6 * (path.t.upperBound - path.t.lowerBound)) else { return nil }
        if kind == .xIntercept { point.y = 0 }
        if kind == .yIntercept { point.x = 0 }
        return PlanePoint(kind: kind, x: point.x, y: point.y, curves: [index],
                          parameters: [curves[index].reportsParameter ? t : nil])
    }

    /// Where F(x, 0) and F(0, y) vanish in the window, found as a y(x) curve's roots are.
    private func implicitIntercepts(of index: Int, _ F: @escaping ExactCurve.Implicit, budget: PlaneBudget) -> [PlanePoint] {
        var points = [PlanePoint]()
        if window.y.contains(0) {
            let scan = PathScan(range: window.x, isClosed: false, budget: budget, cost: costs[index])
            points += scan.scan { F($0, 0) }.roots.map {
                PlanePoint(kind: .xIntercept, x: $0, y: 0, curves: [index], parameters: [nil])
            }
        }
        if window.x.contains(0) {
            let scan = PathScan(range: window.y, isClosed: false, budget: budget, cost: costs[index])
            points += scan.scan { F(0, $0) }.roots.map {
                PlanePoint(kind: .yIntercept, x: 0, y: $0, curves: [index], parameters: [nil])
            }
        }
        return points
    }

    /// Curve `index`'s contour in the window, traced once; nil when it is no implicit curve or
    /// the budget cannot pay for it.
    func contour(of index: Int, budget: PlaneBudget) -> [[Vertex]]? {
        if let lines = contours[index] { return lines }
        guard let F = curves[index].implicit else { return nil }
        let limit = budget.allowance(cost: costs[index], cap: Self.contourLimit)
        guard limit >= 4096 else {
            budget.isTruncated = true
            return nil
        }
        let traced = Polylines.contour(F, in: window, size: Self.contourSize, limit: limit)
        budget.spend(traced.evaluations, cost: costs[index])
        if traced.isCoarse { budget.isTruncated = true }
        contours[index] = traced.lines
        return traced.lines
    }
}
