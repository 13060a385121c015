import Raster

/// Extremes of 0 that f reaches only by rounding: eˣ is never 0, yet every sample of it left of
/// −745.13 is. Such a 0 is no extremum of f; where nothing else is as extreme, the statistics say
/// where f underflows instead (`underflowBelow`, `underflowAbove`).
extension GraphStatistics {
    /// The samples an extreme was chosen among: their x's and f's finite values there.
    struct SampledValues {
        var xs: [Double]
        var values: [Double?]
        /// The samples' spacing, for the refinement's pole search.
        var spacing: Double
        /// f at 0, when 0 is in the range.
        var valueAtZero: Double?
    }

    /// Settles a minimum (`below`) or maximum of 0 that is 0 only because f's value underflowed.
    ///
    /// Another sample, or x = 0, whose value did not underflow and that refines to as extreme a
    /// value (a 0 that f truly takes, x²·eˣ at 0) is the extremum instead. Otherwise none is said,
    /// and the underflow is, at the edge of the stretch where f underflows nearest the extremum
    /// (eˣ: −1075·ln 2), or at the extremum when f underflows at every sample.
    mutating func settleUnderflow(below: Bool, of f: (Double) -> Double?, sampled: SampledValues) {
        guard let extremum = below ? minimum : maximum, extremum.y == 0,
              Underflow.makesZero(f, at: extremum.x) else { return }
        let direction: Double = below ? 1 : -1
        if let other = Self.trueExtreme(of: f, direction: direction, sampled: sampled) {
            if below { minimum = other } else { maximum = other }
            return
        }
        let edge = Self.underflowEdge(of: f, from: extremum.x, sampled: sampled)
        if below {
            minimum = nil
            underflowBelow = edge
        } else {
            maximum = nil
            underflowAbove = edge
        }
    }

    /// An extremum as extreme as 0 (least when `direction` is 1, greatest when −1) that f truly
    /// reaches, where one of its values did not underflow: at 0, or refined from one of the
    /// samples' own local extremes, the most extreme first. (x − 0.3)²·eˣ over [−5000, 1] is 0 at
    /// 0.3 alone, between the samples, while its smallest sampled value that did not underflow is
    /// 5e-299 at −745, still falling toward the underflow. Nil when none reaches 0.
    private static func trueExtreme(of f: (Double) -> Double?, direction: Double,
                                    sampled: SampledValues) -> Extremum? {
        // A 0 that f takes at 0 (x²·eˣ) needs no refining, and may lie between the samples.
        if sampled.valueAtZero == 0, !Underflow.makesZero(f, at: 0) { return Extremum(x: 0, y: 0) }
        let xs = sampled.xs, values = sampled.values
        func isLocalExtreme(_ index: Int) -> Bool {
            guard let y = values[index], y != 0 || !Underflow.makesZero(f, at: xs[index]) else { return false }
            return [index - 1, index + 1].allSatisfy { other in
                !values.indices.contains(other) || values[other].map { direction * y <= direction * $0 } ?? true
            }
        }
        let candidates = values.indices.filter(isLocalExtreme)
            .sorted { direction * (values[$0] ?? 0) < direction * (values[$1] ?? 0) }
        for index in candidates.prefix(16) {
            let bracket = xs[max(index - 1, 0)]...xs[min(index + 1, xs.count - 1)]
            // Refined as a largest value: of f for a maximum, of −f for a minimum.
            let outcome = withoutActuallyEscaping(f) { f in
                ExtremumRefiner(f: { f($0).map { -direction * $0 } }, bracket: bracket, spacing: 2 * sampled.spacing)
                    .largest(sampled: Extremum(x: xs[index], y: -direction * (values[index] ?? 0)))
            }
            guard case .value(let refined) = outcome else { continue }
            let y = -direction * refined.y
            if direction * y <= 0, y != 0 || !Underflow.makesZero(f, at: refined.x) { return Extremum(x: refined.x, y: y) }
        }
        return nil
    }

    /// Where the stretch of underflowed zeros around `x` ends toward the nearest sample (or 0) whose
    /// value is not 0: the last x where f is still 0, by bisection; `x` itself when f is 0 at every
    /// sample. e^(−x²) over ±10⁶ is 0 at every sample but 0 itself.
    private static func underflowEdge(of f: (Double) -> Double?, from x: Double, sampled: SampledValues) -> Double {
        var nonzero = sampled.xs.indices.compactMap { sampled.values[$0].map { $0 != 0 } == true ? sampled.xs[$0] : nil }
        if let value = sampled.valueAtZero, value != 0 { nonzero.append(0) }
        guard let nearest = nonzero.min(by: { abs($0 - x) < abs($1 - x) }) else { return x }
        return Bisection.lastHolding(from: x, toward: nearest) { f($0) == 0 }.inside
    }
}
