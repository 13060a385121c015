#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

/// A histogram of one column's values: equal bins over their range, as numpy's
/// `histogram(values, bins="fd")` makes them (or a given number of bins), each value counted in
/// the bin whose half-open interval holds it, the largest in the last bin.
package struct Histogram: Equatable, Sendable {
    /// The bins' edges, one more than the counts.
    package let edges: [Double]
    /// How many values fall in each bin.
    package let counts: [Int]
    /// How many values were counted (the finite ones).
    package let total: Int

    /// The most bins a histogram makes, whatever the spread of the data.
    package static let maximumBins = 10_000

    /// The histogram of the finite `values` in `bins` bins, or as many as the Freedman–Diaconis
    /// rule asks (bin width 2 IQR / n^⅓, numpy's `"fd"`; one bin when the IQR is 0), at most
    /// `maximumBins`. Nil when no value is finite.
    package init?(_ values: [Double], bins: Int? = nil) {
        var sorted = values.filter(\.isFinite)
        guard !sorted.isEmpty else { return nil }
        sorted.sort()
        var low = sorted[0], high = sorted[sorted.count - 1]
        // numpy widens a range of one value by a half either side.
        if low == high {
            low -= 0.5
            high += 0.5
        }
        let count = bins ?? Self.freedmanDiaconisBins(sorted, span: high / 2 - low / 2)
        let binCount = min(max(count, 1), Self.maximumBins)
        // As numpy's linspace: low + i × step, the last edge exactly high (halves where the range overflows).
        let step = (high - low) / Double(binCount)
        edges = (0...binCount).map { index in
            index == binCount ? high
                : step.isFinite ? low + Double(index) * step : Viewport.interpolate(low...high, Double(index) / Double(binCount))
        }
        var counts = [Int](repeating: 0, count: binCount)
        let width = high / 2 - low / 2
        for value in sorted {
            // The bin by position, then moved to the one whose edges hold it (rounding).
            var bin = min(max(Int(clamping: (value / 2 - low / 2) / width * Double(binCount), rounding: .down), 0), binCount - 1)
            while bin > 0, value < edges[bin] { bin -= 1 }
            while bin < binCount - 1, value >= edges[bin + 1] { bin += 1 }
            counts[bin] += 1
        }
        self.counts = counts
        total = sorted.count
    }

    /// numpy's `"fd"` bin count for sorted values whose range is twice `span`: ⌈range / h⌉ with
    /// h = 2 IQR n^(-1/3), 1 when h is 0.
    static func freedmanDiaconisBins(_ sorted: [Double], span: Double) -> Int {
        let iqr = Quantile.linear(sorted, 0.75) - Quantile.linear(sorted, 0.25)
        let width = 2 * iqr * pow(Double(sorted.count), -1.0 / 3)
        guard width > 0, width.isFinite else { return 1 }
        let bins = (span / width * 2).rounded(.up)
        return bins.isFinite ? Int(clamping: min(bins, Double(maximumBins)), rounding: .up) : maximumBins
    }

    /// The bins' centres.
    package var centres: [Double] { zip(edges, edges.dropFirst()).map { $0 / 2 + $1 / 2 } }

    /// Each bin's count, or its density (count / (total × bin width), the area summing to 1).
    package func heights(density: Bool) -> [Double] {
        guard density else { return counts.map(Double.init) }
        return zip(counts, zip(edges, edges.dropFirst())).map { count, edge in
            Double(count) / Double(total) / (edge.1 - edge.0)
        }
    }

    /// The width of one bin.
    package var binWidth: Double { edges.count > 1 ? edges[1] - edges[0] : 1 }
}

/// Quantiles of sorted values.
package enum Quantile {
    /// The `q` quantile (0...1) of `sorted` by linear interpolation between the closest ranks,
    /// numpy's default (`method="linear"`, Hyndman and Fan's type 7): at position q (n − 1).
    package static func linear(_ sorted: [Double], _ q: Double) -> Double {
        guard let first = sorted.first else { return .nan }
        guard sorted.count > 1 else { return first }
        let position = q * Double(sorted.count - 1)
        let below = min(max(Int(clamping: position, rounding: .down), 0), sorted.count - 1)
        let above = min(below + 1, sorted.count - 1)
        let fraction = position - Double(below)
        let a = sorted[below], b = sorted[above]
        // numpy's lerp: a + (b − a) t, from the other end past the middle.
        return fraction >= 0.5 ? b - (b - a) * (1 - fraction) : a + (b - a) * fraction
    }
}
