import Raster

/// A point of a graph in the graph's own coordinates.
public struct GraphPoint: Equatable, Sendable {
    public var x: Double
    public var y: Double

    /// The point (x, y).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The points of interest of one curve over an x-range; every list sorted by x.
public struct CurvePoints: Equatable, Sendable {
    /// Where y = 0, crossing or only touching zero (x², |x − 1|); never at a pole or jump.
    public var roots: [Double] = []
    /// Local maxima inside the range (a corner counts), never beside a pole or jump.
    public var maxima: [GraphPoint] = []
    /// Local minima inside the range (|x| at 0 counts).
    public var minima: [GraphPoint] = []
    /// y at x = 0, when 0 lies in the range and y is defined there.
    public var yIntercept: Double?
    /// Where |y| grows without bound (tan at π/2, 1/x at 0, ln x at 0).
    public var poles: [Double] = []
    /// Where y jumps by a finite step (floor at each integer).
    public var jumps: [Double] = []
    /// Removable holes: where y is undefined while it tends to one value from both sides, that
    /// value (sin(x)/x at 0, tending to 1; (x² − 1)/(x − 1) at 1, tending to 2).
    public var holes: [GraphPoint] = []
    /// Whether some points were left out: the curve oscillates faster than the samples resolve
    /// (sin(1/x) near 0), or the work budget ran out; what is listed is still right.
    public var isTruncated = false
    /// Stretches where y is its own rounding noise about one level (the expanded (x − 1)¹⁰ within
    /// 0.05 of 1): a root or extremum listed there is the stretch's middle, known to the digits its
    /// width leaves.
    public var noiseFloors: [ClosedRange<Double>] = []
    /// Whether y was finite at some x the search looked at (a sample, or 0 for the y-intercept);
    /// false when it was undefined or not finite at every one (1/0, √(−1 − x²), eˣ over
    /// [1000, 2000]): nothing of the curve lies over the range, as far as the samples see.
    public var hasFiniteValues = true
    /// How many times the function was evaluated.
    public var evaluations = 0

    public init() {}
}

/// Where two curves meet.
public struct Intersection: Equatable, Sendable {
    /// The curves, by index, the first smaller.
    public var first: Int
    public var second: Int
    public var x: Double
    public var y: Double

    public init(first: Int, second: Int, x: Double, y: Double) {
        self.first = first
        self.second = second
        self.x = x
        self.y = y
    }
}

/// Roots, extrema, the y-intercept, poles, jumps and holes of several curves over an x-range, and where
/// each pair meets: what a graph can mark, a trace can jump between and `gcview points` prints.
///
/// Each curve is sampled evenly (4096 samples when its share of the budget allows), and each
/// sample interval that holds something is refined: Brent's method for roots and intersections,
/// golden section for extrema, bisection for jumps and the domain's edges, `PoleTest` for poles.
/// A curve's cost is bounded by its share of the `WorkBudget` and by 48 evaluations a sample.
public struct PointsOfInterest: Equatable, Sendable {
    /// The x-range searched.
    public var xRange: ClosedRange<Double>
    /// One entry per function, in order.
    public var curves: [CurvePoints]
    /// Where each pair of curves meets, sorted by x (then by the pair).
    public var intersections: [Intersection]
    /// Whether some intersections were left out (a pair oscillates, or the budget ran out).
    public var intersectionsTruncated: Bool

    /// Points already found (a report put together, a test's expectation).
    public init(xRange: ClosedRange<Double>, curves: [CurvePoints], intersections: [Intersection],
                intersectionsTruncated: Bool = false) {
        self.xRange = xRange
        self.curves = curves
        self.intersections = intersections
        self.intersectionsTruncated = intersectionsTruncated
    }

    /// Samples per curve when the budget allows.
    public static let samples = 4096
    /// Evaluations a curve may use per sample, refinements included.
    public static let evaluationsPerSample = 48

    /// The points of interest of `functions` over `xRange`. `costs` are what one evaluation of
    /// each function costs in the budget's units (a program's steps; 1 when not given).
    public static func find(in functions: [(Double) -> Double?], over xRange: ClosedRange<Double>,
                            costs: [Int] = [], budget: WorkBudget = .points) -> PointsOfInterest {
        var curves = [CurvePoints]()
        var sampled = [(xs: [Double], ys: [Double])]()
        for (index, function) in functions.enumerated() {
            let cost = index < costs.count ? costs[index] : 1
            let limit = min(budget.evaluations(cost: cost, curves: functions.count),
                            samples * evaluationsPerSample)
            let counter = EvaluationCounter(function, limit: limit)
            let scan = CurveScan(counter, over: xRange, count: min(samples, max(limit / evaluationsPerSample, 64)))
            let findings = scan.find()
            var curve = CurvePoints()
            curve.roots = findings.roots
            curve.maxima = findings.maxima
            curve.minima = findings.minima
            curve.poles = findings.poles
            curve.jumps = findings.jumps
            curve.holes = findings.holes
            curve.isTruncated = findings.isTruncated
            curve.noiseFloors = findings.noiseFloors
            if xRange.contains(0) { curve.yIntercept = counter(0) }
            curve.hasFiniteValues = curve.yIntercept != nil || scan.ys.contains { $0.isFinite }
            curve.evaluations = counter.count
            curves.append(curve)
            sampled.append((scan.xs, scan.ys))
        }
        var intersections = [Intersection](), truncated = false
        for first in functions.indices {
            for second in functions.indices where second > first {
                let f = functions[first], g = functions[second]
                let cost = (first < costs.count ? costs[first] : 1) + (second < costs.count ? costs[second] : 1)
                let pairs = max(functions.count * (functions.count - 1) / 2, 1)
                let limit = min(budget.evaluations(cost: cost, curves: pairs), samples * evaluationsPerSample)
                let difference = EvaluationCounter({ x in
                    guard let y = f(x), let z = g(x) else { return nil }
                    return y - z
                }, limit: limit)
                let (xs, fs, gs) = onOneGrid(sampled[first], f, sampled[second], g)
                let ys = zip(fs, gs).map { $0 - $1 }
                // The difference's rounding noise is the curves': x/√(x² + 1) − 1 far out is noise of 1's.
                let scales = zip(fs, gs).map { max(abs($0), abs($1)) }
                let findings = CurveScan(difference, xs: xs, ys: ys, scales: scales).find(discontinuities: false)
                truncated = truncated || findings.isTruncated
                let spacing = xs.count > 1 ? (xs[xs.count - 1] - xs[0]) / Double(xs.count - 1) : 0
                let uncounted = { (x: Double) in f(x).flatMap { y in g(x).map { y - $0 } } }
                for x in meetings(of: f, and: g, at: findings.roots, difference: uncounted, spacing: spacing) {
                    guard let y = f(x), y.isFinite else { continue }
                    intersections.append(Intersection(first: first, second: second, x: x, y: y))
                }
            }
        }
        intersections.sort { ($0.x, $0.first, $0.second) < ($1.x, $1.first, $1.second) }
        return PointsOfInterest(xRange: xRange, curves: curves, intersections: intersections,
                                intersectionsTruncated: truncated)
    }
}

extension PointsOfInterest {
    /// Two curves' samples at the same xs, for their difference: the grid of the one sampled more
    /// coarsely (a longer program gets fewer samples), the other evaluated on it where its own
    /// grid differs. Undefined values are NaN, as the scans keep them.
    static func onOneGrid(_ a: (xs: [Double], ys: [Double]), _ f: (Double) -> Double?,
                          _ b: (xs: [Double], ys: [Double]), _ g: (Double) -> Double?)
        -> (xs: [Double], f: [Double], g: [Double]) {
        if a.xs == b.xs { return (a.xs, a.ys, b.ys) }
        if a.xs.count <= b.xs.count { return (a.xs, a.ys, a.xs.map { g($0) ?? .nan }) }
        return (b.xs, b.xs.map { f($0) ?? .nan }, b.ys)
    }
}

extension WorkBudget {
    /// Finding the points of interest of the curves of one graph: as much as sampling a frame.
    public static let points = WorkBudget(units: 40_000_000)
}

extension PointsOfInterest {
    /// Whether |f| grows without bound beside `x` (looked for within `scale` of it): a range
    /// cannot begin or end there.
    public static func isPole(of f: (Double) -> Double?, at x: Double, scale: Double) -> Bool {
        PoleTest.directions(of: f, near: x, width: scale) != nil
    }
}

extension PointsOfInterest {
    /// The points of interest over `xRange` on an x axis of `xScale`: on a log axis searched
    /// evenly in log x (f of 10^u over the positions of `xRange`, whose ends must be above 0;
    /// none otherwise), with every place found mapped back to x, and no y-intercept (x = 0 is
    /// not on the axis).
    public static func find(in functions: [(Double) -> Double?], over xRange: ClosedRange<Double>, xScale: AxisScale,
                            costs: [Int] = [], budget: WorkBudget = .points) -> PointsOfInterest {
        guard xScale == .log else { return find(in: functions, over: xRange, costs: costs, budget: budget) }
        guard let positions = xScale.positions(of: xRange) else {
            return PointsOfInterest(xRange: xRange, curves: functions.map { _ in CurvePoints() }, intersections: [])
        }
        var found = find(in: functions.map { xScale.substituting($0) }, over: positions, costs: costs, budget: budget)
        let x = { (position: Double) in xScale.value(at: position) }
        found.xRange = xRange
        for index in found.curves.indices {
            found.curves[index].roots = found.curves[index].roots.map(x)
            found.curves[index].maxima = found.curves[index].maxima.map { GraphPoint(x: x($0.x), y: $0.y) }
            found.curves[index].minima = found.curves[index].minima.map { GraphPoint(x: x($0.x), y: $0.y) }
            found.curves[index].poles = found.curves[index].poles.map(x)
            found.curves[index].jumps = found.curves[index].jumps.map(x)
            found.curves[index].holes = found.curves[index].holes.map { GraphPoint(x: x($0.x), y: $0.y) }
            found.curves[index].yIntercept = nil
        }
        for index in found.intersections.indices { found.intersections[index].x = x(found.intersections[index].x) }
        return found
    }
}
