extension Viewport {
    /// This viewport with its y-range fitted to the finite values of `f` over the visible x-range
    /// (zoom to fit): pole spikes are trimmed by a percentile window, a margin is added, and a
    /// constant gets a unit-sized range around it. Unchanged when `f` has no finite values or the
    /// fitted range cannot be shown (the result is then still this, never a broken viewport).
    public func fittingY(to f: (Double) -> Double?) -> Viewport {
        withoutActuallyEscaping(f) { fittingY(toAll: [$0]) }
    }

    /// This viewport with its y-range fitted to all of `functions` together: the smallest range
    /// holding each one's fitted range. Unchanged when none has finite values.
    ///
    /// Each function is sampled twice a column (at least 512 times), or as often as `budget` allows
    /// for its cost in `costs` (missing costs are 1), but at least 64 times.
    public func fittingY(toAll functions: [(Double) -> Double?], costs: [Int] = [],
                         budget: WorkBudget = .fit) -> Viewport {
        let ranges = functions.enumerated().compactMap { index, function in
            let cost = costs.indices.contains(index) ? costs[index] : 1
            let affordable = max(budget.evaluations(cost: cost, curves: functions.count), 64)
            return Self.fittedRange(function, over: xRange, samples: min(max(2 * width, 512), affordable))
        }
        guard let low = ranges.map(\.lowerBound).min(), let high = ranges.map(\.upperBound).max() else { return self }
        var result = self
        result.scaleY = Self.scale(pixels: height, across: low...high)
        result.origin.y = high * result.scaleY
        return result.isRepresentable ? result : self
    }

    /// The y-range that shows the bulk of `f` over `xRange` with a 5% margin, or nil when nothing is finite.
    ///
    /// Spans are computed from halves, so values near ±1.8e308 give a finite range (clamped to the
    /// largest Doubles) instead of overflowing.
    public static func fittedRange(_ f: (Double) -> Double?, over xRange: ClosedRange<Double>, samples: Int = 1024) -> ClosedRange<Double>? {
        let count = max(samples, 8)
        var values = [Double]()
        values.reserveCapacity(count)
        for i in 0..<count {
            let x = interpolate(xRange, (Double(i) + 0.5) / Double(count))
            if let y = f(x), y.isFinite { values.append(y) }
        }
        guard !values.isEmpty else { return nil }
        values.sort()
        // Values beyond half the 5–95% spread outside that window are taken for asymptotic spikes.
        let p5 = values[(values.count - 1) * 5 / 100], p95 = values[(values.count - 1) * 95 / 100]
        let slack = p95 / 2 - p5 / 2  // half the spread; bounds beyond ±max are harmless here
        let kept = values.filter { $0 >= p5 - slack && $0 <= p95 + slack }
        guard let low = kept.first, let high = kept.last else { return nil }
        let middle = low / 2 + high / 2, halfSpread = high / 2 - low / 2
        if halfSpread <= max(abs(middle), 1e-300) * 0.5e-9 {
            let half = max(1, abs(middle) * 0.1)
            return clampedRange(middle - half, middle + half)
        }
        let margin = halfSpread * 0.1
        return clampedRange(low - margin, high + margin)
    }

    /// `low...high` with infinite ends brought back to the largest finite Doubles.
    private static func clampedRange(_ low: Double, _ high: Double) -> ClosedRange<Double> {
        let limit = Double.greatestFiniteMagnitude
        return min(max(low, -limit), limit)...max(min(high, limit), -limit)
    }
}
