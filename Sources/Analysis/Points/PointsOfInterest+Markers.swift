import Raster

/// One point of interest as a graph marks it and a trace steps to it.
public struct Marker: Equatable, Sendable {
    /// What the point is.
    public enum Kind: String, Equatable, Sendable {
        case root, maximum, minimum, yIntercept = "y-intercept", intersection, pole, jump, hole
    }

    public var kind: Kind
    public var x: Double
    /// y on the curve (0 for a root), the value tended to at a hole; nil for a pole or jump, which
    /// have no point on the curve.
    public var y: Double?
    /// The curve's index, or the two curves' of an intersection.
    public var curves: [Int]

    public init(kind: Kind, x: Double, y: Double?, curves: [Int]) {
        self.kind = kind
        self.x = x
        self.y = y
        self.curves = curves
    }
}

extension PointsOfInterest {
    /// Every point of every curve and every intersection, sorted by x; points at one x keep the
    /// order roots, maxima, minima, y-intercept, holes, poles, jumps, then intersections.
    public var markers: [Marker] {
        var all = [Marker]()
        for (index, curve) in curves.enumerated() {
            all += curve.roots.map { Marker(kind: .root, x: $0, y: 0, curves: [index]) }
            all += curve.maxima.map { Marker(kind: .maximum, x: $0.x, y: $0.y, curves: [index]) }
            all += curve.minima.map { Marker(kind: .minimum, x: $0.x, y: $0.y, curves: [index]) }
            if let y = curve.yIntercept { all.append(Marker(kind: .yIntercept, x: 0, y: y, curves: [index])) }
            all += curve.holes.map { Marker(kind: .hole, x: $0.x, y: $0.y, curves: [index]) }
            all += curve.poles.map { Marker(kind: .pole, x: $0, y: nil, curves: [index]) }
            all += curve.jumps.map { Marker(kind: .jump, x: $0, y: nil, curves: [index]) }
        }
        all += intersections.map { Marker(kind: .intersection, x: $0.x, y: $0.y, curves: [$0.first, $0.second]) }
        return all.enumerated().sorted { ($0.element.x, $0.offset) < ($1.element.x, $1.offset) }.map(\.element)
    }

    /// The markers whose x lies in `xRange`, nearest to `point` first (by x for poles and jumps):
    /// what a popover lists for the visible region.
    public func markers(in xRange: ClosedRange<Double>, nearestTo point: GraphPoint) -> [Marker] {
        func distance(_ marker: Marker) -> Double {
            let dx = marker.x - point.x
            guard let y = marker.y else { return abs(dx) }
            return (dx * dx + (y - point.y) * (y - point.y)).squareRoot()
        }
        return markers.filter { xRange.contains($0.x) }.enumerated()
            .sorted { (distance($0.element), $0.offset) < (distance($1.element), $1.offset) }.map(\.element)
    }
}
