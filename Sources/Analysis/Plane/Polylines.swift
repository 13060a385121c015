import Raster

/// A vertex of a curve sampled to polylines, in graph units, with its t on a path (0 on an
/// implicit curve's contour).
struct Vertex {
    var x: Double
    var y: Double
    var t: Double
}

/// Curves sampled to polylines, and where two sets of polylines cross: the seeds the plane
/// search refines on the exact functions.
enum Polylines {
    /// The path sampled at `count` even values of t, broken where it is undefined, far outside
    /// `window` or jumps by more than a quarter of its span (across a pole).
    static func sample(_ path: ExactCurve.Path, over range: ClosedRange<Double>, count: Int,
                       in window: PlaneWindow) -> [[Vertex]] {
        var lines = [[Vertex]](), line = [Vertex]()
        let span = window.span
        let far = PlaneWindow(x: (window.x.lowerBound - span)...(window.x.upperBound + span),
                              y: (window.y.lowerBound - span)...(window.y.upperBound + span))
        for k in 0..<count {
            let t = Viewport.interpolate(range, Double(k) / Double(max(count - 1, 1)))
            guard let point = path(t), far.contains(point.x, point.y) else {
                if line.count > 1 { lines.append(line) }
                line = []
                continue
            }
            if let last = line.last, PlaneCheck.distance((last.x, last.y), point) > span / 4 {
                if line.count > 1 { lines.append(line) }
                line = []
            }
            line.append(Vertex(x: point.x, y: point.y, t: t))
        }
        if line.count > 1 { lines.append(line) }
        return lines
    }

    /// The contour F = 0 in `window`, traced by Raster's `ContourTracer` on a `size` × `size`
    /// lattice with at most `limit` evaluations, in graph units; and how many it made.
    static func contour(_ F: @escaping (Double, Double) -> Double?, in window: PlaneWindow, size: Int,
                        limit: Int) -> (lines: [[Vertex]], evaluations: Int, isCoarse: Bool) {
        let viewport = Viewport(width: size, height: size, xRange: window.x, yRange: window.y)
        var renderer = GraphRenderer(glyphs: nil)
        renderer.workBudget = WorkBudget(units: limit)
        let samples = renderer.sample(.relation(F), in: viewport)
        let lines = samples.branches.map { branch in
            branch.map { Vertex(x: viewport.x(atColumn: $0.x), y: viewport.y(atRow: $0.y), t: 0) }
        }
        return (lines, samples.evaluations, samples.isCoarse)
    }

    /// Where a segment of `a` crosses one of `b` inside `window`: the crossing's point, with the
    /// t of each interpolated. At most `limit` crossings (the rest are cut, and `isCut` says so).
    static func crossings(_ a: [[Vertex]], _ b: [[Vertex]], in window: PlaneWindow, limit: Int)
        -> (seeds: [(first: Vertex, second: Vertex)], isCut: Bool) {
        let grid = SegmentGrid(b, in: window)
        var seeds = [(first: Vertex, second: Vertex)]()
        var stamp = [Int](repeating: -1, count: grid.segments.count)
        var serial = 0
        for line in a {
            for k in 1..<max(line.count, 1) {
                serial += 1
                let p = line[k - 1], q = line[k]
                for index in grid.candidates(p, q) where stamp[index] != serial {
                    stamp[index] = serial
                    let (r, s) = grid.segments[index]
                    guard let crossing = crossing(p, q, r, s) else { continue }
                    if seeds.count >= limit { return (seeds, true) }
                    seeds.append(crossing)
                }
            }
        }
        return (seeds, false)
    }

    /// Where segment pq crosses segment rs, with each one's t interpolated there.
    private static func crossing(_ p: Vertex, _ q: Vertex, _ r: Vertex, _ s: Vertex) -> (first: Vertex, second: Vertex)? {
        let dx1 = q.x - p.x, dy1 = q.y - p.y, dx2 = s.x - r.x, dy2 = s.y - r.y
        let denominator = dx1 * dy2 - dy1 * dx2
        guard denominator != 0, denominator.isFinite else { return nil }
        let ex = r.x - p.x, ey = r.y - p.y
        let along = (ex * dy2 - ey * dx2) / denominator
        let other = (ex * dy1 - ey * dx1) / denominator
        guard along >= 0, along <= 1, other >= 0, other <= 1 else { return nil }
        let x = p.x + along * dx1, y = p.y + along * dy1
        return (Vertex(x: x, y: y, t: p.t + along * (q.t - p.t)), Vertex(x: x, y: y, t: r.t + other * (s.t - r.t)))
    }
}

/// Segments filed by the cells of a 64 × 64 grid over a window that their bounding boxes touch.
private struct SegmentGrid {
    static let cells = 64
    let window: PlaneWindow
    var segments = [(Vertex, Vertex)]()
    var buckets = [[Int]](repeating: [], count: cells * cells)

    init(_ lines: [[Vertex]], in window: PlaneWindow) {
        self.window = window
        for line in lines where line.count > 1 {
            for k in 1..<line.count {
                guard let cells = cellRange(line[k - 1], line[k]) else { continue }
                let index = segments.count
                segments.append((line[k - 1], line[k]))
                for row in cells.rows { for column in cells.columns { buckets[row * Self.cells + column].append(index) } }
            }
        }
    }

    /// The segments filed where pq's bounding box lies (some more than once).
    func candidates(_ p: Vertex, _ q: Vertex) -> [Int] {
        guard let cells = cellRange(p, q) else { return [] }
        var found = [Int]()
        for row in cells.rows { for column in cells.columns { found += buckets[row * Self.cells + column] } }
        return found
    }

    private func cellRange(_ p: Vertex, _ q: Vertex) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)? {
        guard let columns = indices(min(p.x, q.x), max(p.x, q.x), window.x),
              let rows = indices(min(p.y, q.y), max(p.y, q.y), window.y) else { return nil }
        return (rows, columns)
    }

    private func indices(_ low: Double, _ high: Double, _ range: ClosedRange<Double>) -> ClosedRange<Int>? {
        let width = range.upperBound - range.lowerBound
        guard width > 0, high >= range.lowerBound, low <= range.upperBound else { return nil }
        let scale = Double(Self.cells) / width
        let first = Int(max(0, (low - range.lowerBound) * scale))
        let last = Int(min(Double(Self.cells - 1), (high - range.lowerBound) * scale))
        return min(first, Self.cells - 1)...max(min(last, Self.cells - 1), min(first, Self.cells - 1))
    }
}
