/// The `d` attribute of an SVG path built from polylines: one subpath (`M`) per connected run
/// of points inside the clip rectangle, nearly collinear points merged, coordinates in pixels
/// with at most two decimals.
struct SVGPathData {
    /// Segments are cut to this rectangle, so the numbers stay short even for points far outside the image.
    let bounds: ClipRect
    /// How far (px) a left-out point may lie from the line that replaces it.
    var tolerance = 0.1
    /// The path data so far.
    private(set) var text = ""
    /// How many subpaths (`M` commands) there are.
    private(set) var subpaths = 0

    /// An empty path clipped to `bounds`.
    init(bounds: ClipRect) {
        self.bounds = bounds
    }

    /// Adds `branch` as one or more subpaths (more when it leaves the clip rectangle and comes
    /// back); never joined to the previous branch. A single point is a dot (a zero-length subpath).
    mutating func add(_ branch: [Point]) {
        guard let first = branch.first else { return }
        if branch.count == 1 {
            if first.x.isFinite, first.y.isFinite, bounds.clip(first, first) != nil { addSubpath([first]) }
            return
        }
        var run: [Point] = []
        for (p, q) in zip(branch, branch.dropFirst()) {
            guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite, let (a, b) = bounds.clip(p, q) else {
                addSubpath(run)
                run.removeAll(keepingCapacity: true)
                continue
            }
            if run.last != a {
                addSubpath(run)
                run.removeAll(keepingCapacity: true)
                run.append(a)
            }
            run.append(b)
        }
        addSubpath(run)
    }

    /// Writes `points` as one subpath, leaving out the points that lie within `tolerance` of the line drawn instead.
    private mutating func addSubpath(_ points: [Point]) {
        guard let first = points.first else { return }
        subpaths += 1
        var previous = Self.number(first.x) + " " + Self.number(first.y)
        text += "M" + previous
        if points.count == 1 { text += "h0"; return }
        var anchor = 0
        while anchor < points.count - 1 {
            var next = anchor + 2
            while next < points.count, next - anchor <= 64, isStraight(points, from: anchor, to: next) { next += 1 }
            anchor = next - 1
            let point = Self.number(points[anchor].x) + " " + Self.number(points[anchor].y)
            if point != previous { text += " " + point }
            previous = point
        }
    }

    /// Whether every point strictly between `from` and `to` lies within `tolerance` of their chord.
    private func isStraight(_ points: [Point], from: Int, to: Int) -> Bool {
        let a = points[from], b = points[to]
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 1e-9 else { return false }
        for i in (from + 1)..<to {
            let p = points[i]
            let along = (p.x - a.x) * dx + (p.y - a.y) * dy
            let across = abs((p.x - a.x) * dy - (p.y - a.y) * dx) / length
            if across > tolerance || along < 0 || along > length * length { return false }
        }
        return true
    }

    /// `value` rounded to hundredths, without trailing zeros ("12", "12.5", "-0.25").
    static func number(_ value: Double) -> String {
        let hundredths = Int(clamping: value * 100)
        let magnitude = hundredths.magnitude
        var text = hundredths < 0 ? "-" : ""
        text += String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            text += fraction < 10 ? ".0" : "."
            text += String(fraction % 10 == 0 ? fraction / 10 : fraction)
        }
        return text
    }
}
