/// Data points drawn as they are, not sampled from a function: the user's rows (x, y) in graph
/// units, a NaN or infinite y a gap that breaks a line, in one of the styles a plot of data has.
///
/// Raster knows nothing of where the numbers came from (a file, a pipe, a histogram's bins): the
/// caller hands over the two arrays and the style.
public struct PlaneData: Sendable {
    /// How the points are drawn.
    public enum Style: String, Sendable, Equatable, CaseIterable {
        /// A dot at each point, exactly where it falls (its pixel is always inked).
        case points
        /// The points joined in row order, at pixel resolution: runs of points within one pixel
        /// column are kept as their first, lowest, highest and last, so a million rows are a few
        /// thousand strokes that ink the same pixels.
        case lines
        /// Lines with a dot at each point.
        case both
        /// A staircase: level from each point to the next x, then up or down to its y.
        case steps
        /// A bar from the baseline (y = 0, or the bottom of a log axis) to each point.
        case bars
    }

    /// The x values, one a row.
    public let x: [Double]
    /// The y values, as many as `x`; NaN (or an infinity) where the row has no value.
    public let y: [Double]
    public let style: Style
    /// The width of each bar in graph units (a histogram's bin width); nil: 80% of the smallest
    /// spacing of distinct x, at least a pixel.
    public let barWidth: Double?

    public init(x: [Double], y: [Double], style: Style, barWidth: Double? = nil) {
        let count = min(x.count, y.count)
        self.x = x.count == count ? x : Array(x.prefix(count))
        self.y = y.count == count ? y : Array(y.prefix(count))
        self.style = style
        self.barWidth = barWidth
    }

    /// The style a plot of data takes when none is asked for: lines when x never decreases (a
    /// series over time or a sorted column), points otherwise (a scatter).
    public static func defaultStyle(for x: [Double]) -> Style {
        isSorted(x) ? .lines : .points
    }

    /// Whether `x` never decreases (NaNs are passed over).
    public static func isSorted(_ x: [Double]) -> Bool {
        var last = -Double.infinity
        for value in x where !value.isNaN {
            if value < last { return false }
            last = value
        }
        return true
    }
}
