import Raster

/// dy/dx of a function at a point, by Ridders' method: central differences over shrinking steps,
/// extrapolated to step 0 (Richardson), with the error estimate that picks the best.
public enum Slope {
    /// The slope of `f` at `x`, accurate to about 1e-8 relative; nil where f is undefined, at a
    /// pole, at a corner (|x| at 0, where the slopes from the left and the right differ), or where
    /// the estimate does not settle, or where steps that fine are not resolved around x (sin at
    /// 10³⁰⁸).
    ///
    /// The first step is a hundredth of |x|, x's own scale, and shrinks tenfold while the estimate
    /// is not settled, down to steps of a few units in the last place of x; the best estimate is
    /// kept. So the slope depends on f and x only, never on the view: a step from the view's width
    /// was too fine for x² at 10¹² (all rounding) or too wide for 1/x at 10⁻⁵ (across its pole).
    /// `scale`, a width over which f is smooth (a hundredth of the visible range, say), is the
    /// first step at 0 only, which has no scale of its own.
    public static func at(_ x: Double, of f: (Double) -> Double?, scale: Double) -> Double? {
        guard x.isFinite, scale.isFinite, scale > 0, let y = f(x), y.isFinite else { return nil }
        let first = x == 0 ? scale : abs(x) / 100
        if PoleTest.directions(of: f, near: x, width: first) != nil { return nil }
        var best: (estimate: Estimate, step: Double)?
        var step = first
        while step >= 64 * x.ulp, step > 0 {
            if let estimate = ridders(f, at: x, step: step), estimate.score < best?.estimate.score ?? .infinity {
                best = (estimate, step)
            }
            if let best, best.estimate.isSettled { break }
            step /= 10
        }
        guard let best, best.estimate.score <= 1 else { return nil }
        if isCorner(f, at: x, y: y, slope: best.estimate.value, step: best.step / 100) { return nil }
        return best.estimate.value
    }

    /// A slope from one Ridders tableau, how far it may be off, and how much of that rounding
    /// alone makes: a unit in the last place of the largest |f| it was computed from, over the
    /// step (sin at its maximum has a slope of 6·10⁻¹⁷, known to about 10⁻¹⁴).
    struct Estimate {
        var value: Double, error: Double, noise: Double

        /// The error over what is accepted: 10⁻⁷ of the slope, or 64 times the rounding noise.
        /// Steps far wider than f is smooth give tiny slopes that do not settle (sin at 10¹⁷ over
        /// steps of 10¹⁵): their error, small beside 1, is large beside their noise.
        var score: Double { error / max(1e-7 * abs(value), 64 * noise) }

        /// Whether smaller steps cannot do better: within 10⁻¹⁰ of the slope, or of its noise.
        var isSettled: Bool { error <= max(1e-10 * abs(value), 4 * noise) }
    }

    /// One Ridders tableau from `step`, shrinking 1.4 times a row; nil when f is undefined on it.
    static func ridders(_ f: (Double) -> Double?, at x: Double, step: Double) -> Estimate? {
        let shrink = 1.4, shrinkSquared = shrink * shrink, size = 10
        var table = [[Double]](repeating: [Double](repeating: 0, count: size), count: size)
        // A step of a few units in the last place of x is mostly rounding (at 10³⁰⁸ x ± 0.2 is x
        // itself, and every difference 0): no estimate from it, and the quotient is over the
        // arguments' own distance, not 2h.
        let finest = 64 * x.ulp
        var largest = 0.0
        func central(_ h: Double) -> Double? {
            guard h >= finest, let right = f(x + h), let left = f(x - h), right.isFinite, left.isFinite else { return nil }
            largest = max(largest, abs(right), abs(left))
            return (right - left) / ((x + h) - (x - h))
        }
        var h = step
        guard let first = central(h) else { return nil }
        table[0][0] = first
        var result = Estimate(value: first, error: .greatestFiniteMagnitude, noise: 0)
        for i in 1..<size {
            h /= shrink
            guard let next = central(h) else { break }
            table[0][i] = next
            var factor = shrinkSquared
            for j in 1...i {
                table[j][i] = (table[j - 1][i] * factor - table[j - 1][i - 1]) / (factor - 1)
                factor *= shrinkSquared
                let error = max(abs(table[j][i] - table[j - 1][i]), abs(table[j][i] - table[j - 1][i - 1]))
                if error <= result.error { result = Estimate(value: table[j][i], error: error, noise: largest.ulp / h) }
            }
            if abs(table[i][i] - table[i - 1][i - 1]) >= 2 * result.error { break }
        }
        return result.error.isFinite && result.value.isFinite ? result : nil
    }

    /// Whether the one-sided difference quotients disagree, and keep disagreeing as the step
    /// shrinks tenfold: a smooth curve's disagreement shrinks with the step (f'' h), a corner's
    /// stays. Each quotient is over the arguments' own distance from x, which is not h where h is
    /// not a whole number of units in the last place of x (x + 10⁻⁴ at 10⁸).
    private static func isCorner(_ f: (Double) -> Double?, at x: Double, y: Double, slope: Double, step: Double) -> Bool {
        func asymmetry(_ h: Double) -> Double? {
            let above = x + h, below = x - h
            guard above > x, below < x, let right = f(above), let left = f(below) else { return nil }
            return abs((right - y) / (above - x) - (y - left) / (x - below))
        }
        let h = max(step, 1024 * x.ulp)
        guard let wide = asymmetry(h), let narrow = asymmetry(h / 10) else { return true }
        return narrow > 1e-6 * max(abs(slope), 1) && narrow > 0.5 * wide
    }
}
