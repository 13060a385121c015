import Raster

extension Viewport {
    /// This viewport with its y-range fitted to the finite values of `f` over the visible x-range
    /// (zoom to fit): spikes at poles are trimmed (`SpikeTrimmer`), a margin is added, and a
    /// constant gets a unit-sized range around it. Unchanged when `f` has no finite values or the
    /// fitted range cannot be shown (the result is then still this, never a broken viewport).
    public func fittingY(to f: (Double) -> Double?) -> Viewport {
        withoutActuallyEscaping(f) { fittingY(toAll: [$0]) }
    }

    /// This viewport with its y-range fitted to all of `functions` together: the smallest range
    /// holding each one's fitted range. Unchanged when none has finite values (none above 0 on a
    /// log y axis, whose fit is of log y).
    ///
    /// Each function is sampled twice a column (at least 512 times), or as often as `budget` allows
    /// for its cost in `costs` (missing costs are 1), but at least 64 times.
    public func fittingY(toAll functions: [(Double) -> Double?], costs: [Int] = [],
                         budget: WorkBudget = .fit) -> Viewport {
        // Along the axes' positions: even in log x on a log x axis, log y of the values above 0 on a log y axis.
        let xScale = self.xScale, yScale = self.yScale
        let ranges = functions.enumerated().compactMap { index, function in
            let cost = costs.indices.contains(index) ? costs[index] : 1
            let affordable = max(budget.evaluations(cost: cost, curves: functions.count), 64)
            let samples = min(max(2 * width, 512), affordable)
            if xScale == .linear, yScale == .linear { return Self.fittedRange(function, over: xRange, samples: samples) }
            let positions: (Double) -> Double? = { u in
                guard let y = function(xScale.value(at: u)) else { return nil }
                let position = yScale.position(of: y)
                return position.isFinite ? position : nil
            }
            return Self.fittedRange(positions, over: xPositionRange, samples: samples)
        }
        guard let low = ranges.map(\.lowerBound).min(), let high = ranges.map(\.upperBound).max() else { return self }
        var result = self
        result.scaleY = Self.scale(pixels: height, across: low...high)
        result.origin.y = high * result.scaleY
        return result.isRepresentable ? result : self
    }

    /// The y-range that shows the whole curve of `f` over `xRange` with a 5% margin each side, or
    /// nil when nothing is finite.
    ///
    /// The samples include both ends of `xRange`, so a smooth function's range holds its values
    /// there (exp on [-10, 10] reaches e¹⁰). Only the spikes beside poles are left out: steep but
    /// bounded stretches, such as exp's tail, stay whole.
    ///
    /// Spans are computed from halves, so values near ±1.8e308 give a finite range (clamped to the
    /// largest Doubles) instead of overflowing.
    public static func fittedRange(_ f: (Double) -> Double?, over xRange: ClosedRange<Double>, samples: Int = 1024) -> ClosedRange<Double>? {
        let count = max(samples, 8)
        var trimmer = SpikeTrimmer(xRange: xRange, count: count)
        trimmer.samples.reserveCapacity(count)
        for i in 0..<count {
            let x = interpolate(xRange, Double(i) / Double(count - 1))
            if let y = f(x), y.isFinite { trimmer.samples.append(.init(x: x, y: y)) }
        }
        guard let (low, high) = withoutActuallyEscaping(f, do: { trimmer.keptBounds(of: $0) }) else { return nil }
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
