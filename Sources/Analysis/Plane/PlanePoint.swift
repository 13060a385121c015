import Raster

/// The part of the plane a search looks in: an x range by a y range, in graph units.
public struct PlaneWindow: Equatable, Sendable {
    public var x: ClosedRange<Double>
    public var y: ClosedRange<Double>

    public init(x: ClosedRange<Double>, y: ClosedRange<Double>) {
        self.x = x
        self.y = y
    }

    /// The larger of the two spans: the length every tolerance of the search is a fraction of.
    var span: Double { max(x.upperBound - x.lowerBound, y.upperBound - y.lowerBound) }

    /// Whether (x, y) lies in the window, or within a millionth of its span outside it (a point
    /// found on its edge, a rounding away).
    func contains(_ x: Double, _ y: Double) -> Bool {
        let margin = 1e-6 * span
        return x >= self.x.lowerBound - margin && x <= self.x.upperBound + margin
            && y >= self.y.lowerBound - margin && y <= self.y.upperBound + margin
    }
}

/// One point of interest of a curve of any kind, or where two curves meet.
public struct PlanePoint: Equatable, Sendable {
    /// What the point is.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// Where the curve meets y = 0.
        case xIntercept = "x-intercept"
        /// Where the curve meets x = 0.
        case yIntercept = "y-intercept"
        /// A local highest, lowest, leftmost or rightmost point: where the curve's tangent is
        /// horizontal (top, bottom) or vertical (left, right).
        case top, bottom, left, right
        case intersection
    }

    public var kind: Kind
    public var x: Double
    public var y: Double
    /// The curve's index, or the two curves' of an intersection (the first smaller).
    public var curves: [Int]
    /// The parameter t (θ for a polar curve) on each of `curves`, nil on a curve that is no
    /// parametric path (y(x), x(y), implicit).
    public var parameters: [Double?]

    public init(kind: Kind, x: Double, y: Double, curves: [Int], parameters: [Double?]) {
        self.kind = kind
        self.x = x
        self.y = y
        self.curves = curves
        self.parameters = parameters
    }
}

/// The points of interest of curves of every kind in a window: each curve's axis intercepts and
/// extremes, and where each pair meets (`PlanePoints.find`).
public struct PlanePoints: Equatable, Sendable {
    /// Every point found, sorted by x, then y.
    public var points: [PlanePoint]
    /// Whether some points may be missing: the work budget ran out, or a curve oscillates faster
    /// than the search resolves. What is listed is still right.
    public var isTruncated: Bool
    /// How many times the curves' functions were evaluated.
    public var evaluations: Int

    public init(points: [PlanePoint], isTruncated: Bool = false, evaluations: Int = 0) {
        self.points = points
        self.isTruncated = isTruncated
        self.evaluations = evaluations
    }

    /// The points of curve `index` (its own and its intersections).
    public func points(of index: Int) -> [PlanePoint] { points.filter { $0.curves.contains(index) } }

    /// The points as a graph marks them, each in its (first) curve's colour.
    public var pointMarks: [PointMark] {
        points.compactMap { point in
            point.curves.first.map { PointMark(point: Point(x: point.x, y: point.y), curve: $0) }
        }
    }
}
