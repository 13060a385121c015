/// The summary `gcview points` gives of one data series: how many values and gaps, their mean
/// and standard deviation, the five-number summary, and where x and y are extreme.
///
/// The standard deviation is the sample's (divided by n − 1, numpy's `std(ddof=1)`); the
/// quartiles are numpy's default (`percentile(…, method="linear")`, Hyndman and Fan's type 7).
package struct SeriesStatistics: Equatable, Sendable {
    /// A point of the series: its 1-based row and its values.
    package struct Row: Equatable, Sendable {
        package var row: Int
        package var x: Double
        package var y: Double
    }

    package let name: String
    /// How many rows have a finite y.
    package let count: Int
    /// How many rows have no y (a gap: empty, NA, NaN, text, or not finite).
    package let gaps: Int
    package let mean: Double?
    /// The sample standard deviation, n − 1 in the denominator; nil below two values.
    package let standardDeviation: Double?
    package let minimum: Double?
    package let lowerQuartile: Double?
    package let median: Double?
    package let upperQuartile: Double?
    package let maximum: Double?
    /// The first rows where y is least and greatest, and where x is least and greatest (among rows with a y).
    package let lowestY: Row?
    package let highestY: Row?
    package let lowestX: Row?
    package let highestX: Row?

    /// The statistics of `y` over `x` (gaps NaN), named `name`.
    package init(name: String, x: [Double], y: [Double]) {
        self.name = name
        var values: [Double] = []
        values.reserveCapacity(y.count)
        var mean = 0.0, squares = 0.0
        var lowY: Row?, highY: Row?, lowX: Row?, highX: Row?
        for index in y.indices where y[index].isFinite {
            let value = y[index], at = index < x.count ? x[index] : .nan
            values.append(value)
            // Welford's update: no sum that overflows before the mean does.
            let delta = value - mean
            mean += delta / Double(values.count)
            squares += delta * (value - mean)
            let row = Row(row: index + 1, x: at, y: value)
            if lowY.map({ value < $0.y }) ?? true { lowY = row }
            if highY.map({ value > $0.y }) ?? true { highY = row }
            if at.isFinite, lowX.map({ at < $0.x }) ?? true { lowX = row }
            if at.isFinite, highX.map({ at > $0.x }) ?? true { highX = row }
        }
        count = values.count
        gaps = y.count - values.count
        values.sort()
        self.mean = values.isEmpty ? nil : mean
        standardDeviation = values.count < 2 ? nil : (squares / Double(values.count - 1)).squareRoot()
        minimum = values.first
        maximum = values.last
        lowerQuartile = values.isEmpty ? nil : Quantile.linear(values, 0.25)
        median = values.isEmpty ? nil : Quantile.linear(values, 0.5)
        upperQuartile = values.isEmpty ? nil : Quantile.linear(values, 0.75)
        (lowestY, highestY, lowestX, highestX) = (lowY, highY, lowX, highX)
    }

    /// The statistics of a data item.
    package init(_ data: FigureData) {
        self.init(name: data.name, x: data.x, y: data.y)
    }
}
