/// Adaptive sampling of y(x) in pixel space.
///
/// Every pixel column is sampled at its edges and middle, refined where the curve moves more
/// than `tolerance` pixels. At the finest width a jump that does not shrink under bisection is a
/// discontinuity (pole or step) and breaks the polyline; a finite/undefined pair is bisected to
/// the domain boundary. Columns that need more than `columnBudget` evaluations and keep turning
/// back and forth become min-max bands.
///
/// A frame's cost is bounded whatever the function: a column gets `columnBudget` evaluations,
/// then (when it does not oscillate) at most `secondBudget` more, drawn from a pool of
/// `poolPerColumn` per column shared by the whole frame; a column that still needs more, or finds
/// the pool empty, becomes a band. A column thus costs at most about 2 × 69 evaluations beyond its
/// budgets (one bisection may finish past a budget), and a frame at most about 400 per column.
///
/// An expensive function (a long program) may be given an `evaluationLimit` for the whole curve.
/// When the limit does not cover that worst case, every column gets a share of what is left, and
/// the column's budget, band and bisections shrink to fit that share (a pixel column that needs
/// more is drawn as a band, with no second budget); when even the smallest column does not fit,
/// columns widen to several pixels, joined by the points found in them. The curve is then coarser, and
/// `Samples.widestColumn` says so, but its cost stays within the limit whatever the function.
/// `Samples.isCoarse` is set only where detail was lost (a column wider than a pixel, or one that
/// spent its share): a curve that never needs its share, a straight line, is drawn whole.
struct CurveSampler {
    let viewport: Viewport
    /// The largest row change drawn as one straight segment.
    var tolerance = 1.0
    /// The narrowest interval (in columns) refined as continuous.
    var finestWidth = 1.0 / 256
    /// Evaluations allowed in one column before checking for oscillation.
    var columnBudget = 192
    /// Further evaluations a column that does not oscillate may use (poles, jumps, steep edges).
    var secondBudget = 1536
    /// The frame's pool for second budgets, per column.
    var poolPerColumn = 24
    /// Evaluations across a column when it becomes a band.
    var bandResolution = 48
    /// How far outside the image (pixels) a segment stops being refined.
    var margin = 4.0
    /// Bisections finding the edge of the domain, and a jump.
    var boundarySteps = 64
    var discontinuitySteps = 64
    /// Evaluations the whole curve may use; beyond what the default budgets can spend, it changes nothing.
    var evaluationLimit = Int.max

    /// The most evaluations a column can take with the default budgets, its share of the pool
    /// included: its edge, its budget and one bisection past it (a jump's, with the ramp test),
    /// the oscillation's probes, the pool's share and one bisection past it, and a band.
    static let defaultWorstPerColumn = 1 + 192 + 68 + 17 + 24 + 68 + 49

    /// Whether `evaluationLimit` covers the default budgets' worst case over the whole viewport.
    var isLimitGenerous: Bool {
        evaluationLimit / Self.defaultWorstPerColumn >= viewport.width + 2
    }

    /// The samples of `f` over the viewport's columns plus one column either side.
    func sample(_ f: (Double) -> Double?) -> Samples {
        isLimitGenerous ? sampleFully(f) : sampleWithinLimit(f)
    }

    /// Every column with the default budgets.
    private func sampleFully(_ f: (Double) -> Double?) -> Samples {
        var builder = SampleBuilder()
        var scratch = [Event]()
        scratch.reserveCapacity(64)
        var a = -1.0
        var ra = row(f, at: a, &builder.evaluations)
        var pool = poolPerColumn * (viewport.width + 2)
        for column in -1...viewport.width {
            let b = Double(column + 1)
            let rb = row(f, at: b, &builder.evaluations)
            scratch.removeAll(keepingCapacity: true)
            var budget = Budget(limit: columnBudget)
            refineColumn(f, a, ra, b, rb, &scratch, &budget)
            if budget.isExhausted {
                builder.evaluations += budget.used
                budget.used = 0
                var needsBand = pool <= 0 || oscillates(f, from: a, to: b, &builder.evaluations)
                if !needsBand {
                    scratch.removeAll(keepingCapacity: true)
                    budget = Budget(limit: min(secondBudget, pool))
                    refineColumn(f, a, ra, b, rb, &scratch, &budget)
                    pool -= budget.used
                    needsBand = budget.isExhausted
                    if needsBand { builder.evaluations += budget.used }
                }
                if needsBand {
                    builder.addBand(band(f, column: column, from: a, to: b, &builder.evaluations))
                    if !rb.isNaN { builder.add(Point(x: b, y: rb)) }
                    a = b
                    ra = rb
                    continue
                }
            }
            builder.evaluations += budget.used
            if builder.isLineEmpty, !ra.isNaN { builder.add(Point(x: a, y: ra)) }
            for event in scratch {
                switch event {
                case .point(let point): builder.add(point)
                case .lineBreak: builder.breakLine()
                }
            }
            a = b
            ra = rb
        }
        return builder.finish()
    }

    // MARK: - Within a limit

    /// The columns sampled with budgets scaled to a share of `evaluationLimit`: each column (of one
    /// pixel or, when the share is too small, several) may use at most what is left divided among
    /// the pixels still to sample, so the curve never exceeds the limit by more than one column's
    /// smallest worst case.
    private func sampleWithinLimit(_ f: (Double) -> Double?) -> Samples {
        var builder = SampleBuilder()
        var scratch = [Event]()
        let end = Double(viewport.width + 1)
        var a = -1.0
        var ra = row(f, at: a, &builder.evaluations)
        while a < end {
            let left = Double(max(evaluationLimit - builder.evaluations, 0))
            let share = left / (end - a)
            let smallest = Double(Self.smallestWorstPerColumn)
            let width = share >= smallest ? 1 : min((smallest / max(share, 1e-9)).rounded(.up), end - a)
            builder.widestColumn = max(builder.widestColumn, Int(width))
            let column = scaled(toShare: share * width)
            let b = a + width
            let rb = row(f, at: b, &builder.evaluations)
            scratch.removeAll(keepingCapacity: true)
            var budget = Budget(limit: column.columnBudget)
            column.refineColumn(f, a, ra, b, rb, &scratch, &budget)
            builder.evaluations += budget.used
            // Detail is lost only where a column is wider than a pixel or spends its whole budget
            // (here there is no second one): a straight line, whose columns never do, is drawn whole.
            if width > 1 || budget.isExhausted { builder.isCoarse = true }
            if budget.isExhausted, width == 1 {
                // No second budget here: a pixel column that needs more is drawn as the band it spans.
                for band in column.bands(f, from: a, to: b, &builder.evaluations) { builder.addBand(band) }
                if !rb.isNaN { builder.add(Point(x: b, y: rb)) }
            } else {
                // A wide column keeps the points it found, joined: a coarse line rather than a block.
                if builder.isLineEmpty, !ra.isNaN { builder.add(Point(x: a, y: ra)) }
                for event in scratch {
                    switch event {
                    case .point(let point): builder.add(point)
                    case .lineBreak: builder.breakLine()
                    }
                }
                if budget.isExhausted, !rb.isNaN { builder.add(Point(x: b, y: rb)) }
            }
            a = b
            ra = rb
        }
        return builder.finish()
    }

    /// The fewest evaluations a column can take when scaled down (`scaled(toShare:)` at its floors).
    static let smallestWorstPerColumn = 1 + 4 + 12 + 5

    /// This sampler with a column's budgets scaled to `share` evaluations (at their floors below
    /// `smallestWorstPerColumn`): the column's worst case, 1 for its edge, its budget, one
    /// bisection past the budget and a band, stays within the share.
    private func scaled(toShare share: Double) -> CurveSampler {
        let fraction = min(share / Double(Self.defaultWorstPerColumn), 1)
        var column = self
        column.boundarySteps = max(Int(Double(boundarySteps) * fraction), 8)
        column.discontinuitySteps = max(Int(Double(discontinuitySteps) * fraction), 8)
        column.bandResolution = max(Int(Double(bandResolution) * fraction), 4)
        let overheads = 1 + max(column.boundarySteps, column.discontinuitySteps + 4) + column.bandResolution + 1
        column.columnBudget = min(max(Int(share) - overheads, 4), columnBudget)
        return column
    }

    /// One band for each pixel column of `a...b` inside the image, from the rows `f` reaches there.
    private func bands(_ f: (Double) -> Double?, from a: Double, to b: Double, _ count: inout Int) -> [Band] {
        let first = max(Int(a.rounded(.down)), 0), last = min(Int(b.rounded(.up)), viewport.width) - 1
        guard first <= last, let band = band(f, column: first, from: a, to: b, &count) else { return [] }
        return (first...last).map { Band(column: $0, top: band.top, bottom: band.bottom) }
    }

    // MARK: - Refinement

    enum Event {
        case point(Point)
        case lineBreak
    }

    struct Budget {
        let limit: Int
        var used = 0
        var isExhausted: Bool { used >= limit }
    }

    private func refineColumn(
        _ f: (Double) -> Double?, _ a: Double, _ ra: Double, _ b: Double, _ rb: Double,
        _ out: inout [Event], _ budget: inout Budget
    ) {
        if ra.isNaN, rb.isNaN {
            // Both edges undefined: look in the middle once for a narrow piece of the domain.
            let m = (a + b) / 2
            let rm = row(f, at: m, &budget.used)
            if rm.isNaN { out.append(.lineBreak); return }
            refine(f, a, ra, m, rm, &out, &budget)
            refine(f, m, rm, b, rb, &out, &budget)
            return
        }
        let m = (a + b) / 2
        let rm = row(f, at: m, &budget.used)
        if !ra.isNaN, !rb.isNaN, !rm.isNaN, abs(rb - ra) <= tolerance, abs(rm - (ra + rb) / 2) <= tolerance / 4 {
            out.append(.point(Point(x: b, y: rb)))  // straight across the column
            return
        }
        refine(f, a, ra, m, rm, &out, &budget)
        refine(f, m, rm, b, rb, &out, &budget)
    }

    private func refine(
        _ f: (Double) -> Double?, _ a: Double, _ ra: Double, _ b: Double, _ rb: Double,
        _ out: inout [Event], _ budget: inout Budget, edges: Edges = Edges()
    ) {
        if budget.isExhausted { return }
        switch (ra.isNaN, rb.isNaN) {
        case (true, true):
            out.append(.lineBreak)
        case (false, true):
            let edge = boundary(f, finite: a, finiteRow: ra, undefined: b, &budget)
            refine(f, a, ra, edge.point.x, edge.point.y, &out, &budget, edges: Edges(low: edges.low, high: edge.x))
            out.append(.lineBreak)
        case (true, false):
            let edge = boundary(f, finite: b, finiteRow: rb, undefined: a, &budget)
            out.append(.lineBreak)
            out.append(.point(edge.point))
            refine(f, edge.point.x, edge.point.y, b, rb, &out, &budget, edges: Edges(low: edge.x, high: edges.high))
        case (false, false):
            let top = -margin, bottom = Double(viewport.height) + margin
            if abs(rb - ra) <= tolerance || (ra < top && rb < top) || (ra > bottom && rb > bottom) {
                out.append(.point(Point(x: b, y: rb)))
            } else if b - a <= finestWidth {
                if let jump = discontinuity(f, a, ra, b, rb, edges: edges, &budget) {
                    out.append(.point(jump.before))
                    out.append(.lineBreak)
                    out.append(.point(jump.after))
                }
                out.append(.point(Point(x: b, y: rb)))
            } else {
                let m = (a + b) / 2
                let rm = row(f, at: m, &budget.used)
                refine(f, a, ra, m, rm, &out, &budget, edges: Edges(low: edges.low))
                refine(f, m, rm, b, rb, &out, &budget, edges: Edges(high: edges.high))
            }
        }
    }

    // MARK: - Bands

    private func band(_ f: (Double) -> Double?, column: Int, from a: Double, to b: Double, _ count: inout Int) -> Band? {
        guard column >= 0, column < viewport.width else { return nil }
        var top = Double.infinity, bottom = -Double.infinity
        for i in 0...bandResolution {
            let r = row(f, at: a + (b - a) * Double(i) / Double(bandResolution), &count)
            if r.isNaN { continue }
            top = min(top, r)
            bottom = max(bottom, r)
        }
        guard top <= bottom else { return nil }
        return Band(column: column, top: top, bottom: bottom)
    }

    /// Whether the column's rows turn back and forth at least three times over `probes` samples
    /// (a pole or a step turns at most twice; an oscillation keeps turning).
    ///
    /// The probes are unevenly spaced (each moved by a golden-ratio fraction of its slot), so a
    /// period that divides the even spacing cannot hide the oscillation by aliasing.
    private func oscillates(_ f: (Double) -> Double?, from a: Double, to b: Double, _ count: inout Int, probes: Int = 16) -> Bool {
        var turns = 0, previous = Double.nan, direction = 0.0
        for i in 0...probes {
            let jitter = i == 0 || i == probes ? 0 : (Double(i) * 0.618_033_988_749_894_8).truncatingRemainder(dividingBy: 1) - 0.5
            let r = row(f, at: a + (b - a) * (Double(i) + 0.8 * jitter) / Double(probes), &count)
            if r.isNaN { continue }
            if !previous.isNaN, r != previous {
                let step: Double = r > previous ? 1 : -1
                if direction != 0, step != direction { turns += 1 }
                direction = step
            }
            previous = r
        }
        return turns >= 3
    }

    // MARK: - Evaluation

    /// The pixel row of f at pixel column `column`, NaN where f is undefined or not finite.
    @inline(__always)
    private func row(_ f: (Double) -> Double?, at column: Double, _ count: inout Int) -> Double {
        row(f, atX: viewport.x(atColumn: column), &count)
    }

    /// The pixel row of f at graph x `x`, NaN where f is undefined or not finite.
    @inline(__always)
    func row(_ f: (Double) -> Double?, atX x: Double, _ count: inout Int) -> Double {
        count += 1
        guard let y = f(x), y.isFinite else { return .nan }
        let r = viewport.row(forY: y)
        let limit = 1e6 + Double(viewport.height)
        return r.isNaN ? .nan : min(max(r, -limit), limit)
    }
}

/// Collects polylines and bands as the sampler walks the columns.
private struct SampleBuilder {
    var branches: [[Point]] = []
    var line: [Point] = []
    var bands: [Band] = []
    var evaluations = 0
    var isCoarse = false
    var widestColumn = 1

    var isLineEmpty: Bool { line.isEmpty }

    mutating func add(_ point: Point) {
        if let last = line.last, last == point { return }
        line.append(point)
    }

    /// Ends the current polyline. An isolated value between undefined ones (x^x at negative
    /// integers) narrower than a hundredth of a pixel is dropped as sampling noise.
    mutating func breakLine() {
        if let first = line.first, let last = line.last, last.x - first.x >= 0.01 { branches.append(line) }
        line = []
        line.reserveCapacity(256)
    }

    mutating func addBand(_ band: Band?) {
        breakLine()
        if let band { bands.append(band) }
    }

    mutating func finish() -> Samples {
        breakLine()
        return Samples(branches: branches, bands: bands, evaluations: evaluations, isCoarse: isCoarse,
                       widestColumn: widestColumn)
    }
}
