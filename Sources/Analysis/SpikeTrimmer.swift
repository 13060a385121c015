import Raster

/// Tells the spikes of a curve beside its poles from the curve itself, for zoom to fit.
///
/// Samples far outside the bulk of the values (beyond half the 5–95% spread outside that window)
/// are only candidates. Neighbouring candidates on one side of the window form a run, and a run is
/// trimmed only when its most extreme sample sits beside a pole (`ExtremumRefiner`, `PoleTest`):
/// |f| keeps growing towards a point. A steep tail that ends at the edge of the range (exp, x⁹),
/// or a tall but bounded peak, is part of the curve and kept.
struct SpikeTrimmer {
    /// One finite sample.
    struct Sample {
        var x: Double
        var y: Double
    }

    /// The x-range sampled.
    let xRange: ClosedRange<Double>
    /// How many evenly spaced x were sampled (finite or not).
    let count: Int
    /// The finite samples, in increasing x.
    var samples = [Sample]()

    /// At most this many runs are checked for poles; any further ones are trimmed unchecked, so a
    /// wildly oscillating function costs a bounded number of evaluations.
    static let checkedRuns = 64

    init(xRange: ClosedRange<Double>, count: Int) {
        self.xRange = xRange
        self.count = count
    }

    /// The smallest and largest value of the samples that are not spikes beside poles, or nil
    /// when there are no samples.
    func keptBounds(of f: @escaping (Double) -> Double?) -> (low: Double, high: Double)? {
        guard !samples.isEmpty else { return nil }
        var sorted = samples.map(\.y)
        sorted.sort()
        let p5 = sorted[(sorted.count - 1) * 5 / 100], p95 = sorted[(sorted.count - 1) * 95 / 100]
        let slack = p95 / 2 - p5 / 2  // half the spread; bounds beyond ±max are harmless here
        let bottom = p5 - slack, top = p95 + slack
        func side(_ y: Double) -> Int { y > top ? 1 : y < bottom ? -1 : 0 }
        var keep = [Bool](repeating: true, count: samples.count)
        var checked = 0, start = 0
        while start < samples.count {
            let runSide = side(samples[start].y)
            var end = start + 1
            while end < samples.count, side(samples[end].y) == runSide { end += 1 }
            if runSide != 0 {
                let isSpike = checked >= Self.checkedRuns || endsAtPole(f, run: start..<end, upward: runSide > 0)
                checked += 1
                if isSpike { for i in start..<end { keep[i] = false } }
            }
            start = end
        }
        // The bounds of the kept samples, without gathering them.
        var low = Double.infinity, high = -Double.infinity
        for (index, sample) in samples.enumerated() where keep[index] {
            low = min(low, sample.y)
            high = max(high, sample.y)
        }
        guard low <= high else { return (sorted[0], sorted[sorted.count - 1]) }
        return (low, high)
    }

    /// Whether the most extreme sample of `run` (the largest when `upward`, else the smallest)
    /// lies beside a pole where f grows without bound in that direction.
    ///
    /// Where the next sample beyond it is undefined or on the other side of zero (tan, 1/x,
    /// gamma), the pole is found to the last bit by bisection first; otherwise (1/x²) the
    /// refiner's golden-section search looks for it.
    private func endsAtPole(_ f: @escaping (Double) -> Double?, run: Range<Int>, upward: Bool) -> Bool {
        let sign: Double = upward ? 1 : -1
        let g: (Double) -> Double? = { f($0).map { sign * $0 } }
        guard let peak = run.max(by: { sign * samples[$0].y < sign * samples[$1].y }) else { return false }
        // The distance between neighbouring samples, from halves so that it cannot overflow.
        let spacing = 2 * (xRange.upperBound / 2 / Double(count - 1) - xRange.lowerBound / 2 / Double(count - 1))
        let x = samples[peak].x
        for beyond in [x - spacing, x + spacing] where xRange.contains(beyond) && !Self.isPositive(g(beyond)) {
            let edge = Self.edge(of: g, inside: x, outside: beyond)
            if let directions = PoleTest.directions(of: g, near: edge, width: 2 * spacing), directions.up { return true }
        }
        let bracket = max(x - spacing, xRange.lowerBound)...min(x + spacing, xRange.upperBound)
        let refiner = ExtremumRefiner(f: g, bracket: bracket, spacing: 2 * spacing)
        if case .pole = refiner.largest(sampled: GraphStatistics.Extremum(x: x, y: sign * samples[peak].y)) { return true }
        return false
    }

    private static func isPositive(_ value: Double?) -> Bool {
        guard let value, value.isFinite else { return false }
        return value > 0
    }

    /// The last x from `inside` (where g is positive) towards `outside` (where it is not) at which
    /// g is still positive, by bisection to the last bit.
    private static func edge(of g: (Double) -> Double?, inside: Double, outside: Double) -> Double {
        Bisection.lastHolding(from: inside, toward: outside) { isPositive(g($0)) }.inside
    }
}
