/// The mapping between graph units and image pixels: a size, an origin and a scale per axis.
///
/// Pixel coordinates are continuous: pixel column `i` covers `[i, i + 1)`, rows grow downwards,
/// graph y grows upwards.
///
/// Each axis maps a *position* linearly to pixels: the value itself on a linear axis, its
/// decimal logarithm on a log axis (`AxisScale`). `origin` and the scales are in positions, so on
/// a log axis `scaleX` is pixels per decade and `origin.x` the column of x = 1; a pan is a pixel
/// translation and a zoom a scaling of positions on either kind. Values ≤ 0 have no position on
/// a log axis: their pixel is NaN, which every painter treats as off the picture.
public struct Viewport: Equatable, Sendable, Codable {
    /// The image width in pixels.
    public var width: Int
    /// The image height in pixels.
    public var height: Int
    /// The pixel position of the graph's (0, 0).
    public var origin: Point
    /// Pixels per unit along x.
    public var scaleX: Double
    /// Pixels per unit along y (y up).
    public var scaleY: Double
    /// How x values map to positions along the x axis.
    public var xScale = AxisScale.linear
    /// How y values map to positions along the y axis.
    public var yScale = AxisScale.linear

    /// A viewport of `width`×`height` pixels showing exactly `xRange`×`yRange`, each axis of its
    /// scale (a log axis's range must lie above 0, else the viewport is not representable).
    public init(width: Int, height: Int, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>,
                xScale: AxisScale = .linear, yScale: AxisScale = .linear) {
        self.width = width
        self.height = height
        self.xScale = xScale
        self.yScale = yScale
        // A log axis's range reaching 0 or below has no positions: NaN scales, not representable.
        let xPositions = xScale.positions(of: xRange), yPositions = yScale.positions(of: yRange)
        scaleX = xPositions.map { Self.scale(pixels: width, across: $0) } ?? .nan
        scaleY = yPositions.map { Self.scale(pixels: height, across: $0) } ?? .nan
        origin = Point(x: -(xPositions?.lowerBound ?? 0) * scaleX, y: (yPositions?.upperBound ?? 0) * scaleY)
    }

    /// Pixels per unit for `pixels` across `range`, from half spans so that ranges wider than
    /// the largest Double (-1e308...1e308) still get a finite scale; an empty range gets 1 unit.
    package static func scale(pixels: Int, across range: ClosedRange<Double>) -> Double {
        guard range.upperBound > range.lowerBound else { return Double(pixels) }
        let halfSpan = range.upperBound / 2 - range.lowerBound / 2
        // A span of a few subnormals halves to 0: its scale is infinite, so not representable.
        return halfSpan > 0 ? Double(pixels) / 2 / halfSpan : Double(pixels) / (range.upperBound - range.lowerBound)
    }

    /// Pixels per unit (or per decade, for positions) for `pixels` across `range`.
    public static func scale(ofPixels pixels: Int, across range: ClosedRange<Double>) -> Double {
        scale(pixels: pixels, across: range)
    }

    /// Whether the renderer can draw this viewport: a non-empty image, finite positive scales, a
    /// finite origin, and finite, distinct positions at the image's edges (and on a log axis
    /// distinct values). Ranges narrower than
    /// the Doubles can resolve across the image (`--y 0:5e-324`) or wider than they can hold are not.
    package var isRepresentable: Bool {
        guard width > 0, height > 0, scaleX.isFinite, scaleY.isFinite, scaleX > 0, scaleY > 0,
              origin.x.isFinite, origin.y.isFinite else { return false }
        // Along the positions: on a log axis they may reach beyond the Doubles' decades, where
        // the values are 0 or infinity and the graph shows the curve's limits there.
        let left = xPosition(atColumn: 0), right = xPosition(atColumn: Double(width))
        let bottom = yPosition(atRow: Double(height)), top = yPosition(atRow: 0)
        guard left.isFinite, right.isFinite, bottom.isFinite, top.isFinite, left < right, bottom < top else { return false }
        return (xScale == .linear || x(atColumn: 0) < x(atColumn: Double(width)))
            && (yScale == .linear || y(atRow: Double(height)) < y(atRow: 0))
    }

    /// A viewport with the graph's (0, 0) at `origin` and `scale` pixels per unit on both axes.
    public init(width: Int, height: Int, origin: Point, scale: Double) {
        self.width = width
        self.height = height
        self.origin = origin
        scaleX = scale
        scaleY = scale
    }

    /// The x values from the left edge to the right edge.
    /// (A viewport that is not representable gives whatever of its edges is ordered, never a trap.)
    public var xRange: ClosedRange<Double> {
        Self.range(x(atColumn: 0), x(atColumn: Double(width)))
    }

    /// The y values from the bottom edge to the top edge.
    public var yRange: ClosedRange<Double> {
        Self.range(y(atRow: Double(height)), y(atRow: 0))
    }

    /// `low...high`, or a safe range when the bounds are NaN or reversed (a broken viewport).
    private static func range(_ low: Double, _ high: Double) -> ClosedRange<Double> {
        switch (low.isNaN, high.isNaN) {
        case (false, false): return min(low, high)...max(low, high)
        case (true, false): return high...high
        case (false, true): return low...low
        case (true, true): return 0...0
        }
    }

    /// The point a fraction `t` (0...1) of the way across `range`, without overflowing on huge ranges.
    package static func interpolate(_ range: ClosedRange<Double>, _ t: Double) -> Double {
        t >= 1 ? range.upperBound : range.lowerBound * (1 - t) + range.upperBound * t
    }

    /// The graph x at pixel column `column`.
    @inline(__always)
    public func x(atColumn column: Double) -> Double {
        let position = (column - origin.x) / scaleX
        return xScale == .linear ? position : AxisScale.value(atLogPosition: position)
    }

    /// The pixel column of graph x `x` (NaN for x ≤ 0 on a log axis).
    @inline(__always)
    public func column(forX x: Double) -> Double {
        origin.x + (xScale == .linear ? x : AxisScale.logPosition(of: x)) * scaleX
    }

    /// The pixel row of graph y `y` (NaN for y ≤ 0 on a log axis).
    @inline(__always)
    public func row(forY y: Double) -> Double {
        origin.y - (yScale == .linear ? y : AxisScale.logPosition(of: y)) * scaleY
    }

    /// The graph y at pixel row `row`.
    @inline(__always)
    public func y(atRow row: Double) -> Double {
        let position = (origin.y - row) / scaleY
        return yScale == .linear ? position : AxisScale.value(atLogPosition: position)
    }

    /// The position along the x axis at pixel column `column`: x, or log10 x on a log axis.
    public func xPosition(atColumn column: Double) -> Double {
        (column - origin.x) / scaleX
    }

    /// The pixel column of position `position` along the x axis.
    public func column(forXPosition position: Double) -> Double {
        origin.x + position * scaleX
    }

    /// The position along the y axis at pixel row `row`: y, or log10 y on a log axis.
    public func yPosition(atRow row: Double) -> Double {
        (origin.y - row) / scaleY
    }

    /// The pixel row of position `position` along the y axis.
    public func row(forYPosition position: Double) -> Double {
        origin.y - position * scaleY
    }

    /// The positions from the left edge to the right edge.
    public var xPositionRange: ClosedRange<Double> {
        Self.range(xPosition(atColumn: 0), xPosition(atColumn: Double(width)))
    }

    /// The positions from the bottom edge to the top edge.
    public var yPositionRange: ClosedRange<Double> {
        Self.range(yPosition(atRow: Double(height)), yPosition(atRow: 0))
    }

    /// The pixel column of the y axis (x = 0): minus infinity on a log x axis, where 0 lies infinitely far left.
    public var yAxisColumn: Double { xScale == .linear ? origin.x : -.infinity }

    /// The pixel row of the x axis (y = 0): plus infinity on a log y axis, infinitely far down.
    public var xAxisRow: Double { yScale == .linear ? origin.y : .infinity }

    /// Scales both axes by `factor` (2 zooms in), keeping the graph point under `pixel` in place.
    public mutating func zoom(by factor: Double, about pixel: Point) {
        guard factor.isFinite, factor > 0 else { return }
        scaleX *= factor
        scaleY *= factor
        origin = Point(x: pixel.x + (origin.x - pixel.x) * factor, y: pixel.y + (origin.y - pixel.y) * factor)
    }

    /// Moves the graph by `pixels` (positive x right, positive y down).
    public mutating func pan(by pixels: Point) {
        origin.x += pixels.x
        origin.y += pixels.y
    }
}
