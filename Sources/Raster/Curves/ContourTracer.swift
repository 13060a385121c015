/// Contours an implicit curve F(x, y) = 0 at pixel resolution.
///
/// F is evaluated at the graph coordinates of a lattice of pixel positions (so log axes are
/// traced in screen space). A quadtree starts from cells of `coarseCell` pixels over the picture
/// and a cell's margin around it, and splits every cell whose corners and centre change sign, or
/// whose smallest |F| is within its spread (a zero may touch without crossing), down to
/// one-pixel leaves. In each leaf, marching squares joins the crossings on its edges (a saddle
/// resolved by the centre's sign); each crossing is found by regula falsi along the edge, and
/// kept only if |F| there falls well below its ends' (a sign change across a pole keeps |F|
/// large: no curve). A leaf with no crossing where Newton's step from the centre lands inside
/// it with |F| a quarter or less draws a short piece of tangent zero ((x − y)² = 0). The pieces
/// are joined where they share an edge, into polylines the capsule painter draws like any curve.
///
/// The cost is bounded: the coarse cells widen until their lattice takes at most a quarter of
/// `evaluationLimit`, the quadtree splits level by level while half the limit allows (the cells
/// left unsplit are contoured at their size), and the leaves are contoured while the rest allows
/// (`Samples.isCoarse` says when either stopped short).
struct ContourTracer {
    let viewport: Viewport
    var coarseCell = 8
    var evaluationLimit = Int.max

    /// A crossing on an edge is a zero when |F| there is at most this fraction of its ends'.
    private let zeroRatio = 0.1
    /// Regula falsi steps along an edge before a crossing that stays large is taken for a pole.
    private let crossingSteps = 5

    /// The contour of `F` = 0 in the viewport.
    func trace(_ F: (Double, Double) -> Double?) -> Samples {
        guard viewport.isRepresentable else { return Samples() }
        var lattice = Lattice(viewport: viewport, cell: coarseCell, limit: evaluationLimit)
        var cells = lattice.coarseCells()
        var leaves = [Cell](), parents = [Cell]()
        var isCoarse = false
        while !cells.isEmpty {
            // A level's cells take at most 5 evaluations each: when half the limit cannot pay for
            // them, the cells they split from are the leaves.
            if !parents.isEmpty, lattice.count + 5 * cells.count > evaluationLimit / 2 {
                leaves += parents
                isCoarse = true
                break
            }
            var split = [Cell]()
            for cell in cells where needsSplit(cell, &lattice, F) {
                if cell.size == 1 { leaves.append(cell) } else { split.append(cell) }
            }
            parents = split
            cells = split.flatMap(\.children)
        }
        var joiner = SegmentJoiner()
        // Half the limit is kept for the leaves: a leaf takes at most 4 crossings' and a tangent's evaluations.
        let mostPerLeaf = 4 * crossingSteps + 7
        for leaf in leaves {
            if lattice.count + mostPerLeaf > evaluationLimit { isCoarse = true; break }
            contour(leaf, &lattice, F, &joiner)
        }
        return Samples(branches: joiner.polylines(), evaluations: lattice.count, isCoarse: isCoarse)
    }

    // MARK: - Cells

    /// Whether `cell` may hold a piece of the curve: its defined corners and centre change sign,
    /// or the smallest |F| among them is within their spread.
    private func needsSplit(_ cell: Cell, _ lattice: inout Lattice, _ F: (Double, Double) -> Double?) -> Bool {
        var low = Double.infinity, high = -Double.infinity, smallest = Double.infinity
        var positive = false, negative = false
        func take(_ v: Double) {
            guard !v.isNaN else { return }
            low = min(low, v)
            high = max(high, v)
            smallest = min(smallest, abs(v))
            if v > 0 { positive = true } else { negative = true }
        }
        let i = cell.i, j = cell.j, size = cell.size
        take(lattice.value(at: Node(i: i, j: j), F))
        take(lattice.value(at: Node(i: i + size, j: j), F))
        take(lattice.value(at: Node(i: i + size, j: j + size), F))
        take(lattice.value(at: Node(i: i, j: j + size), F))
        if size >= 2 { take(lattice.value(at: cell.centre, F)) }
        if positive && negative { return true }
        return low < high && smallest <= high - low
    }

    /// Adds the pieces of the curve inside leaf `cell` to `joiner`.
    private func contour(_ cell: Cell, _ lattice: inout Lattice, _ F: (Double, Double) -> Double?, _ joiner: inout SegmentJoiner) {
        let corners = cell.corners
        let values = corners.map { lattice.value(at: $0, F) }
        // Edge k runs from corner k to corner k + 1 (top, right, bottom, left).
        var crossing = [Bool](repeating: false, count: 4)
        for k in 0..<4 {
            let a = values[k], b = values[(k + 1) % 4]
            crossing[k] = !a.isNaN && !b.isNaN && (a > 0) != (b > 0)
        }
        let count = crossing.filter { $0 }.count
        func zero(_ k: Int) -> (point: Point, key: EdgeKey)? {
            lattice.crossing(from: corners[k], values[k], to: corners[(k + 1) % 4], values[(k + 1) % 4], F,
                             steps: crossingSteps, ratio: zeroRatio)
        }
        func join(_ first: Int, _ second: Int) {
            guard let p = zero(first), let q = zero(second) else { return }
            joiner.add(p.point, p.key, q.point, q.key)
        }
        switch count {
        case 2:
            let edges = (0..<4).filter { crossing[$0] }
            join(edges[0], edges[1])
        case 4:
            // A saddle: the corners of the other sign than the centre are cut off, each by its own piece.
            let centre = lattice.value(atPixel: cell.centrePixel(lattice), F)
            let centreSign = centre.isNaN ? values.reduce(0, +) > 0 : centre > 0
            for k in 0..<4 where (values[k] > 0) != centreSign { join((k + 3) % 4, k) }
        case 0:
            tangentZero(in: cell, values, &lattice, F, &joiner)
        default:
            break
        }
    }

    /// A short piece of a zero the curve touches without crossing, where Newton's step from the
    /// centre lands inside the cell and |F| falls there to at most a third of the centre's.
    private func tangentZero(in cell: Cell, _ values: [Double], _ lattice: inout Lattice,
                             _ F: (Double, Double) -> Double?, _ joiner: inout SegmentJoiner) {
        guard values.allSatisfy({ !$0.isNaN }), let low = values.min(by: { abs($0) < abs($1) }).map(abs),
              let high = values.map(abs).max(), low * 2 <= high - low || low == 0 else { return }
        let c = cell.centrePixel(lattice), h = Double(cell.size) / 2
        let fc = lattice.value(atPixel: c, F)
        let east = lattice.value(atPixel: Point(x: c.x + h, y: c.y), F), west = lattice.value(atPixel: Point(x: c.x - h, y: c.y), F)
        let south = lattice.value(atPixel: Point(x: c.x, y: c.y + h), F), north = lattice.value(atPixel: Point(x: c.x, y: c.y - h), F)
        let gx = (east - west) / (2 * h), gy = (south - north) / (2 * h)
        let gradient = gx * gx + gy * gy
        guard fc.isFinite, gradient.isFinite, gradient > 0 else { return }
        let p = Point(x: c.x - fc * gx / gradient, y: c.y - fc * gy / gradient)
        guard abs(p.x - c.x) <= h, abs(p.y - c.y) <= h else { return }
        let fp = lattice.value(atPixel: p, F)
        guard !fp.isNaN, abs(fp) <= abs(fc) / 3 else { return }
        let length = gradient.squareRoot()
        let tx = -gy / length * h, ty = gx / length * h
        joiner.addLoose(Point(x: p.x - tx, y: p.y - ty), Point(x: p.x + tx, y: p.y + ty))
    }
}

/// A square of the lattice: its top-left node and its side, in pixels (a power of 2).
struct Cell {
    var i: Int
    var j: Int
    var size: Int

    /// The corner nodes clockwise from the top left.
    var corners: [Node] {
        [Node(i: i, j: j), Node(i: i + size, j: j), Node(i: i + size, j: j + size), Node(i: i, j: j + size)]
    }

    /// The centre node (for cells of 2 pixels or more).
    var centre: Node { Node(i: i + size / 2, j: j + size / 2) }

    /// The centre in pixels.
    func centrePixel(_ lattice: Lattice) -> Point {
        let corner = lattice.pixel(of: Node(i: i, j: j))
        return Point(x: corner.x + Double(size) / 2, y: corner.y + Double(size) / 2)
    }

    /// The four halves of the side.
    var children: [Cell] {
        let half = size / 2
        return [Cell(i: i, j: j, size: half), Cell(i: i + half, j: j, size: half),
                Cell(i: i, j: j + half, size: half), Cell(i: i + half, j: j + half, size: half)]
    }
}

/// A node of the lattice, in whole pixels from its top-left node.
struct Node: Hashable {
    var i: Int
    var j: Int
}

/// An edge between two nodes, in either direction.
struct EdgeKey: Hashable {
    var first: Node
    var second: Node

    init(_ a: Node, _ b: Node) {
        (first, second) = (a.j, a.i) < (b.j, b.i) ? (a, b) : (b, a)
    }
}
