/// The pixel lattice a `ContourTracer` evaluates F on: each node's value once, each edge's
/// crossing once, and the count of evaluations.
struct Lattice {
    let viewport: Viewport
    /// The coarse cells' side in pixels, widened to fit the limit.
    private(set) var cell: Int
    /// The pixel column and row of node (0, 0): one coarse cell beyond the picture's top-left corner.
    let origin: Point
    private let cellsAcross: Int
    private let cellsDown: Int
    /// The nodes' values, row by row (`.infinity`: not evaluated yet), on lattices of up to
    /// `flatNodes` nodes; in a dictionary on larger ones.
    private var flat: [Double] = []
    private var sparse: [Node: Double] = [:]
    private let stride: Int
    private static let flatNodes = 1 << 22
    private var crossings: [EdgeKey: Point?] = [:]
    /// Evaluations so far.
    private(set) var count = 0

    /// The lattice over `viewport` and a coarse cell around it, its coarse cells `cell` pixels
    /// (a power of 2) or wider, so that their corners and centres take at most a quarter of `limit`.
    init(viewport: Viewport, cell: Int, limit: Int) {
        self.viewport = viewport
        var side = max(cell, 1)
        func cells(_ pixels: Int, _ side: Int) -> Int { (pixels + 2 * side + side - 1) / side }
        while side < 1 << 24, 2 * (cells(viewport.width, side) + 1) * (cells(viewport.height, side) + 1) > max(limit, 1) / 4 {
            side *= 2
        }
        self.cell = side
        origin = Point(x: Double(-side), y: Double(-side))
        cellsAcross = cells(viewport.width, side)
        cellsDown = cells(viewport.height, side)
        stride = cellsAcross * side + 1
        let nodes = stride.multipliedReportingOverflow(by: cellsDown * side + 1)
        if !nodes.overflow, nodes.partialValue <= Self.flatNodes {
            flat = [Double](repeating: .infinity, count: nodes.partialValue)
        }
    }

    /// Every coarse cell, row by row.
    func coarseCells() -> [Cell] {
        var cells = [Cell]()
        cells.reserveCapacity(cellsAcross * cellsDown)
        for row in 0..<cellsDown {
            for column in 0..<cellsAcross { cells.append(Cell(i: column * cell, j: row * cell, size: cell)) }
        }
        return cells
    }

    /// The pixel position of `node`.
    func pixel(of node: Node) -> Point {
        Point(x: origin.x + Double(node.i), y: origin.y + Double(node.j))
    }

    /// F at `node`, NaN where undefined, evaluated once.
    mutating func value(at node: Node, _ F: (Double, Double) -> Double?) -> Double {
        if !flat.isEmpty {
            let index = node.j * stride + node.i
            let known = flat[index]
            if known != .infinity { return known }
            let v = value(atPixel: pixel(of: node), F)
            flat[index] = v
            return v
        }
        if let known = sparse[node] { return known }
        let v = value(atPixel: pixel(of: node), F)
        sparse[node] = v
        return v
    }

    /// F at pixel position `p` (not kept), NaN where undefined or not finite.
    mutating func value(atPixel p: Point, _ F: (Double, Double) -> Double?) -> Double {
        count += 1
        guard let v = F(viewport.x(atColumn: p.x), viewport.y(atRow: p.y)), v.isFinite else { return .nan }
        return v
    }

    /// Where F crosses zero on the edge from node `a` (value `fa`) to node `b` (value `fb`, of the
    /// other sign), or nil when the sign changes across a pole. Regula falsi (Illinois) narrows the
    /// crossing for up to `steps` evaluations, stopping once |F| is at most `ratio` of its ends';
    /// a zero's |F| shrinks as the bracket narrows, a pole's grows.
    mutating func crossing(from a: Node, _ fa: Double, to b: Node, _ fb: Double, _ F: (Double, Double) -> Double?,
                           steps: Int, ratio: Double) -> (point: Point, key: EdgeKey)? {
        let key = EdgeKey(a, b)
        if let known = crossings[key] { return known.map { ($0, key) } }
        let pa = pixel(of: a), pb = pixel(of: b)
        if fa == 0 || fb == 0 {
            crossings[key] = fa == 0 ? pa : pb
            return (fa == 0 ? pa : pb, key)
        }
        func at(_ t: Double) -> Point { Point(x: pa.x + (pb.x - pa.x) * t, y: pa.y + (pb.y - pa.y) * t) }
        var lo = 0.0, hi = 1.0, flo = fa, fhi = fb
        var weightLo = 1.0, weightHi = 1.0
        var kept = 0
        var best: (point: Point, size: Double)?
        let start = min(abs(fa), abs(fb))
        for _ in 0..<steps {
            var t = lo + (hi - lo) * (flo * weightLo / (flo * weightLo - fhi * weightHi))
            if !t.isFinite || t <= lo || t >= hi { t = (lo + hi) / 2 }
            let p = at(t)
            let ft = value(atPixel: p, F)
            if ft.isNaN { best = nil; break }
            if best == nil || abs(ft) < best?.size ?? .infinity { best = (p, abs(ft)) }
            if ft == 0 || abs(ft) <= ratio * min(abs(flo), abs(fhi)) { best = (p, abs(ft)); break }
            if (ft > 0) == (flo > 0) {
                lo = t; flo = ft; weightLo = 1
                kept = kept > 0 ? kept + 1 : 1
                if kept >= 2 { weightHi /= 2 }
            } else {
                hi = t; fhi = ft; weightHi = 1
                kept = kept < 0 ? kept - 1 : -1
                if kept <= -2 { weightLo /= 2 }
            }
        }
        // Kept only where |F| fell below both ends' while narrowing: a zero, not a pole.
        let found = best.flatMap { $0.size < start ? $0.point : nil }
        crossings[key] = found
        return found.map { ($0, key) }
    }
}

/// Joins contour pieces that share an edge crossing into polylines.
struct SegmentJoiner {
    private var pieces: [(from: Point, fromKey: EdgeKey?, to: Point, toKey: EdgeKey?)] = []
    private var touching: [EdgeKey: [Int]] = [:]

    /// A piece from `p` (on edge `pKey`) to `q` (on edge `qKey`).
    mutating func add(_ p: Point, _ pKey: EdgeKey, _ q: Point, _ qKey: EdgeKey) {
        guard pKey != qKey else { return }
        touching[pKey, default: []].append(pieces.count)
        touching[qKey, default: []].append(pieces.count)
        pieces.append((p, pKey, q, qKey))
    }

    /// A piece joined to nothing.
    mutating func addLoose(_ p: Point, _ q: Point) {
        pieces.append((p, nil, q, nil))
    }

    /// The pieces joined end to end where they share a crossing, each chain walked both ways from
    /// its first piece.
    func polylines() -> [[Point]] {
        var used = [Bool](repeating: false, count: pieces.count)
        var lines = [[Point]]()
        for start in pieces.indices where !used[start] {
            used[start] = true
            let piece = pieces[start]
            var line = [piece.from, piece.to], back = [Point]()
            var forward = piece.toKey, backward = piece.fromKey
            extend(&line, from: &forward, &used)
            extend(&back, from: &backward, &used)
            lines.append(back.reversed() + line)
        }
        return lines
    }

    /// Appends to `line` the pieces that continue from crossing `key`, following the chain.
    private func extend(_ line: inout [Point], from key: inout EdgeKey?, _ used: inout [Bool]) {
        while let current = key, let next = touching[current]?.first(where: { !used[$0] }) {
            used[next] = true
            let piece = pieces[next]
            if piece.fromKey == current {
                line.append(piece.to)
                key = piece.toKey
            } else {
                line.append(piece.from)
                key = piece.fromKey
            }
        }
    }
}
