import Raster

/// The top, bottom, left and right extremes of an implicit curve F(x, y) = 0: seeded where its
/// contour turns (a vertex higher, lower, further left or right than its neighbours), refined by
/// Newton on F = 0 with ∂F/∂x = 0 (top, bottom) or ∂F/∂y = 0 (left, right).
struct ImplicitExtremes {
    let F: (Double, Double) -> Double?
    let window: PlaneWindow

    /// Vertices a contour's turn is looked for across, on each side.
    static let reach = 3
    /// At most this many seeds of each kind are refined; more are cut.
    static let seedLimit = 256

    /// The extremes seeded from `lines`; `isCut` when there were more seeds than are refined.
    func find(from lines: [[Vertex]]) -> (points: [(kind: PlanePoint.Kind, x: Double, y: Double)], isCut: Bool) {
        var points = [(kind: PlanePoint.Kind, x: Double, y: Double)](), isCut = false
        for kind in [PlanePoint.Kind.top, .bottom, .left, .right] {
            let seeds = Self.turns(in: lines, kind: kind)
            isCut = isCut || seeds.count > Self.seedLimit
            for seed in seeds.prefix(Self.seedLimit) {
                if let point = refine(seed, kind: kind), !points.contains(where: { $0.kind == kind && isSame($0, point) }) {
                    points.append((kind, point.x, point.y))
                }
            }
        }
        return (points, isCut)
    }

    private func isSame(_ a: (kind: PlanePoint.Kind, x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool {
        abs(a.x - b.x) <= 1e-7 * window.span && abs(a.y - b.y) <= 1e-7 * window.span
    }

    /// The vertices of `lines` that are extreme in the direction `kind` names among `reach`
    /// neighbours on each side (a closed line wraps around), higher than one of them at least.
    static func turns(in lines: [[Vertex]], kind: PlanePoint.Kind) -> [Vertex] {
        let value: (Vertex) -> Double = switch kind {
        case .top: { $0.y }
        case .bottom: { -$0.y }
        case .right: { $0.x }
        default: { -$0.x }
        }
        var seeds = [Vertex]()
        for line in lines where line.count > 2 * reach {
            let closed = line.first.map { first in line.last.map { $0.x == first.x && $0.y == first.y } ?? false } ?? false
            let count = closed ? line.count - 1 : line.count
            for i in 0..<count {
                guard closed || (i >= reach && i < count - reach) else { continue }
                let here = value(line[i])
                var isTurn = true, isAbove = false
                for offset in 1...reach {
                    for neighbour in [(i + offset) % count, (i - offset + count) % count] {
                        let other = value(line[neighbour])
                        if other > here { isTurn = false }
                        if other < here { isAbove = true }
                    }
                }
                // A flat top of equal vertices counts at its first vertex only.
                if isTurn, isAbove, value(line[(i - 1 + count) % count]) < here { seeds.append(line[i]) }
            }
        }
        return seeds
    }

    /// The extreme of kind `kind` Newton reaches from `seed`, when it is one: F = 0 there as a
    /// zero is, the tangent horizontal (or vertical) to rounding, and the curve bending the way
    /// `kind` says.
    func refine(_ seed: Vertex, kind: PlanePoint.Kind) -> (x: Double, y: Double)? {
        let vertical = kind == .top || kind == .bottom
        let h = 1e-5 * window.span
        let F = self.F
        // ∂F/∂x (top, bottom) or ∂F/∂y (left, right), by central differences.
        let slope = { (x: Double, y: Double) -> Double? in
            guard let a = vertical ? F(x + h, y) : F(x, y + h), let b = vertical ? F(x - h, y) : F(x, y - h) else { return nil }
            return (a - b) / (2 * h)
        }
        let system: PlaneNewton.System = { x, y in
            guard let value = F(x, y), let turn = slope(x, y) else { return nil }
            return (value, turn)
        }
        guard let (x, y) = PlaneNewton.solve(system, from: (seed.x, seed.y), h: (h, h)),
              window.contains(x, y), PlaneCheck.isZero(F, at: x, y, delta: 1e-6 * window.span),
              let here = F(x, y), let across = vertical ? F(x, y + h) : F(x + h, y),
              let back = vertical ? F(x, y - h) : F(x - h, y), let turn = slope(x, y),
              let ahead = vertical ? F(x + h, y) : F(x, y + h), let behind = vertical ? F(x - h, y) : F(x, y - h)
        else { return nil }
        // The other partial derivative, and the second along the tangent: y'' = −F_xx / F_y.
        let normal = (across - back) / (2 * h)
        let bend = (ahead - 2 * here + behind) / (h * h)
        guard normal != 0, abs(turn) <= 1e-6 * abs(normal) else { return nil }
        let curvature = -bend / normal
        guard abs(curvature) * window.span > 1e-6 else { return nil }
        let isMaximum = curvature < 0
        return isMaximum == (kind == .top || kind == .right) ? (x, y) : nil
    }
}
