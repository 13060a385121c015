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
        let xSpan = xRange.upperBound - xRange.lowerBound
        let ySpan = yRange.upperBound - yRange.lowerBound
        scaleX = Double(width) / (xSpan > 0 ? xSpan : 1)
        scaleY = Double(height) / (ySpan > 0 ? ySpan : 1)
        origin = Point(x: -xRange.lowerBound * scaleX, y: yRange.upperBound * scaleY)
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
    public var xRange: ClosedRange<Double> {
        x(atColumn: 0)...x(atColumn: Double(width))
    }

    /// The y values from the bottom edge to the top edge.
    public var yRange: ClosedRange<Double> {
        y(atRow: Double(height))...y(atRow: 0)
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
