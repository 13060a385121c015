/// The edges of a region bounded by several conditions (`PlaneCurve.edges`).
extension GraphRenderer {
    /// Each edge sampled with an equal share of the curve's work, cut to where it keeps, dashed
    /// when it is strict, and all of them together as one curve's samples.
    func sample(_ edges: [PlaneEdge], in viewport: Viewport, cost: Int, curves: Int) -> Samples {
        var merged = Samples()
        for edge in edges {
            var samples = sample(edge.curve, in: viewport, cost: cost, curves: curves * max(edges.count, 1))
            if let keeps = edge.keeps {
                samples.branches = samples.branches.flatMap { Self.pieces(of: $0, keptBy: keeps, in: viewport) }
                samples.bands = samples.bands.filter { band in
                    keeps(viewport.x(atColumn: Double(band.column) + 0.5), viewport.y(atRow: (band.top + band.bottom) / 2))
                }
            }
            if edge.dashed {
                samples.branches += samples.bands.map { band in
                    [Point(x: Double(band.column) + 0.5, y: band.top), Point(x: Double(band.column) + 0.5, y: band.bottom)]
                }
                samples.bands = []
                samples.branches = dashed(samples.branches, in: viewport)
            }
            merged.branches += samples.branches
            merged.bands += samples.bands
            merged.tint += samples.tint
            merged.evaluations += samples.evaluations
            merged.isCoarse = merged.isCoarse || samples.isCoarse
            merged.widestColumn = max(merged.widestColumn, samples.widestColumn)
        }
        return merged
    }

    /// The runs of `branch` (pixel points) where `keeps` holds (in graph units), each run ended
    /// where the edge meets the other conditions: the segment that crosses is bisected, so a
    /// corner of the region is drawn to within a fraction of a pixel.
    static func pieces(of branch: [Point], keptBy keeps: (Double, Double) -> Bool, in viewport: Viewport) -> [[Point]] {
        func kept(_ p: Point) -> Bool { keeps(viewport.x(atColumn: p.x), viewport.y(atRow: p.y)) }
        var pieces = [[Point]](), current = [Point]()
        var previous: (point: Point, kept: Bool)?
        for point in branch {
            let isKept = kept(point)
            if let previous, previous.kept != isKept {
                let crossing = Self.crossing(from: previous.point, keptAtStart: previous.kept, to: point, kept: kept)
                current.append(crossing)
                if !isKept {
                    if current.count > 1 { pieces.append(current) }
                    current = []
                }
            }
            if isKept { current.append(point) }
            previous = (point, isKept)
        }
        if current.count > 1 { pieces.append(current) }
        return pieces
    }

    /// Where the segment from `a` to `b`, kept at one end only, stops being kept: 20 halvings,
    /// a millionth of the segment.
    private static func crossing(from a: Point, keptAtStart: Bool, to b: Point, kept: (Point) -> Bool) -> Point {
        var inside = keptAtStart ? a : b, outside = keptAtStart ? b : a
        for _ in 0..<20 {
            let middle = Point(x: (inside.x + outside.x) / 2, y: (inside.y + outside.y) / 2)
            if kept(middle) { inside = middle } else { outside = middle }
        }
        return inside
    }
}
