import Raster

/// The points of interest of one function, found from its samples and refined.
///
/// Each interval between samples is looked at once: a sign change is narrowed by Brent's method
/// and is a root only when f is small on both sides of where it ends (else a pole, by `PoleTest`,
/// or a jump); a change much larger than its neighbours' is bisected to a jump; a defined sample
/// beside an undefined one is bisected to the domain's edge (a root when f is 0 there, a pole when
/// f grows without bound), and a change across a stretch where f is undefined is a gap with two
/// such edges, never a jump (CurveScan+DomainEdges). Samples higher or lower than both neighbours
/// (two equal samples count as one, for a corner such as |x| at 0) are refined by
/// `ExtremumRefiner`, which also says when the peak is a pole; a minimum or maximum at 0 is also a
/// root where the curve only touches zero. A change within rounding noise (`roundingNoise`) is
/// none: no jump, no turn, no extremum.
///
/// Where the samples turn up and down on nearly every sample, the function oscillates faster than
/// the samples resolve (sin(1/x) near 0): nothing is reported there and the findings are
/// `truncated`, as they are when the counter's limit stops the refinements.
struct CurveScan {
    /// The function, counting its evaluations.
    let f: EvaluationCounter
    /// Sample positions, evenly spaced over the range.
    let xs: [Double]
    /// f at each sample; NaN where undefined.
    let ys: [Double]
    /// How large the values were that each of `ys` was computed from, where that is more than |y|:
    /// the curves of a difference, whose rounding noise is theirs. Empty when no more than |y|.
    let scales: [Double]

    /// What the scan found; every list sorted by x.
    struct Findings {
        var roots: [Double] = []
        var maxima: [GraphPoint] = []
        var minima: [GraphPoint] = []
        var poles: [Double] = []
        /// Poles found beside a peak rather than narrowed to a few units in the last place.
        var roughPoles: [Double] = []
        var jumps: [Double] = []
        /// Removable holes: where f is undefined, and the value it tends to there.
        var holes: [GraphPoint] = []
        var isTruncated = false
        /// Stretches where f is its rounding noise about one level: a root or extremum there is
        /// the stretch's middle, known only to the digits its width leaves.
        var noiseFloors: [ClosedRange<Double>] = []
    }

    /// A new scan: samples `f` at `count` even points over `range`.
    init(_ f: EvaluationCounter, over range: ClosedRange<Double>, count: Int) {
        let n = max(count, 8)
        let xs = (0..<n).map { Viewport.interpolate(range, Double($0) / Double(n - 1)) }
        self.init(f, xs: xs, ys: xs.map(f.sample))
    }

    /// A scan of samples already taken, with `scales` the size of what each was computed from
    /// (the difference of two curves: the larger of their |y|), or none.
    init(_ f: EvaluationCounter, xs: [Double], ys: [Double], scales: [Double] = []) {
        self.f = f
        self.xs = xs
        self.ys = ys
        self.scales = scales
    }

    var spacing: Double { (xs[xs.count - 1] - xs[0]) / Double(xs.count - 1) }

    /// How close to 0 a root search need come: 1e-300, or within ±1e-300 a 10¹²th of the spacing
    /// (a range there is searched too).
    var near0: Double { min(1e-300, spacing * 1e-12) }

    /// Roots, extrema, poles and jumps; with `discontinuities` false (a difference of two curves),
    /// roots only, poles and jumps found and dropped.
    func find(discontinuities: Bool = true) -> Findings {
        var found = Findings()
        // A noise floor's samples are said by the floor alone: their ups and downs are noise, no
        // oscillation (so the list is not cut there), no root, extremum or jump of their own.
        var unresolved = unresolvedSamples()
        let floors = noiseFloors(among: unresolved)
        for floor in floors { unresolved[floor.first...floor.last] = ArraySlice(repeating: false, count: floor.last - floor.first + 1) }
        found.isTruncated = unresolved.contains(true)
        for floor in floors {
            classify(floor, into: &found)
            unresolved[floor.first...floor.last] = ArraySlice(repeating: true, count: floor.last - floor.first + 1)
        }
        let n = xs.count
        // The interval after an undefined sample that was a hole, whose edge it is not.
        var pastHole = false
        for i in 0..<(n - 1) {
            if f.isExhausted { found.isTruncated = true; break }
            let afterHole = pastHole
            pastHole = false
            if unresolved[i] || unresolved[i + 1] { continue }
            let y0 = ys[i], y1 = ys[i + 1]
            switch (y0.isNaN, y1.isNaN) {
            case (false, false):
                if (y0 < 0 && y1 > 0) || (y0 > 0 && y1 < 0) {
                    if !isNoiseAroundZero([i, i + 1]) { classify(signChange(i), into: &found) }
                } else if isSharp(i) {
                    classify(jump(i), into: &found)
                }
            case (false, true):
                if let hole = holeOnSample(i + 1) {
                    classify(hole, into: &found)
                    pastHole = true
                } else {
                    classify(domainEdge(defined: i, undefined: i + 1), into: &found)
                }
            case (true, false): if !afterHole { classify(domainEdge(defined: i + 1, undefined: i), into: &found) }
            case (true, true): break
            }
            if i > 0, y0 == 0, ys[i - 1] != 0, y1 != 0, !isNoiseAroundZero([i - 1, i + 1]), isContinuousZero(i),
               !isUnderflowAlone(at: xs[i]) {
                found.roots.append(xs[i])
            }
        }
        // A zero at either end of the range, where f goes on continuously inside it (10 + x at −10).
        for (end, inner) in [(0, 1), (n - 1, n - 2)] where ys[end] == 0 && !unresolved[end] && ys[inner] != 0 {
            let scale = ys[inner].isNaN ? 0 : abs(ys[inner])
            if staysNearZero(beside: xs[end], scale: scale), !isUnderflowAlone(at: xs[end]) { found.roots.append(xs[end]) }
        }
        findExtrema(skipping: unresolved, into: &found)
        if discontinuities {
            findRoundHoles(skipping: unresolved, into: &found)
        } else {
            found.poles = []; found.jumps = []; found.holes = []
        }
        return found.tidied(spacing: spacing, range: xs[0]...xs[xs.count - 1])
    }

    /// Whether the defined samples at `indices`, one at least, all lie within their rounding noise
    /// of 0: a zero or a change of sign among them is the noise's, no root. Only a difference of
    /// curves has such samples (`scales`): x/√(x² + 1) − 1 far out is 0 or a unit in the last
    /// place of 1 below it, though the curves never meet.
    func isNoiseAroundZero(_ indices: [Int]) -> Bool {
        let defined = indices.filter { !ys[$0].isNaN }
        return !defined.isEmpty && defined.allSatisfy { abs(ys[$0]) <= noise(at: $0) }
    }

    /// Whether f stays near 0 just beside the zero sample i: a root, not an isolated zero between
    /// values that stay away from it (sign(mod(8x, e)) at 0). An undefined side is a domain edge.
    func isContinuousZero(_ i: Int) -> Bool {
        let scale = max(abs(ys[i - 1].isNaN ? 0 : ys[i - 1]), abs(ys[i + 1].isNaN ? 0 : ys[i + 1]))
        return staysNearZero(beside: xs[i], scale: scale)
    }

    /// Whether |f| is at most a millionth of `scale` a billionth of a sample's spacing either side
    /// of x (a side where f is undefined is the domain's edge and passes).
    func staysNearZero(beside x: Double, scale: Double) -> Bool {
        let step = max(spacing * 1e-9, 4 * x.ulp)
        return [f(x - step), f(x + step)].allSatisfy { side in side.map { abs($0) <= 1e-6 * scale } ?? true }
    }

    // MARK: - Events between samples

    /// What one interval holds.
    enum Event {
        case root(Double), pole(Double), jump(Double), nothing
        /// A removable hole: where f is undefined, and the value it tends to there.
        case hole(GraphPoint)
        /// Around a stretch where f is undefined, between two defined places: what each of its
        /// edges is, and the roots between each edge and the sample beside it.
        case several([Event])
    }

    func classify(_ event: Event, into found: inout Findings) {
        switch event {
        case .root(let x): found.roots.append(x)
        case .pole(let x): found.poles.append(x)
        case .jump(let x): found.jumps.append(x)
        case .hole(let point): found.holes.append(point)
        case .several(let events):
            for event in events { classify(event, into: &found) }
        case .nothing: break
        }
    }

    /// A sign change between samples i and i + 1: a root, or a pole or jump crossing zero.
    private func signChange(_ i: Int) -> Event {
        let scale = max(abs(ys[i]), abs(ys[i + 1]))
        switch BrentRoot.search(f.callAsFunction, xs[i], ys[i], xs[i + 1], ys[i + 1], near0: near0) {
        case .undefined(let x):
            return discontinuity(at: x, within: xs[i]...xs[i + 1], scale: scale, samples: i)
        case .converged(let x, let other):
            if let root = confirmedRoot(x, other: other, scale: scale) { return .root(root) }
            let low = min(x, other), high = max(x, other)
            let step = max(4 * x.ulp, 1e-320)
            // Undefined beside the change, it may have crossed a gap in the domain: x/√(x² − 0.01).
            if let undefined = [low - step, high + step].first(where: { f($0) == nil }) {
                return discontinuity(at: undefined, within: xs[i]...xs[i + 1], scale: scale, samples: i)
            }
            return discontinuity(at: x, within: low...high, scale: scale, samples: i)
        }
    }

    /// The root that Brent's search ended at, `x` with `other` the far end of its last bracket:
    /// nil unless f is small on both sides of the bracket (else a pole or jump crosses zero there):
    /// a millionth of `scale` (|f| at the samples), or as small as a line through the samples
    /// would be there. Over [1.4142135623, 1.4142135624] the samples lie 108 units in the last
    /// place apart, and x² − 2 four units beside its root is a thirtieth of them. Or f shrinks
    /// toward 0 on both sides as they close in, as at a vertical tangent: ∛(x(x + π)) at −π is
    /// 2·10⁻⁵ four units in the last place away, more than a millionth of its samples' 0.25.
    func confirmedRoot(_ x: Double, other: Double, scale: Double) -> Double? {
        let low = min(x, other), high = max(x, other)
        let step = max(4 * x.ulp, 1e-320)
        let small = scale * max(1e-6, min(8 * step / spacing, 0.5))
        guard let left = f(low - step), let right = f(high + step) else { return nil }
        let beside = max(abs(left), abs(right))
        guard beside <= small || shrinksToZero(beside: low...high, step: step, near: beside) else { return nil }
        // A few units in the last place, or a 10¹²th of the spacing: a search that ends short of it
        // (∛x at -3·10⁻⁸⁶, its 200 steps spent on the steep crossing) is at the decimal within it.
        let margin = max(16 * max(abs(low), abs(high)).ulp, spacing * 1e-12)
        return flatRoot(near: x, margin: margin) ?? snappedRoot(x, within: low...high, margin: margin)
    }

    /// Whether |f| on both sides of `bracket` is `near` at `step` away, at least 4 times more at
    /// 1000 and at a million times that, and at least 4 times more again: shrinking toward 0 as
    /// it nears, continuously (|f| like a power of the distance of at least 0.1), as no jump does.
    private func shrinksToZero(beside bracket: ClosedRange<Double>, step: Double, near: Double) -> Bool {
        func largest(at distance: Double) -> Double? {
            guard let left = f(bracket.lowerBound - distance), let right = f(bracket.upperBound + distance) else { return nil }
            return max(abs(left), abs(right))
        }
        guard let middle = largest(at: step * 1000), let far = largest(at: step * 1e6) else { return false }
        return near * 4 <= middle && middle * 4 <= far
    }

    /// The shortest decimal within `margin` of `bracket` where |f| is no larger than at `x` (so 1,
    /// not 0.9999999999999999).
    private func snappedRoot(_ x: Double, within bracket: ClosedRange<Double>, margin: Double) -> Double {
        let candidate = ShortestDecimal.within((bracket.lowerBound - margin)...(bracket.upperBound + margin))
        guard candidate != x, let at = f(x), let there = f(candidate), abs(there) <= abs(at) else { return x }
        return candidate
    }

    /// A pole when f grows without bound beside `x`, a removable hole when f is small and
    /// alike either side of an undefined x, else a jump; all found between samples i and i + 1. An
    /// undefined x is moved to the middle of the undefined stretch around it (the calculator's tan
    /// is undefined within 1e-12 of π/2). A stretch wider than a millionth of the samples' spacing is
    /// a gap in the domain, no jump: each of its edges is what a domain's edge is (√(x² − 0.01) is
    /// undefined between −0.1 and 0.1, and x^x between the negative integers, both often inside one
    /// interval between samples).
    private func discontinuity(at x: Double, within bracket: ClosedRange<Double>, scale: Double, samples i: Int) -> Event {
        var x = x
        if f(x) == nil {
            if let hole = hole(at: x, scale: scale) { return hole }
            let stretch = undefinedStretch(around: x, within: bracket)
            // A stretch at whose edges f is about to overflow is where it does (1/x within 10⁻³⁰⁸
            // of 0): a pole's, neither a gap nor a jump, however many samples wide.
            let overflows = [stretch.low, stretch.high].allSatisfy { edge in
                guard let edge, let value = f(edge) else { return false }
                return abs(value) > 1e307
            }
            if overflows, let low = stretch.low, let high = stretch.high { return .pole(low / 2 + high / 2) }
            if let low = stretch.low, let high = stretch.high, high - low > spacing * 1e-6 {
                // Each edge's pole looked for within the gap's width: the other edge may be a pole too.
                let width = min(spacing, high - low)
                var events = [domainEdge(at: low, beyond: x, toward: xs[i], width: width),
                              domainEdge(at: high, beyond: x, toward: xs[i + 1], width: width)]
                if let atLow = f(low), let atHigh = f(high) {
                    events += [rootBeside(xs[i], ys[i], low, atLow), rootBeside(high, atHigh, xs[i + 1], ys[i + 1])]
                }
                return .several(events)
            }
            x = (stretch.low ?? x) / 2 + (stretch.high ?? x) / 2
        } else {
            x = ShortestDecimal.within(bracket)  // a bracket a few units in the last place wide
        }
        if PoleTest.directions(of: f.callAsFunction, near: x, width: spacing) != nil { return .pole(x) }
        return .jump(x)
    }

    /// Whether the change from sample i to i + 1 is far larger than its neighbours' (a step).
    private func isSharp(_ i: Int) -> Bool {
        let change = abs(ys[i + 1] - ys[i])
        guard change > max(noise(at: i), noise(at: i + 1), Self.stepNoise(ys[i], ys[i + 1], at: xs[i + 1])) else { return false }
        let before = i > 0 ? abs(ys[i] - ys[i - 1]) : 0
        let after = i + 2 < ys.count ? abs(ys[i + 2] - ys[i + 1]) : 0
        let neighbours = max(before.isNaN ? 0 : before, after.isNaN ? 0 : after)
        return change > 8 * neighbours
    }

    /// Bisects a sharp change toward the half that changes more: a jump when it does not shrink.
    private func jump(_ i: Int) -> Event {
        var a = xs[i], fa = ys[i], b = xs[i + 1], fb = ys[i + 1]
        let change = abs(fb - fa)
        for _ in 0..<1100 {
            let m = a / 2 + b / 2
            if m <= a || m >= b { break }
            guard let fm = f(m) else { return discontinuity(at: m, within: a...b, scale: change, samples: i) }
            if abs(fm - fa) >= abs(fb - fm) { b = m; fb = fm } else { a = m; fa = fm }
        }
        let step = abs(fb - fa)
        guard step > max(1e-6 * change, Self.roundingNoise(fa, fb), Self.stepNoise(fa, fb, at: b)) else { return .nothing }
        // A step no larger than f's noise on either side is the noise's: the expanded (x − 1)¹⁰
        // steps by 10⁻¹³ anywhere near 1.
        guard step > max(measuredNoise(at: a, direction: -1), measuredNoise(at: b, direction: 1)) else { return .nothing }
        return discontinuity(at: b, within: a...b, scale: change, samples: i)
    }

    /// How far apart values near `a` and `b` may be from rounding alone: 4 units in the last place
    /// of the larger. A change no larger is no jump and makes no extremum: far out on a flat
    /// asymptote (x/√(x² + 1) at 10⁸) neighbouring values differ by a unit or two in the last place
    /// either way, and bisecting such a step never shrinks it.
    static func roundingNoise(_ a: Double, _ b: Double) -> Double {
        4 * max(abs(a), abs(b)).ulp
    }

    /// The smallest step that is a jump between values `a` and `b` at `x`: more than a 10¹⁰th of
    /// them, and than 64 units in the last place of x. Rounding in an evaluation whose terms are
    /// as large as x steps by about a unit in the last place of x: x − 1.5 + 1.5 − (e + x) is −e,
    /// but steps by 7·10⁻¹² near 32768, hundreds of units in the last place of e. A real step that
    /// small (floor(x) + 10¹⁵) is left out.
    static func stepNoise(_ a: Double, _ b: Double, at x: Double) -> Double {
        max(1e-10 * max(abs(a), abs(b)), 64 * x.ulp)
    }

    /// The rounding noise of sample k: of its value, or of what it was computed from (`scales`).
    func noise(at k: Int) -> Double {
        Self.roundingNoise(ys[k], k < scales.count && !scales[k].isNaN ? scales[k] : 0)
    }

}
