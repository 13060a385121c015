/// A point of interest as the graph marks it: a small dot of the paper's colour, outlined in the
/// colour of its curve (the legend's).
public struct PointMark: Sendable, Equatable {
    /// The point, in graph units.
    public var point: Point
    /// The curve whose colour outlines it, in colour order.
    public var curve: Int

    /// A mark at `point` outlined in curve `curve`'s colour.
    public init(point: Point, curve: Int) {
        self.point = point
        self.curve = curve
    }
}

extension GraphRenderer {
    /// The most marks one picture draws: a bound on the work whatever the function.
    public static let maximumPointMarks = 400

    /// How far a point mark's ink reaches from its centre, in pixels: a dot whose centre lies this
    /// close outside a picture shows in part.
    public var pointMarkReach: Double { pointMarkRadius + pointMarkThickness / 2 }
    private var pointMarkRadius: Double { max(style.lineWidth * 2, 3.5) }
    private var pointMarkThickness: Double { max(style.lineWidth * 0.75, 1.5) }

    /// `image` (rendered in `viewport`) with `marks` drawn over it, those whose dot reaches into
    /// the picture (at most `maximumPointMarks`), recorded too when the image keeps its drawing (for SVG).
    /// The title band is paper drawn over the graph, its curves hidden under it: a dot that would
    /// reach into it is left out, as a tick label is, and the legend stays whole.
    public func draw(_ marks: [PointMark], on image: IndexedImage, in viewport: Viewport) -> IndexedImage {
        guard let layout = image.layout else { return image }
        let reach = pointMarkReach
        let band = titleBandBox(width: image.width, height: image.height)
        let centres = marks.lazy.map { mark in
            (mark, Point(x: viewport.column(forX: mark.point.x), y: viewport.row(forY: mark.point.y)))
        }
        let shown = centres.filter { _, centre in
            centre.x >= -reach && centre.x <= Double(image.width) + reach && centre.y >= -reach && centre.y <= Double(image.height) + reach
                && !(band.map { Self.reaches(centre, by: reach, into: $0) } ?? false)
        }.prefix(Self.maximumPointMarks)
        guard !shown.isEmpty else { return image }
        var canvas = Canvas(over: image)
        let radius = pointMarkRadius, thickness = pointMarkThickness
        for (mark, centre) in shown {
            let outline = layout.fullInk(ofCurve: mark.curve)
            canvas.dot(around: centre, radius: radius, thickness: thickness, fill: PaletteSlot.background, outline: outline)
            canvas.drawing?.operations.append(.dot(centre: centre, radius: radius, thickness: thickness, outline: outline))
        }
        return canvas.image(palette: image.palette, layout: image.layout)
    }

    /// Whether a dot at `centre` reaching `reach` pixels touches a pixel of `box`.
    private static func reaches(_ centre: Point, by reach: Double, into box: PixelRect) -> Bool {
        centre.x + reach > Double(box.left) && centre.x - reach < Double(box.right)
            && centre.y + reach > Double(box.top) && centre.y - reach < Double(box.bottom)
    }
}

extension Canvas {
    /// A ring of `outline`, `radius` to its middle and `thickness` wide, filled with `fill` (nil
    /// leaves the inside as it is), clipped to the canvas.
    mutating func dot(around centre: Point, radius: Double, thickness: Double, fill: UInt8?, outline: UInt8) {
        guard centre.x.isFinite, centre.y.isFinite else { return }
        let reach = Int(clamping: min(max(radius + thickness, 0), 1000), rounding: .up)
        let cx = Int(pixel: centre.x, rounding: .toNearestOrAwayFromZero)
        let cy = Int(pixel: centre.y, rounding: .toNearestOrAwayFromZero)
        for y in (cy - reach)...(cy + reach) where y >= 0 && y < height {
            for x in (cx - reach)...(cx + reach) where x >= 0 && x < width {
                let dx = Double(x) + 0.5 - centre.x, dy = Double(y) + 0.5 - centre.y
                let distance = (dx * dx + dy * dy).squareRoot()
                if abs(distance - radius) <= thickness / 2 {
                    pixels[y * width + x] = outline
                } else if distance < radius, let fill {
                    pixels[y * width + x] = fill
                }
            }
        }
    }
}
