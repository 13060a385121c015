/// Adaptive sampling of a parametric path (x(t), y(t)) by distance on the screen.
///
/// The range of t starts as an even grid of `initialSteps` steps; a step is bisected while its
/// chord is longer than `longestChord` pixels or its midpoint strays more than `straightness`
/// pixels from the chord (the path turns there), down to `finestFraction` of the range. A step
/// still longer than `jump` pixels at the finest width is a jump and breaks the path; a step
/// from a defined to an undefined point is bisected to the edge of the domain and breaks it too.
/// Steps whose ends and midpoint lie beyond one edge of the picture (by `margin`) are not refined.
///
/// The cost is bounded: every grid step gets an equal share of what is left of `evaluationLimit`,
/// and a step out of share is drawn as the chords found so far no longer than `longestChord`, a gap
/// for each longer one (`Samples.isCoarse`). So is the ink: once the chords drawn add up to
/// `inkLimit` pixels, the rest of the path is left out (and `isCoarse` says so). A path that
/// scribbles (its samples far apart however fine the step, as over a range of t wider than its
/// doubles resolve) would fill the picture with dots long before its evaluations ran out
/// (`inkLimit(width:height:)`). What it draws is on the curve.
struct PathSampler {
    let viewport: Viewport
    var initialSteps = 256
    var longestChord = 6.0
    var straightness = 0.2
    var jump = 2.0
    var finestFraction = 0x1p-36
    var boundarySteps = 40
    var margin = 4.0
    var evaluationLimit = Int.max
    var inkLimit = Double.infinity

    /// The ink a picture of `width` × `height` pixels takes from one path: chords 4 times the
    /// picture's area in length (a line of 2 pixels lays it over every pixel 8 times), at least
    /// 65 536 pixels of them and at most 4 million, which bounds the points kept to that many
    /// (64 MB). The densest figures drawn whole, such as (sin 101t, sin 103t) over 2π, take about a
    /// tenth of it at 800x500, and 1.8 million pixels at 10000x10000.
    static func inkLimit(width: Int, height: Int) -> Double {
        min(max(4 * Double(max(width, 1)) * Double(max(height, 1)), 65_536), 4_194_304)
    }

    /// The pixel position of the path at `t`, nil where undefined or not finite.
    private func point(_ path: (Double) -> (x: Double, y: Double)?, at t: Double, _ count: inout Int) -> Point? {
        count += 1
        guard let p = path(t), p.x.isFinite, p.y.isFinite else { return nil }
        let column = viewport.column(forX: p.x), row = viewport.row(forY: p.y)
        guard !column.isNaN, !row.isNaN else { return nil }
        let limit = 1e6 + Double(max(viewport.width, viewport.height))
        return Point(x: min(max(column, -limit), limit), y: min(max(row, -limit), limit))
    }

    /// The samples of `path` over `range`.
    func sample(_ path: (Double) -> (x: Double, y: Double)?, over range: ClosedRange<Double>) -> Samples {
        // A chord counts no more than a straight line's way across the picture, however far off it lies.
        var state = State(longestVisibleChord: Double(viewport.width + viewport.height), inkLimit: inkLimit)
        guard viewport.isRepresentable, range.lowerBound.isFinite, range.upperBound.isFinite else { return Samples() }
        let steps = range.upperBound > range.lowerBound ? max(min(initialSteps, evaluationLimit / 4), 1) : 0
        var a = range.lowerBound
        var pa = point(path, at: a, &state.count)
        if let pa { state.add(pa) }
        let finest = (range.upperBound / 2 - range.lowerBound / 2) * 2 * finestFraction
        for step in 0..<steps where !state.isInkSpent {
            let fraction = Double(step + 1) / Double(steps)
            let b = step + 1 == steps ? range.upperBound : range.lowerBound * (1 - fraction) + range.upperBound * fraction
            let pb = point(path, at: b, &state.count)
            let share = max(evaluationLimit - state.count, 0) / (steps - step)
            state.stepLimit = state.count + share
            refine(path, a, pa, b, pb, finest: finest, depth: 0, &state)
            a = b
            pa = pb
        }
        return state.finish()
    }

    /// What the walk has found so far.
    private struct State {
        let longestVisibleChord: Double
        let inkLimit: Double
        var branches: [[Point]] = []
        var line: [Point] = []
        var count = 0
        var stepLimit = Int.max
        /// The length of the chords added, each at least a pixel (a point kept costs its memory
        /// however close) and at most `longestVisibleChord`, and `lineInk` for each line begun.
        var ink = 0.0
        var isCoarse = false

        var isInkSpent: Bool { ink >= inkLimit }
        var isOutOfShare: Bool { count >= stepLimit || isInkSpent }

        /// Adds `p` to the line, unless the ink is spent: then the line ends, and nothing more is drawn.
        mutating func add(_ p: Point) {
            guard !isInkSpent else {
                isCoarse = true
                breakLine()
                return
            }
            guard let last = line.last else {
                ink += Self.lineInk
                line.append(p)
                return
            }
            guard last != p else { return }
            let dx = p.x - last.x, dy = p.y - last.y
            ink += min(max((dx * dx + dy * dy).squareRoot(), 1), longestVisibleChord)
            line.append(p)
        }

        /// What a line's start counts as ink: its round cap, and the array of its own that holds it.
        static let lineInk = 64.0

        mutating func breakLine() {
            if !line.isEmpty { branches.append(line) }
            line = []
        }

        mutating func finish() -> Samples {
            breakLine()
            return Samples(branches: branches, evaluations: count, isCoarse: isCoarse, widestColumn: 1)
        }
    }

    /// Adds the path from `a` (already added, unless undefined) to `b`.
    private func refine(_ path: (Double) -> (x: Double, y: Double)?, _ a: Double, _ pa: Point?, _ b: Double, _ pb: Point?,
                        finest: Double, depth: Int, _ state: inout State) {
        let m = a / 2 + b / 2
        switch (pa, pb) {
        case (nil, nil):
            // Look a few levels deep for a piece of the domain narrower than the step.
            guard depth < 6, !state.isOutOfShare, m != a, m != b else { return }
            let pm = point(path, at: m, &state.count)
            if pm == nil, depth >= 3 { return }
            refine(path, a, nil, m, pm, finest: finest, depth: depth + 1, &state)
            refine(path, m, pm, b, nil, finest: finest, depth: depth + 1, &state)
        case (let pa?, nil):
            let edge = boundary(path, defined: a, at: pa, undefined: b, &state)
            if edge.t != a, let point = edge.point { refine(path, a, pa, edge.t, point, finest: finest, depth: depth + 1, &state) }
            state.breakLine()
        case (nil, let pb?):
            let edge = boundary(path, defined: b, at: pb, undefined: a, &state)
            state.breakLine()
            if let point = edge.point {
                state.add(point)
                if edge.t != b { refine(path, edge.t, point, b, pb, finest: finest, depth: depth + 1, &state) }
            }
        case (let pa?, let pb?):
            if isSettled(pa, pb) {
                state.add(pb)
                return
            }
            let unsplittable = m == a || m == b
            if state.isOutOfShare || unsplittable {
                if state.isOutOfShare { state.isCoarse = true }
                // No midpoint checks this chord: it is drawn only as long as a checked one may be,
                // else the path breaks here (a gap, never a line the path may not take).
                if chord(pa, pb) > (unsplittable ? jump : longestChord) { state.breakLine() }
                state.add(pb)
                return
            }
            let pm = point(path, at: m, &state.count)
            if let pm, chord(pa, pb) <= longestChord, distance(pm, fromChord: pa, pb) <= straightness {
                state.add(pm)
                state.add(pb)
                return
            }
            if let pm, isOutside(pa, pm, pb) {
                state.add(pm)
                state.add(pb)
                return
            }
            if b / 2 - a / 2 <= finest / 2 {
                // At the finest step the chord did not shrink: a jump.
                if chord(pa, pb) > jump { state.breakLine() }
                state.add(pb)
                return
            }
            refine(path, a, pa, m, pm, finest: finest, depth: depth + 1, &state)
            refine(path, m, pm, b, pb, finest: finest, depth: depth + 1, &state)
        }
    }

    /// Whether a step needs no midpoint: its ends coincide to a hundredth of a pixel.
    private func isSettled(_ pa: Point, _ pb: Point) -> Bool {
        chord(pa, pb) < 0.01
    }

    /// Whether the three points lie beyond one edge of the picture, by the margin.
    private func isOutside(_ points: Point...) -> Bool {
        let right = Double(viewport.width) + margin, bottom = Double(viewport.height) + margin
        return points.allSatisfy { $0.x < -margin } || points.allSatisfy { $0.x > right }
            || points.allSatisfy { $0.y < -margin } || points.allSatisfy { $0.y > bottom }
    }

    /// The last defined parameter and point between `defined` and `undefined`, by bisection
    /// (within the step's share).
    private func boundary(_ path: (Double) -> (x: Double, y: Double)?, defined: Double, at known: Point, undefined: Double,
                          _ state: inout State) -> (t: Double, point: Point?) {
        var inside = defined, outside = undefined
        var found: Point? = known
        for _ in 0..<boundarySteps where !state.isOutOfShare {
            let m = inside / 2 + outside / 2
            if m == inside || m == outside { break }
            if let pm = point(path, at: m, &state.count) { inside = m; found = pm } else { outside = m }
        }
        return (inside, found)
    }

    private func chord(_ a: Point, _ b: Point) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
}

/// The distance from `p` to the segment `a`–`b`, in pixels.
func distance(_ p: Point, fromChord a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    let lengthSquared = dx * dx + dy * dy
    let t = lengthSquared > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared, 0), 1) : 0
    let ex = p.x - a.x - t * dx, ey = p.y - a.y - t * dy
    return (ex * ex + ey * ey).squareRoot()
}
