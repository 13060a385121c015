/// A point traced on a curve: a ring at it, its readout in a box beside it, and the tangent
/// through it when asked.
public struct TraceMark: Sendable, Equatable {
    /// The traced point, in graph units.
    public var point: Point
    /// The readout, top to bottom (`x = 1.5`, `y = 2.25`).
    public var lines: [String]
    /// The traced curve's index, in colour order: the tangent is drawn in its colour.
    public var curve: Int
    /// The slope of the tangent to draw through the point; nil draws none.
    public var tangentSlope: Double?

    /// A mark at `point` on curve `curve` reading `lines`, with the tangent of `tangentSlope` if given.
    public init(point: Point, lines: [String], curve: Int, tangentSlope: Double? = nil) {
        self.point = point
        self.lines = lines
        self.curve = curve
        self.tangentSlope = tangentSlope
    }
}

extension GraphRenderer {
    /// `image` (rendered in `viewport`) with `mark` drawn over it: the tangent first, in the
    /// curve's colour at half its width, then the ring and the readout as a callout. A picture
    /// shown as text cells (`GraphStyle.textCell`) gets no ring: the point's cell is highlighted
    /// in the curve's colour (`IndexedImage.highlight`).
    /// Its readout's box overlaps none of `keepsClearOf` (boxes drawn above it: `Callout.keepsClearOf`).
    public func draw(_ mark: TraceMark, on image: IndexedImage, in viewport: Viewport,
                     keepsClearOf: [PixelRect] = []) -> IndexedImage {
        var image = image
        if let slope = mark.tangentSlope, let layout = image.layout,
           let segment = Self.tangentSegment(through: mark.point, slope: slope, in: viewport) {
            var canvas = Canvas(over: image)
            canvas.paint(Samples(branches: [segment]), curve: mark.curve, of: layout, lineWidth: style.lineWidth / 2)
            image = canvas.image(palette: image.palette, layout: image.layout)
        }
        let anchor = Point(x: viewport.column(forX: mark.point.x), y: viewport.row(forY: mark.point.y))
        guard style.textCell != nil else {
            return draw(Callout(lines: mark.lines, anchor: anchor, markers: [mark.point], keepsClearOf: keepsClearOf),
                        on: image, in: viewport)
        }
        if let layout = image.layout, anchor.x >= 0, anchor.x < Double(image.width), anchor.y >= 0, anchor.y < Double(image.height) {
            image.highlight = CellHighlight(pixel: anchor, ink: layout.fullInk(ofCurve: mark.curve))
        }
        return draw(Callout(lines: mark.lines, anchor: anchor, markers: [], keepsClearOf: keepsClearOf), on: image, in: viewport)
    }

    /// The tangent of `slope` through `point`, clipped to `viewport`, in pixels; nil when it
    /// misses the view or the slope is not finite.
    static func tangentSegment(through point: Point, slope: Double, in viewport: Viewport) -> [Point]? {
        guard slope.isFinite, point.x.isFinite, point.y.isFinite else { return nil }
        var low = viewport.xRange.lowerBound, high = viewport.xRange.upperBound
        // Where the line leaves the view's y-range, so no end lies far outside the picture.
        if slope != 0 {
            let a = point.x + (viewport.yRange.lowerBound - point.y) / slope
            let b = point.x + (viewport.yRange.upperBound - point.y) / slope
            low = max(low, min(a, b))
            high = min(high, max(a, b))
        } else if !viewport.yRange.contains(point.y) {
            return nil
        }
        guard low < high else { return nil }
        func pixel(_ x: Double) -> Point {
            Point(x: viewport.column(forX: x), y: viewport.row(forY: point.y + slope * (x - point.x)))
        }
        return [pixel(low), pixel(high)]
    }
}
