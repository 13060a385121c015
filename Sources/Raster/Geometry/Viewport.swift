/// The mapping between graph units and image pixels: a size, an origin and a scale per axis.
///
/// Pixel coordinates are continuous: pixel column `i` covers `[i, i + 1)`, rows grow downwards,
/// graph y grows upwards.
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

    /// A viewport of `width`×`height` pixels showing exactly `xRange`×`yRange`.
    public init(width: Int, height: Int, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>) {
        self.width = width
        self.height = height
        scaleX = Self.scale(pixels: width, across: xRange)
        scaleY = Self.scale(pixels: height, across: yRange)
        origin = Point(x: -xRange.lowerBound * scaleX, y: yRange.upperBound * scaleY)
    }

    /// Pixels per unit for `pixels` across `range`, from half spans so that ranges wider than
    /// the largest Double (-1e308...1e308) still get a finite scale; an empty range gets 1 unit.
    static func scale(pixels: Int, across range: ClosedRange<Double>) -> Double {
        guard range.upperBound > range.lowerBound else { return Double(pixels) }
        let halfSpan = range.upperBound / 2 - range.lowerBound / 2
        // A span of a few subnormals halves to 0: its scale is infinite, so not representable.
        return halfSpan > 0 ? Double(pixels) / 2 / halfSpan : Double(pixels) / (range.upperBound - range.lowerBound)
    }

    /// Whether the renderer can draw this viewport: a non-empty image, finite positive scales, a
    /// finite origin, and finite, distinct graph values at the image's edges. Ranges narrower than
    /// the Doubles can resolve across the image (`--y 0:5e-324`) or wider than they can hold are not.
    var isRepresentable: Bool {
        guard width > 0, height > 0, scaleX.isFinite, scaleY.isFinite, scaleX > 0, scaleY > 0,
              origin.x.isFinite, origin.y.isFinite else { return false }
        let left = x(atColumn: 0), right = x(atColumn: Double(width))
        let bottom = y(atRow: Double(height)), top = y(atRow: 0)
        return left.isFinite && right.isFinite && bottom.isFinite && top.isFinite && left < right && bottom < top
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
    static func interpolate(_ range: ClosedRange<Double>, _ t: Double) -> Double {
        t >= 1 ? range.upperBound : range.lowerBound * (1 - t) + range.upperBound * t
    }

    /// The graph x at pixel column `column`.
    public func x(atColumn column: Double) -> Double {
        (column - origin.x) / scaleX
    }

    /// The pixel column of graph x `x`.
    public func column(forX x: Double) -> Double {
        origin.x + x * scaleX
    }

    /// The pixel row of graph y `y`.
    public func row(forY y: Double) -> Double {
        origin.y - y * scaleY
    }

    /// The graph y at pixel row `row`.
    public func y(atRow row: Double) -> Double {
        (origin.y - row) / scaleY
    }

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
