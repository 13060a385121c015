extension Viewport {
    /// This viewport with its y-range fitted to the finite values of `f` over the visible x-range
    /// (zoom to fit): pole spikes are trimmed by a percentile window, a margin is added, and a
    /// constant gets a unit-sized range around it. Unchanged when `f` has no finite values.
    public func fittingY(to f: (Double) -> Double?) -> Viewport {
        guard let fitted = Self.fittedRange(f, over: xRange, samples: max(2 * width, 512)) else { return self }
        var result = self
        result.scaleY = Double(height) / (fitted.upperBound - fitted.lowerBound)
        result.origin.y = fitted.upperBound * result.scaleY
        return result
    }

    /// The y-range that shows the bulk of `f` over `xRange` with a 5% margin, or nil when nothing is finite.
    public static func fittedRange(_ f: (Double) -> Double?, over xRange: ClosedRange<Double>, samples: Int = 1024) -> ClosedRange<Double>? {
        let count = max(samples, 8)
        let span = xRange.upperBound - xRange.lowerBound
        var values = [Double]()
        values.reserveCapacity(count)
        for i in 0..<count {
            let x = xRange.lowerBound + span * (Double(i) + 0.5) / Double(count)
            if let y = f(x), y.isFinite { values.append(y) }
        }
        guard !values.isEmpty else { return nil }
        values.sort()
        // Values beyond half the 5–95% spread outside that window are taken for asymptotic spikes.
        let p5 = values[(values.count - 1) * 5 / 100], p95 = values[(values.count - 1) * 95 / 100]
        let slack = (p95 - p5) * 0.5
        let kept = values.filter { $0 >= p5 - slack && $0 <= p95 + slack }
        guard var low = kept.first, var high = kept.last else { return nil }
        let middle = (low + high) / 2
        if high - low <= max(abs(middle), 1e-300) * 1e-9 {
            let half = max(1, abs(middle) * 0.1)
            return (middle - half)...(middle + half)
        }
        let margin = (high - low) * 0.05
        low -= margin
        high += margin
        return low...high
    }
}
