import Raster

extension PlaneSearch {
    /// Where curves `first` and `second` (first < second) meet in the window: a path against an
    /// implicit curve by the roots in t of F(p(t)); two paths by Newton in (t₁, t₂); two implicit
    /// curves by Newton in (x, y). A y(x) or x(y) curve is both a path and implicit, and is read
    /// as a path against an implicit curve, as the implicit side against a path.
    func meetings(of first: Int, and second: Int, budget: PlaneBudget) -> [PlanePoint] {
        let a = curves[first], b = curves[second]
        switch (a.implicit, b.implicit, a.path, b.path) {
        case (.none, .none, _, _): return pathMeetings(first, second, budget: budget)
        case (_, _, .none, .none): return implicitMeetings(first, second, budget: budget)
        case (.none, _, _, _): return meetings(path: first, implicit: second, budget: budget)
        case (_, .none, _, _): return meetings(path: second, implicit: first, budget: budget)
        case (_, _, .none, _): return meetings(path: second, implicit: first, budget: budget)
        default: return meetings(path: first, implicit: second, budget: budget)
        }
    }

    /// Path `path` against the implicit curve `implicit`: the roots of F(p(t)) over the path's t.
    private func meetings(path index: Int, implicit other: Int, budget: PlaneBudget) -> [PlanePoint] {
        guard let path = curves[index].path, let F = curves[other].implicit else { return [] }
        let point = path.point
        let scan = PathScan(range: path.t, isClosed: curves[index].isClosed(in: window), budget: budget,
                            cost: costs[index] + costs[other])
        let roots = scan.scan { t in point(t).flatMap { F($0.x, $0.y) } }.roots
        let delta = 1e-6 * (path.t.upperBound - path.t.lowerBound)
        return roots.compactMap { t in
            guard let p = point(t), window.contains(p.x, p.y), PlaneCheck.isContinuous(point, at: t, delta: delta) else { return nil }
            let parameter = curves[index].reportsParameter ? t : nil
            let ordered = index < other ? [index, other] : [other, index]
            return PlanePoint(kind: .intersection, x: p.x, y: p.y, curves: ordered,
                              parameters: index < other ? [parameter, nil] : [nil, parameter])
        }
    }

    /// Two paths: their samples' crossings refined by Newton in (t₁, t₂) on p₁(t₁) = p₂(t₂).
    private func pathMeetings(_ first: Int, _ second: Int, budget: PlaneBudget) -> [PlanePoint] {
        guard let a = curves[first].path, let b = curves[second].path else { return [] }
        let cost = costs[first] + costs[second]
        guard budget.allows(2 * Self.pathSamples, cost: cost) else {
            budget.isTruncated = true
            return []
        }
        let linesA = Polylines.sample(a.point, over: a.t, count: Self.pathSamples, in: window)
        let linesB = Polylines.sample(b.point, over: b.t, count: Self.pathSamples, in: window)
        budget.spend(Self.pathSamples, cost: costs[first])
        budget.spend(Self.pathSamples, cost: costs[second])
        let crossings = Polylines.crossings(linesA, linesB, in: window, limit: Self.seedLimit)
        if crossings.isCut { budget.isTruncated = true }
        let lengths = (a.t.upperBound - a.t.lowerBound, b.t.upperBound - b.t.lowerBound)
        var evaluations = 0
        let system: PlaneNewton.System = { t1, t2 in
            evaluations += 1
            guard let p = a.point(t1), let q = b.point(t2) else { return nil }
            return (p.x - q.x, p.y - q.y)
        }
        var points = [PlanePoint]()
        for seed in crossings.seeds {
            guard budget.allows(evaluations + 400, cost: cost) else { budget.isTruncated = true; break }
            guard let (t1, t2) = PlaneNewton.solve(system, from: (seed.first.t, seed.second.t),
                                                    h: (1e-7 * lengths.0, 1e-7 * lengths.1)),
                  a.t.contains(t1), b.t.contains(t2), let p = a.point(t1), let q = b.point(t2),
                  PlaneCheck.distance(p, q) <= 1e-10 * max(window.span, abs(p.x), abs(p.y)), window.contains(p.x, p.y),
                  PlaneCheck.isContinuous(a.point, at: t1, delta: 1e-6 * lengths.0),
                  PlaneCheck.isContinuous(b.point, at: t2, delta: 1e-6 * lengths.1) else { continue }
            points.append(PlanePoint(kind: .intersection, x: p.x, y: p.y, curves: [first, second],
                                     parameters: [curves[first].reportsParameter ? t1 : nil,
                                                  curves[second].reportsParameter ? t2 : nil]))
        }
        budget.spend(evaluations, cost: cost)
        return points
    }

    /// Two implicit curves: their contours' crossings refined by Newton in (x, y) on F = G = 0.
    private func implicitMeetings(_ first: Int, _ second: Int, budget: PlaneBudget) -> [PlanePoint] {
        guard let F = curves[first].implicit, let G = curves[second].implicit,
              let linesA = contour(of: first, budget: budget), let linesB = contour(of: second, budget: budget) else { return [] }
        let crossings = Polylines.crossings(linesA, linesB, in: window, limit: Self.seedLimit)
        if crossings.isCut { budget.isTruncated = true }
        let cost = costs[first] + costs[second]
        var evaluations = 0
        let countedF = { (x: Double, y: Double) -> Double? in evaluations += 1; return F(x, y) }
        let countedG = { (x: Double, y: Double) -> Double? in evaluations += 1; return G(x, y) }
        let system: PlaneNewton.System = { x, y in
            guard let f = countedF(x, y), let g = countedG(x, y) else { return nil }
            return (f, g)
        }
        let h = 1e-7 * window.span, delta = 1e-6 * window.span
        var points = [PlanePoint]()
        for seed in crossings.seeds {
            guard budget.allows(evaluations + 800, cost: cost) else { budget.isTruncated = true; break }
            guard let (x, y) = PlaneNewton.solve(system, from: (seed.first.x, seed.first.y), h: (h, h)),
                  window.contains(x, y), PlaneCheck.isZero(countedF, at: x, y, delta: delta),
                  PlaneCheck.isZero(countedG, at: x, y, delta: delta) else { continue }
            points.append(PlanePoint(kind: .intersection, x: x, y: y, curves: [first, second], parameters: [nil, nil]))
        }
        budget.spend(evaluations, cost: cost)
        return points
    }
}
