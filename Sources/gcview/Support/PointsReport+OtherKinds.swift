import Analysis

/// What `gcview points` reports of the curves that are not y(x): their intercepts, extremes and
/// intersections, with t or θ where there is one.
extension PointsReport {
    /// Whether some curve is not y(x): the table then has a fifth column, `at`, for t or θ.
    var hasOtherKinds: Bool { curves.contains { $0.plane != nil } }

    /// One row per point of the other kinds and per intersection with one, each with its x for
    /// sorting: kind, x, y, the curves, and t or θ on each that has one (`θ = 1.0472`).
    var planeRows: [(x: Double, row: [String])] {
        let points = curves.flatMap { $0.plane?.points ?? [] } + planeIntersections
        return points.map { point in
            (point.x, [point.kind.rawValue, Self.shown(point.x), Self.shown(point.y),
                       point.curves.map { String($0 + 1) }.joined(separator: ","), parameterText(of: point)])
        }
    }

    /// `t = 0.5`, `θ = 1.0472`, `t = 1, θ = 2` for two paths; empty on curves with no parameter.
    func parameterText(of point: PlanePoint) -> String {
        zip(point.curves, point.parameters).compactMap { index, value in
            guard let value, let name = curves[index].plane?.parameter else { return nil }
            return "\(name) = \(Self.shown(value))"
        }.joined(separator: ", ")
    }

    /// For each curve of another kind: that it had no point in the window, or that its list is cut.
    var otherKindNotes: [String] {
        var lines = [String]()
        let window = "x in [\(Self.shown(xRange.lowerBound)), \(Self.shown(xRange.upperBound))]"
            + (yRange.map { ", y in [\(Self.shown($0.lowerBound)), \(Self.shown($0.upperBound))]" } ?? "")
        for (index, curve) in curves.enumerated() {
            guard let plane = curve.plane else { continue }
            if plane.points.isEmpty && !planeIntersections.contains(where: { $0.curves.contains(index) }) {
                lines.append("curve \(index + 1): no intercept, extreme or intersection was found for \(window)")
            }
            if plane.isTruncated {
                lines.append("curve \(index + 1): the list may be cut (the curve is more intricate than the search resolves, or the work budget ran out)")
            }
        }
        return lines
    }

    /// `{"equation":…,"kind":"implicit curve","parameter":"θ","points":[{"kind":"top","x":0,"y":3,"t":…}],"truncated":false}`:
    /// "t" is the point's t or θ (null on a curve with none).
    static func json(_ equation: String, _ plane: OtherKind) -> String {
        let points = plane.points.map { point in
            "{\"kind\":\(string(point.kind.rawValue)),\"x\":\(number(point.x)),\"y\":\(number(point.y)),"
                + "\"t\":\(number(point.parameters.first ?? nil))}"
        }
        return "{\"equation\":\(string(equation)),\"kind\":\(string(plane.kind)),"
            + "\"parameter\":\(plane.parameter.map(string) ?? "null"),\"points\":\(array(points)),"
            + "\"truncated\":\(plane.isTruncated ? "true" : "false")}"
    }

    /// `{"curves":[0,1],"x":…,"y":…,"t":[1.0472,null]}`: the t or θ on each curve, null on one with none.
    static func json(meeting point: PlanePoint) -> String {
        let curves = point.curves.map(String.init).joined(separator: ",")
        return "{\"curves\":[\(curves)],\"x\":\(number(point.x)),\"y\":\(number(point.y)),"
            + "\"t\":\(array(point.parameters.map { number($0) }))}"
    }
}
