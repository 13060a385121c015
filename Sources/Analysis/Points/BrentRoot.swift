import Raster

/// Brent's method for a root of a function between two values of opposite sign.
enum BrentRoot {
    /// Where the search ended.
    enum Outcome: Equatable {
        /// `x` has the smaller |f| of the last bracket; `other` is its far end, of the opposite
        /// sign (equal to `x` when f(x) is exactly 0). The bracket is a few units in the last place wide.
        case converged(x: Double, other: Double)
        /// An iterate landed where f is undefined: a pole, a hole or a gap in the domain.
        case undefined(at: Double)
    }

    /// Narrows `a...b`, where f(a) = `fa` and f(b) = `fb` have opposite signs, with inverse quadratic
    /// interpolation, secant steps and bisection (Brent 1973), to a few units in the last place.
    /// At most `iterations` evaluations; `near0` is how close to 0 is close enough, where units in
    /// the last place vanish (1e-300 for a range whose samples lie far further apart than that).
    static func search(_ f: (Double) -> Double?, _ a0: Double, _ fa0: Double, _ b0: Double, _ fb0: Double,
                       iterations: Int = 200, near0: Double = 1e-300) -> Outcome {
        var a = a0, fa = fa0, b = b0, fb = fb0
        var c = a, fc = fa, d = b - a, e = d
        for _ in 0..<iterations {
            if (fb > 0) == (fc > 0), fc != 0 {
                c = a; fc = fa; d = b - a; e = d
            }
            if abs(fc) < abs(fb) {
                a = b; b = c; c = a
                fa = fb; fb = fc; fc = fa
            }
            let tolerance = 2 * Double.ulpOfOne * abs(b) + near0
            let middle = (c - b) / 2
            if abs(middle) <= tolerance || fb == 0 { break }
            if abs(e) >= tolerance, abs(fa) > abs(fb) {
                let s = fb / fa
                var p: Double, q: Double
                if a == c {
                    p = 2 * middle * s
                    q = 1 - s
                } else {
                    let qa = fa / fc, r = fb / fc
                    p = s * (2 * middle * qa * (qa - r) - (b - a) * (r - 1))
                    q = (qa - 1) * (r - 1) * (s - 1)
                }
                if p > 0 { q = -q } else { p = -p }
                if 2 * p < min(3 * middle * q - abs(tolerance * q), abs(e * q)) {
                    e = d; d = p / q
                } else {
                    d = middle; e = middle
                }
            } else {
                d = middle; e = middle
            }
            a = b; fa = fb
            b += abs(d) > tolerance ? d : (middle > 0 ? tolerance : -tolerance)
            guard let y = f(b), y.isFinite else { return .undefined(at: b) }
            fb = y
        }
        if fb == 0 { return .converged(x: b, other: b) }
        let (best, value) = leastMagnitude(f, from: min(b, c), to: max(b, c), start: b, value: fb)
        return .converged(x: best, other: value == 0 ? best : c)
    }

    /// The double of `low...high` where |f| is least, `start` (whose value is `value`) when none is
    /// less; nil-valued doubles are passed over. The search stops within a few units in the last
    /// place, not at the best double: x − 1/3 ended at 0.33333333333333326, one below the double
    /// nearest 1/3, where f is exactly 0. At most `limit` doubles are tried; a wider bracket (one
    /// `near0` wide, beside 0) keeps `start`.
    static func leastMagnitude(_ f: (Double) -> Double?, from low: Double, to high: Double, start: Double, value: Double,
                               limit: Int = 32) -> (x: Double, value: Double) {
        var best = (x: start, value: value)
        var x = low, tried = 0
        while x <= high, tried < limit {
            tried += 1
            if x != start, let y = f(x), y.isFinite, abs(y) < abs(best.value) { best = (x, y) }
            x = x.nextUp
        }
        return x > high ? best : (start, value)
    }
}
