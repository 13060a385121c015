import Raster
import Tabular

/// One series of the user's data as a figure draws it: its x and y (a gap is NaN), its name for
/// the legend, the kind of x (numbers, times or row numbers, for a time axis to read later) and
/// the style it is drawn in.
package struct FigureData: Equatable, Sendable {
    /// The series' name: its column's header, or `column N`.
    package var name: String
    package var x: [Double]
    /// What x is; a time column is drawn as its seconds since 1970 for now.
    package var xKind: AxisKind
    /// One value a row of x; NaN where the row has none.
    package var y: [Double]
    package var style: PlaneData.Style
    /// The width of each bar in x units (a histogram's bins); nil: from the spacing of x.
    package var barWidth: Double?

    package init(name: String, x: [Double], xKind: AxisKind, y: [Double], style: PlaneData.Style, barWidth: Double? = nil) {
        self.name = name
        self.x = x
        self.xKind = xKind
        self.y = y
        self.style = style
        self.barWidth = barWidth
    }

    /// Each series of `table` over its x, one item each, in `style` or, when nil, the default
    /// for the table's x (`PlaneData.defaultStyle`: lines when x is in order, points otherwise).
    package static func series(of table: DataTable, style: PlaneData.Style?) -> [FigureData] {
        let style = style ?? PlaneData.defaultStyle(for: table.x)
        return table.series.map { series in
            FigureData(name: series.name, x: table.x, xKind: table.xKind, y: series.values.map { $0 ?? .nan },
                       style: style)
        }
    }

    /// What Raster draws.
    var plane: PlaneData { PlaneData(x: x, y: y, style: style, barWidth: barWidth) }

    /// How many rows have a y to draw (not a gap).
    package var valueCount: Int { y.count(where: { $0.isFinite }) }

    /// How many rows with a value cannot be shown on these axes: x or y at or below 0 on a log one.
    package func countOff(xScale: AxisScale, yScale: AxisScale) -> Int {
        guard xScale == .log || yScale == .log else { return 0 }
        var count = 0
        for index in x.indices where y[index].isFinite && x[index].isFinite {
            if (xScale == .log && x[index] <= 0) || (yScale == .log && y[index] <= 0) { count += 1 }
        }
        return count
    }

    /// The smallest and largest x with a value to draw (and above 0 on a log axis); nil when none.
    func xExtent(scale: AxisScale) -> ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        for index in x.indices where y[index].isFinite {
            let value = x[index]
            guard value.isFinite, scale == .linear || value > 0 else { continue }
            low = min(low, value)
            high = max(high, value)
        }
        return low <= high ? low...high : nil
    }

    /// The smallest and largest y whose x lies in `xRange` (above 0 on a log axis); with bars,
    /// the baseline 0 too on a linear axis. Nil when none.
    func yExtent(over xRange: ClosedRange<Double>, xScale: AxisScale, scale: AxisScale) -> ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        for index in x.indices {
            let value = y[index], at = x[index]
            guard value.isFinite, xRange.contains(at), xScale == .linear || at > 0, scale == .linear || value > 0 else { continue }
            low = min(low, value)
            high = max(high, value)
        }
        guard low <= high else { return nil }
        return style == .bars && scale == .linear ? min(low, 0)...max(high, 0) : low...high
    }
}

extension Collection<FigureData> {
    /// The x range that shows every series: their extent with 2% of it either side (of its decades on a
    /// log axis); a single x gets ±1 (a decade either side on a log axis). Nil when none has a point.
    package func xRange(scale: AxisScale) -> ClosedRange<Double>? {
        let extents = compactMap { $0.xExtent(scale: scale) }
        guard let low = extents.map(\.lowerBound).min(), let high = extents.map(\.upperBound).max() else { return nil }
        return padded(low...high, scale: scale, fraction: 0.02)
    }

    /// The y range that shows every series' values over `xRange`, 5% of it either side.
    func yRange(over xRange: ClosedRange<Double>, xScale: AxisScale, scale: AxisScale) -> ClosedRange<Double>? {
        let extents = compactMap { $0.yExtent(over: xRange, xScale: xScale, scale: scale) }
        guard let low = extents.map(\.lowerBound).min(), let high = extents.map(\.upperBound).max() else { return nil }
        return padded(low...high, scale: scale, fraction: 0.05)
    }
}

/// `range` widened by `fraction` of its span either side (of its decades on a log axis), computed
/// from half spans so ±1e308 stays finite; a range of one value widened to ±1 (±10% of it when
/// large), or a decade either side on a log axis.
func padded(_ range: ClosedRange<Double>, scale: AxisScale, fraction: Double) -> ClosedRange<Double> {
    if scale == .log {
        let low = AxisScale.logPosition(of: range.lowerBound), high = AxisScale.logPosition(of: range.upperBound)
        let margin = high > low ? (high - low) * fraction : 1
        return AxisScale.value(atLogPosition: low - margin)...AxisScale.value(atLogPosition: high + margin)
    }
    let low = range.lowerBound, high = range.upperBound
    let margin = high > low ? (high / 2 - low / 2) * (2 * fraction) : Swift.max(1, abs(low) * 0.1)
    let maximum = Double.greatestFiniteMagnitude
    return Swift.max(low - margin, -maximum)...Swift.min(high + margin, maximum)
}

extension Viewport {
    /// This viewport with y widened to hold `data`'s values over its x range (5% either side),
    /// or, when the data is `alone` on the graph, fitted to them. Itself when none is in view.
    func fittingData(_ data: [FigureData], alone: Bool) -> Viewport {
        guard let range = data.yRange(over: xRange, xScale: xScale, scale: yScale) else { return self }
        let low = alone ? range.lowerBound : Swift.min(range.lowerBound, yRange.lowerBound)
        let high = alone ? range.upperBound : Swift.max(range.upperBound, yRange.upperBound)
        guard let positions = yScale.positions(of: low...high), positions.lowerBound.isFinite, positions.upperBound.isFinite,
              positions.lowerBound < positions.upperBound else { return self }
        var result = self
        result.scaleY = Self.scale(pixels: height, across: positions)
        result.origin.y = positions.upperBound * result.scaleY
        return result.isRepresentable ? result : self
    }
}
