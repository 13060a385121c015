import Raster

extension CurveScan {
    /// A stretch of samples whose ups and downs are f's rounding noise, not an oscillation: the
    /// expanded (x − 1)¹⁰ is terms up to 252 cancelling to less than 10⁻¹³ within 0.05 of 1, so
    /// its samples there are noise of 3·10⁻¹³ about 0, turning on nearly every sample.
    struct NoiseFloor {
        /// The first and last sample of the stretch.
        var first: Int
        var last: Int
        /// How far apart f's values there may lie from the noise alone (`measuredNoise`).
        var noise: Double
        /// The level the values lie about: 0 where they reach within the noise of it, else their middle.
        var level: Double
    }

    /// The noise floors among the samples that turn on nearly every sample (`unresolved`): each
    /// run of them where f's measured noise covers every value's distance from their middle,
    /// widened to the samples beside it that lie as close. Runs whose values are not noise
    /// (sin(1/x) near 0, smooth at the noise measurement's tiny steps) stay unresolved.
    func noiseFloors(among unresolved: [Bool]) -> [NoiseFloor] {
        var floors = [NoiseFloor]()
        var start = 0
        while start < unresolved.count {
            guard unresolved[start] else { start += 1; continue }
            var end = start
            while end + 1 < unresolved.count, unresolved[end + 1] { end += 1 }
            defer { start = end + 1 }
            let values = ys[start...end]
            guard !values.contains(where: \.isNaN), let low = values.min(), let high = values.max() else { continue }
            // Noise turns the samples by no more than itself; f's own course may carry them
            // further, slowly (the expanded (x − 1)¹⁰ rises to 3·10⁻¹³ at the stretch's ends).
            let noise = measuredNoise(at: xs[(start + end) / 2])
            let largestStep = zip(values, values.dropFirst()).map { abs($1 - $0) }.max() ?? 0
            guard noise > 0, largestStep <= 2 * noise else { continue }
            let level = low <= noise && high >= -noise ? 0 : low / 2 + high / 2
            var floor = NoiseFloor(first: start, last: end, noise: noise, level: level)
            while floor.first > 0, abs(ys[floor.first - 1] - level) <= noise { floor.first -= 1 }
            while floor.last < ys.count - 1, abs(ys[floor.last + 1] - level) <= noise { floor.last += 1 }
            floors.append(floor)
        }
        return floors
    }

    /// What a noise floor holds, said from the samples beside it: a root where it lies about 0
    /// between values of opposite signs; a minimum (maximum) where the values beside it are above
    /// (below) it by more than the noise, which is also a root where it lies about 0. Each is at
    /// the middle of the stretch where f is within the noise of the floor's level, rounded to the
    /// digits that stretch knows: a root of even order is the middle of the values too small to
    /// tell from 0 around it. Nothing where the floor meets an end of the range (the stretch's
    /// middle is not seen: the floor alone is said) or an undefined value, or f goes on through
    /// it the same way.
    func classify(_ floor: NoiseFloor, into found: inout Findings) {
        guard floor.first > 0, floor.last < ys.count - 1 else {
            found.noiseFloors.append(xs[max(floor.first - 1, 0)]...xs[min(floor.last + 1, xs.count - 1)])
            return
        }
        let left = ys[floor.first - 1], right = ys[floor.last + 1]
        guard !left.isNaN, !right.isNaN else { return }
        let aroundZero = floor.level == 0
        let isMinimum = left > floor.level + floor.noise && right > floor.level + floor.noise
        let isMaximum = left < floor.level - floor.noise && right < floor.level - floor.noise
        let crossesZero = aroundZero && (left < 0) != (right < 0)
        guard isMinimum || isMaximum || crossesZero, let x = middle(of: floor), let y = f(x) else { return }
        // About 0, y's value is noise: 0 is as near the truth as any, and the root says it.
        let value = aroundZero ? 0 : y
        if isMinimum { found.minima.append(GraphPoint(x: x, y: value)) }
        if isMaximum { found.maxima.append(GraphPoint(x: x, y: value)) }
        if aroundZero { found.roots.append(x) }
        found.noiseFloors.append(xs[floor.first - 1]...xs[floor.last + 1])
    }

    /// The middle of the stretch around `floor` where f is within its noise of its level, its edges
    /// bisected between the floor's outer samples and those beside them, rounded to the coarsest
    /// decimal unit whose rounding stays within the stretch's middle half; nil where f is
    /// undefined at the rounded x.
    private func middle(of floor: NoiseFloor) -> Double? {
        let holds = { (x: Double) in f(x).map { abs($0 - floor.level) <= floor.noise } ?? false }
        let precision = spacing * 1e-6
        let low = Bisection.lastHolding(from: xs[floor.first], toward: xs[floor.first - 1], precision: precision, holds).inside
        let high = Bisection.lastHolding(from: xs[floor.last], toward: xs[floor.last + 1], precision: precision, holds).inside
        let middle = low / 2 + high / 2, half = high / 2 - low / 2
        guard half > 0 else { return f(middle) == nil ? nil : middle }
        var exponent = Int(TickLadder.log10Floor(half))
        for _ in 0..<8 {
            let x = RoundNumber.rounded(middle, toPowerOfTen: exponent)
            if abs(x - middle) <= half / 2, f(x) != nil { return x }
            exponent -= 1
        }
        return f(middle) == nil ? nil : middle
    }
}
