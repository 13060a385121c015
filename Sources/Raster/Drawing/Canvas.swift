/// A palette-index pixel buffer with the few drawing operations the axes and labels need.
struct Canvas {
    let width: Int
    let height: Int
    var pixels: [UInt8]
    /// The text drawn so far, in drawing order.
    var texts: [PlacedText] = []
    /// Every drawing operation so far, when recording for a vector format; nil (the default) records nothing.
    var drawing: Drawing?
    /// The index of pixels that let what lies beneath show, for a layer; nil when all are opaque.
    var clearIndex: UInt8?
    /// The pixel whose text cell is shown highlighted, kept from the image drawn over.
    var highlight: CellHighlight?

    /// A canvas filled with `fill`.
    init(width: Int, height: Int, fill: UInt8) {
        let width = max(width, 0), height = max(height, 0)
        self.init(width: width, height: height, pixels: LargeArray.bytes(repeating: fill, count: width * height))
    }

    /// A canvas on `pixels`, `width * height` of them.
    init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A canvas holding `image`'s pixels, text and drawing record, to draw over it.
    init(over image: IndexedImage) {
        self.init(width: image.width, height: image.height, pixels: image.pixels)
        texts = image.texts
        drawing = image.drawing
        clearIndex = image.clearIndex
        highlight = image.highlight
    }

    /// Fills the rectangle, clipped to the canvas.
    mutating func fill(_ rect: PixelRect, with index: UInt8) {
        let clipped = rect.clipped(width: width, height: height)
        guard !clipped.isEmpty else { return }
        drawing?.operations.append(.fill(clipped, slot: index))
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in clipped.top..<clipped.bottom {
                let start = y * width
                for x in clipped.left..<clipped.right { buffer[start + x] = index }
            }
        }
    }

    /// A one-pixel horizontal line in row `y` from column `left` up to `right`.
    mutating func horizontalLine(row y: Int, from left: Int, to right: Int, index: UInt8) {
        fill(PixelRect(left: left, top: y, right: right, bottom: y + 1), with: index)
    }

    /// A one-pixel vertical line in column `x` from row `top` up to `bottom`.
    mutating func verticalLine(column x: Int, from top: Int, to bottom: Int, index: UInt8) {
        fill(PixelRect(left: x, top: top, right: x + 1, bottom: bottom), with: index)
    }

    /// Paints `samples` as curve `curve` of `layout`, `lineWidth` pixels wide (at least half a pixel).
    mutating func paint(_ samples: Samples, curve: Int, of layout: PaletteLayout, lineWidth: Double) {
        let lineWidth = max(lineWidth, 0.5)
        var painter = CurvePainter(width: width, height: height, radius: lineWidth / 2)
        painter.layout = layout
        painter.curve = curve
        pixels.withUnsafeMutableBufferPointer { painter.paint(samples, into: $0) }
        drawing?.operations.append(.curve(samples, ink: layout.fullInk(ofCurve: curve), lineWidth: lineWidth))
    }

    /// The finished image with `palette`, laid out as `layout`.
    func image(palette: [RGB], layout: PaletteLayout?) -> IndexedImage {
        var image = IndexedImage(width: width, height: height, palette: palette, pixels: pixels)
        image.texts = texts
        image.layout = layout
        image.drawing = drawing
        image.clearIndex = clearIndex
        image.highlight = highlight
        return image
    }
}

/// A rectangle of whole pixels, `left..<right` × `top..<bottom`.
public struct PixelRect: Equatable, Sendable {
    public var left: Int
    public var top: Int
    public var right: Int
    public var bottom: Int

    public init(left: Int, top: Int, right: Int, bottom: Int) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    var isEmpty: Bool { left >= right || top >= bottom }

    /// The rectangle shrunk by `dx` and `dy` on each side (negative values grow it).
    func insetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(left: left + dx, top: top + dy, right: right - dx, bottom: bottom - dy)
    }

    public func intersects(_ other: PixelRect) -> Bool {
        left < other.right && other.left < right && top < other.bottom && other.top < bottom
    }

    func clipped(width: Int, height: Int) -> PixelRect {
        PixelRect(left: max(left, 0), top: max(top, 0), right: min(right, width), bottom: min(bottom, height))
    }
}
