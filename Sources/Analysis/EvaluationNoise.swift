/// The rounding noise in a function's computed values near a point, measured from the values
/// themselves, as Moré and Wild do ("Estimating computational noise", SIAM J. Sci. Comput. 33,
/// 2011): f at 12 points a tiny step apart, whose smooth part has no higher differences to speak
/// of, and whose rounding errors are independent. The k-th differences of noise of standard
/// deviation σ have mean square σ²·(2k)!/(k!)², so each order's differences give σ; they agree,
/// and change sign, only where the values are noise.
///
/// The expanded (x − 1)¹⁰ near 1 is all noise: its terms reach 252 and cancel to 10⁻¹³, its
/// rounding about 4·10⁻¹⁴ (σ) while its true value there is smaller still; the expanded W₁₀ near
/// 9.7 has terms of 10¹¹ and noise of 10⁻⁵. Four units in the last place of the value say nothing
/// of either.
enum EvaluationNoise {
    /// How many points are evaluated for one measurement.
    static let points = 12

    /// How far apart values may lie from the noise alone: 8 standard deviations (the difference
    /// of two noisy values has √2 of one; a bisection that follows the larger of two noisy halves
    /// ends at the extremes of the noise, 4 or 5 of them).
    static let spread = 8.0

    /// The standard deviation of f's noise at `x` and `points − 1` steps of `step` from it, or nil
    /// when f is undefined there or its values do not look like noise (a smooth function whose
    /// differences shrink or grow with their order, or keep one sign). 0 when they are all alike.
    static func standardDeviation(of f: (Double) -> Double?, from x: Double, step: Double) -> Double? {
        var values = [Double]()
        for k in 0..<points {
            guard let y = f(x + Double(k) * step), y.isFinite else { return nil }
            values.append(y)
        }
        return standardDeviation(of: values)
    }

    /// The noise's standard deviation from `values` at evenly spaced points; nil when they do not
    /// look like noise.
    static func standardDeviation(of values: [Double]) -> Double? {
        guard let first = values.first, values.contains(where: { $0 != first }) else { return values.isEmpty ? nil : 0 }
        var differences = values
        var levels = [Double](), signChanges = [Int]()
        var factor = 1.0  // (k!)² / (2k)!
        for k in 1...6 {
            differences = zip(differences.dropFirst(), differences).map { $0 - $1 }
            factor *= Double(k) / Double(2 * (2 * k - 1))
            let meanSquare = differences.reduce(0) { $0 + $1 * $1 } / Double(differences.count)
            levels.append((factor * meanSquare).squareRoot())
            signChanges.append(zip(differences.dropFirst(), differences).filter { $0 * $1 < 0 }.count)
        }
        // From the third order up, where a smooth slope has left the differences: three orders
        // in a row within a factor 4 of each other, each changing sign.
        for k in 2...3 {
            let three = levels[k...(k + 2)]
            guard let low = three.min(), let high = three.max(), low > 0 else { continue }
            if high <= 4 * low, signChanges[k...(k + 2)].allSatisfy({ $0 >= 2 }) { return high }
        }
        return nil
    }
}

extension CurveScan {
    /// The step between the points of a noise measurement at x: a 10⁷th of the samples' spacing,
    /// over which a curve the samples resolve changes by nothing its noise would not hide, or 32
    /// units in the last place of x, so the points' roundings differ.
    func noiseStep(at x: Double) -> Double {
        max(spacing * 1e-7, 32 * x.ulp)
    }

    /// How far apart f's values near `x` may lie from its rounding noise alone, measured on the
    /// side `direction` (−1 or 1) of it, or on both (0); 0 where the values do not look like noise.
    func measuredNoise(at x: Double, direction: Double = 0) -> Double {
        let step = noiseStep(at: x)
        let start = direction == 0 ? x - step * Double(EvaluationNoise.points - 1) / 2
            : direction < 0 ? x - step * Double(EvaluationNoise.points - 1) : x
        let deviation = EvaluationNoise.standardDeviation(of: f.callAsFunction, from: start, step: step)
        return EvaluationNoise.spread * (deviation ?? 0)
    }
}
