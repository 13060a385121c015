/// A rectangle in continuous pixel coordinates that cuts line segments to the part inside it.
struct ClipRect {
    var left: Double
    var top: Double
    var right: Double
    var bottom: Double

    /// The part of segment `p`–`q` inside the rectangle (Liang–Barsky), or nil.
    @inline(__always)
    func clip(_ p: Point, _ q: Point) -> (Point, Point)? {
        let dx = q.x - p.x, dy = q.y - p.y
        var t0 = 0.0, t1 = 1.0
        guard Self.clipEdge(-dx, p.x - left, &t0, &t1), Self.clipEdge(dx, right - p.x, &t0, &t1),
              Self.clipEdge(-dy, p.y - top, &t0, &t1), Self.clipEdge(dy, bottom - p.y, &t0, &t1)
        else { return nil }
        let start = t0 == 0 ? p : Point(x: p.x + t0 * dx, y: p.y + t0 * dy)
        let end = t1 == 1 ? q : Point(x: p.x + t1 * dx, y: p.y + t1 * dy)
        return (start, end)
    }

    /// Narrows `t0...t1` to one side of one clip edge; false when nothing is left.
    @inline(__always)
    private static func clipEdge(_ denominator: Double, _ numerator: Double, _ t0: inout Double, _ t1: inout Double) -> Bool {
        if denominator == 0 { return numerator >= 0 }
        let t = numerator / denominator
        if denominator < 0 {
            if t > t1 { return false }
            t0 = max(t0, t)
        } else {
            if t < t0 { return false }
            t1 = min(t1, t)
        }
        return true
    }
}
