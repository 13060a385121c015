import Raster

extension PointsOfInterest {
    /// Where two curves f and g meet, from the roots of their `difference`.
    ///
    /// Each is moved to the shortest decimal within the precision a touching root is found to
    /// (1.5·10⁻⁸ of x, or of the samples' `spacing`) where the difference is no larger: x² and
    /// 2x − 1 touch at 1, which the minimum of their difference put at 1.000000002, beside the 1
    /// of a sample that landed on it. Those that then coincide are one. None is where either curve
    /// is undefined at the shortest decimal beside it: a hole is no point of its curve, and
    /// sin(x)/x "met" 1 at 5e-324, beside its hole at 0, where only its limit is 1.
    static func meetings(of f: (Double) -> Double?, and g: (Double) -> Double?, at roots: [Double],
                         difference: (Double) -> Double?, spacing: Double) -> [Double] {
        var result = [Double]()
        for root in roots.sorted() {
            guard let there = difference(root) else { continue }
            let width = 1.5e-8 * max(abs(root), spacing)
            let candidate = ShortestDecimal.within((root - width)...(root + width))
            let x = difference(candidate).map { abs($0) <= abs(there) } == true ? candidate : root
            let beside = ShortestDecimal.near(x, spacing: spacing)
            guard f(beside) != nil, g(beside) != nil else { continue }
            if let last = result.last, abs(x - last) <= width { continue }
            result.append(x)
        }
        return result
    }
}
