import Raster

extension CurveScan {
    /// Samples higher (or lower) than both neighbours, a pair of equal samples counting as one,
    /// refined to the extremum (or pole) between the neighbours; a minimum or maximum at 0 is also
    /// a root where the curve stays near 0 beside it (not at an isolated zero). Extrema at the
    /// ends of the range are not local extrema and are left out.
    func findExtrema(skipping unresolved: [Bool], into found: inout Findings) {
        let n = xs.count
        var i = 1
        while i < n - 1 {
            let y = ys[i]
            var j = i
            if j + 1 < n, ys[j + 1] == y { j += 1 }
            defer { i = j + 1 }
            guard !y.isNaN, j + 1 < n, case let left = ys[i - 1], case let right = ys[j + 1],
                  !left.isNaN, !right.isNaN, right != y else { continue }
            let isMaximum = left < y && right < y, isMinimum = left > y && right > y
            guard isMaximum || isMinimum, !unresolved[(i - 1)...(j + 1)].contains(true) else { continue }
            if f.isExhausted { found.isTruncated = true; return }
            let sign: Double = isMaximum ? 1 : -1
            let counter = f
            // f's own noise, measured: the expanded W₁₀'s near 9.7 is 10⁻⁴, ten million units in
            // the last place of its minimum −42900.9.
            let measured = measuredNoise(at: xs[i])
            let refiner = ExtremumRefiner(f: { counter($0).map { sign * $0 } }, bracket: xs[i - 1]...xs[j + 1],
                                          spacing: 2 * (xs[1] - xs[0]), noise: measured)
            switch refiner.largest(sampled: GraphStatistics.Extremum(x: xs[i], y: sign * y)) {
            case .pole:
                // Located again: the refiner rounds a pole to display precision.
                let magnitude = { (x: Double) in counter(x).map(abs) }
                if let peak = GoldenSection.maximize(magnitude, in: xs[i - 1], xs[j + 1]) {
                    let width = max(8 * peak.x.ulp, (xs[j + 1] - xs[i - 1]) * 1e-15)
                    found.roughPoles.append(ShortestDecimal.within((peak.x - width)...(peak.x + width)))
                }
            case .overflow:
                // Where y leaves Double's range: its largest Double is no extremum.
                continue
            case .hole:
                // Tending to its top where it is undefined (sin x / x at 0): attained nowhere.
                continue
            case .value(let extremum):
                // Not at the range's ends, nor where y leaves Double's range (beside an overflow),
                // nor a turn of rounding noise: above both neighbours by more than it (sign · f).
                guard extremum.x > xs[0], extremum.x < xs[n - 1], abs(extremum.y) < 1e300,
                      min(extremum.y - sign * left, extremum.y - sign * right)
                        > max(Self.roundingNoise(extremum.y, max(abs(left), abs(right))), noise(at: i), measured)
                else { continue }
                let point = GraphPoint(x: extremum.x, y: sign * extremum.y)
                // f a thousandth of a spacing either side, read by both tests below.
                let step = (xs[1] - xs[0]) / 1000
                let sides = (f(point.x - step), f(point.x + step))
                guard approaches(point.y, at: point.x, from: sides, noise: measured) else { continue }
                if isMaximum { found.maxima.append(point) } else { found.minima.append(point) }
                // Small beside its neighbours, and beside f a thousandth of a spacing away: Γ's
                // minimum 0.8856 between samples of 10¹¹ (Γ(1 + mod(cot x, sec 1.5))) is no root.
                let scale = max(abs(left), abs(right))
                let beside = max(abs(sides.0 ?? 0), abs(sides.1 ?? 0))
                if point.y == 0 || (abs(point.y) <= 1e-10 * scale && abs(point.y) <= 1e-6 * beside),
                   staysNearZero(beside: point.x, scale: scale) {
                    found.roots.append(point.x)
                }
            }
        }
    }

    /// Whether f is continuous at `x`, where it is `y`: on each side where it is defined, no
    /// further from `y` a millionth of a spacing away than a thousandth away (`sides`, f there on
    /// the left and the right), rounding aside. An
    /// extremum has to be where f is; the bound of a stretch met at a jump or a one-sided pole is
    /// not (`noise`, f's measured noise, aside too). −1.42/((9 mod x)·x) falls monotonically between poles at 9/k that lie closer together
    /// than the samples near 0, so the refiner's largest value in a bracket is met where a stretch
    /// begins, beside the pole that ends the one before.
    func approaches(_ y: Double, at x: Double, from sides: (Double?, Double?), noise: Double = 0) -> Bool {
        let step = xs[1] - xs[0]
        for (direction, far) in [(-1.0, sides.0), (1.0, sides.1)] {
            guard let far, let near = f(x + direction * step * 1e-6) else { continue }
            if abs(near - y) > abs(far - y) + max(Self.roundingNoise(y, max(abs(far), abs(near))), noise) { return false }
        }
        return true
    }

    /// For each sample, whether the samples around it turn up and down so often (4 turns in 9
    /// samples) that the function varies faster than they resolve.
    func unresolvedSamples() -> [Bool] {
        let n = ys.count
        // A change within rounding noise is none: a flat asymptote's values (x/√(x² + 1) at 10⁸)
        // turn up and down by a unit in the last place without oscillating.
        func direction(_ k: Int) -> Int {
            let change = ys[k + 1] - ys[k]
            guard abs(change) > max(noise(at: k), noise(at: k + 1)) else { return 0 }
            return change > 0 ? 1 : -1
        }
        var turns = [Int](repeating: 0, count: n + 1)  // prefix sums
        var previous = 0
        for k in 0..<n {
            var turn = 0
            if k + 1 < n {
                let next = direction(k)
                if previous != 0, next != 0, next != previous { turn = 1 }
                if next != 0 { previous = next }
                if ys[k + 1].isNaN { previous = 0 }
            }
            turns[k + 1] = turns[k] + turn
        }
        var unresolved = [Bool](repeating: false, count: n)
        let half = 4
        for k in 0..<n {
            let low = max(k - half, 0), high = min(k + half, n - 1)
            if turns[high + 1] - turns[low] >= 4 {
                for m in low...high { unresolved[m] = true }
            }
        }
        return unresolved
    }
}

extension CurveScan.Findings {
    /// Each list sorted by x, with points found twice (a pole from both sides) kept once, and
    /// nothing kept at a pole or jump but the pole or jump; poles and jumps at the range's ends,
    /// whose other side is not seen, are left out.
    func tidied(spacing: Double, range: ClosedRange<Double>) -> Self {
        var tidy = self
        let inside = { (x: Double) in x > range.lowerBound && x < range.upperBound }
        // A pole found from both its sides is one, but two poles may lie closer than the samples'
        // spacing across a gap in the domain (x/√(x² − 0.01) at ±0.1): merged within a millionth of it.
        let precise = Self.merged(poles.map { ShortestDecimal.near($0, spacing: spacing) }, within: spacing * 1e-6)
        let rough = Self.merged(roughPoles, within: spacing).filter { !Self.near($0, precise, spacing) }
        tidy.poles = (precise + rough).sorted().filter(inside)
        tidy.roughPoles = []
        tidy.jumps = Self.merged(jumps.map { ShortestDecimal.near($0, spacing: spacing) }, within: spacing * 1e-6)
            .filter { inside($0) && !Self.near($0, tidy.poles, spacing) }
        let discontinuities = tidy.poles + tidy.jumps
        tidy.holes = Self.merged(holes, within: spacing * 1e-6).filter { inside($0.x) && !Self.near($0.x, discontinuities, spacing * 1e-6) }
        tidy.roots = Self.merged(roots, within: spacing * 1e-6).filter { !Self.near($0, discontinuities, spacing * 1e-6) }
        tidy.maxima = Self.merged(maxima, within: spacing * 1e-6).filter { !Self.near($0.x, discontinuities, spacing * 1e-3) }
        tidy.minima = Self.merged(minima, within: spacing * 1e-6).filter { !Self.near($0.x, discontinuities, spacing * 1e-3) }
        return tidy
    }

    private static func near(_ x: Double, _ places: [Double], _ distance: Double) -> Bool {
        places.contains { abs($0 - x) <= distance }
    }

    private static func merged(_ xs: [Double], within distance: Double) -> [Double] {
        var result = [Double]()
        for x in xs.sorted() where result.last.map({ x - $0 > distance }) ?? true { result.append(x) }
        return result
    }

    private static func merged(_ points: [GraphPoint], within distance: Double) -> [GraphPoint] {
        var result = [GraphPoint]()
        for point in points.sorted(by: { $0.x < $1.x }) where result.last.map({ point.x - $0.x > distance }) ?? true {
            result.append(point)
        }
        return result
    }
}
