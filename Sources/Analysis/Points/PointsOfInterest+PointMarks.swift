import Raster

extension PointsOfInterest {
    /// The points a graph marks with dots: roots, extrema, y-intercepts, holes (at the value the
    /// curve tends to) and intersections (an intersection outlined in its first curve's colour);
    /// never a pole or a jump, which have no point on the curve.
    public var pointMarks: [PointMark] {
        markers.compactMap { marker in
            guard let y = marker.y, let curve = marker.curves.first else { return nil }
            return PointMark(point: Point(x: marker.x, y: y), curve: curve)
        }
    }
}
