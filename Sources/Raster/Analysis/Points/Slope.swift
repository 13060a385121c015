/// dy/dx of a function at a point, by Ridders' method: central differences over shrinking steps,
/// extrapolated to step 0 (Richardson), with the error estimate that picks the best.
public enum Slope {
    /// The slope of `f` at `x`, accurate to about 1e-8 relative; nil where f is undefined, at a
    /// pole, at a corner (|x| at 0, where the slopes from the left and the right differ), or where
    /// the estimate does not settle, or where steps that fine are not resolved around x (sin at
    /// 10³⁰⁸). `scale` is a width over which f is smooth (a hundredth of the visible range, say);
    /// the first step is that wide and shrinks tenfold when f is not.
    public static func at(_ x: Double, of f: (Double) -> Double?, scale: Double) -> Double? {
        guard x.isFinite, scale.isFinite, scale > 0, let y = f(x), y.isFinite else { return nil }
        if PoleTest.directions(of: f, near: x, width: scale) != nil { return nil }
        var best: (value: Double, error: Double)?
        var step = scale
        for _ in 0..<6 {
            if let estimate = ridders(f, at: x, step: step), estimate.error < best?.error ?? .infinity { best = estimate }
            if let best, best.error <= 1e-10 * max(abs(best.value), 1) { break }
            step /= 10
        }
        guard let best, best.error <= 1e-7 * max(abs(best.value), 1) else { return nil }
        if isCorner(f, at: x, y: y, slope: best.value, scale: scale) { return nil }
        return best.value
    }

    /// One Ridders tableau from `step`, shrinking 1.4 times a row; nil when f is undefined on it.
    static func ridders(_ f: (Double) -> Double?, at x: Double, step: Double) -> (value: Double, error: Double)? {
        let shrink = 1.4, shrinkSquared = shrink * shrink, size = 10
        var table = [[Double]](repeating: [Double](repeating: 0, count: size), count: size)
        // A step of a few units in the last place of x is mostly rounding (at 10³⁰⁸ x ± 0.2 is x
        // itself, and every difference 0): no estimate from it, and the quotient is over the
        // arguments' own distance, not 2h.
        let finest = 64 * x.ulp
        func central(_ h: Double) -> Double? {
            guard h >= finest, let right = f(x + h), let left = f(x - h), right.isFinite, left.isFinite else { return nil }
            return (right - left) / ((x + h) - (x - h))
        }
        var h = step
        guard let first = central(h) else { return nil }
        table[0][0] = first
        var result = (value: first, error: Double.greatestFiniteMagnitude)
        for i in 1..<size {
            h /= shrink
            guard let next = central(h) else { break }
            table[0][i] = next
            var factor = shrinkSquared
            for j in 1...i {
                table[j][i] = (table[j - 1][i] * factor - table[j - 1][i - 1]) / (factor - 1)
                factor *= shrinkSquared
                let error = max(abs(table[j][i] - table[j - 1][i]), abs(table[j][i] - table[j - 1][i - 1]))
                if error <= result.error { result = (table[j][i], error) }
            }
            if abs(table[i][i] - table[i - 1][i - 1]) >= 2 * result.error { break }
        }
        return result.error.isFinite && result.value.isFinite ? result : nil
    }

    /// Whether the one-sided difference quotients disagree, and keep disagreeing as the step
    /// shrinks tenfold: a smooth curve's disagreement shrinks with the step (f'' h), a corner's stays.
    private static func isCorner(_ f: (Double) -> Double?, at x: Double, y: Double, slope: Double, scale: Double) -> Bool {
        func asymmetry(_ h: Double) -> Double? {
            guard let right = f(x + h), let left = f(x - h) else { return nil }
            return abs((right - y) / h - (y - left) / h)
        }
        let h = max(scale * 1e-4, abs(x) * 1e-7)
        guard let wide = asymmetry(h), let narrow = asymmetry(h / 10) else { return true }
        return narrow > 1e-6 * max(abs(slope), 1) && narrow > 0.5 * wide
    }
}
