/// An sRGB colour, 8 bits a channel.
public struct RGB: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// A pixel of a picture whose text cell is shown highlighted: its background in `ink`.
public struct CellHighlight: Equatable, Sendable {
    /// The pixel, in the picture's coordinates.
    public var pixel: Point
    /// The palette index of the highlight's colour.
    public var ink: UInt8

    public init(pixel: Point, ink: UInt8) {
        self.pixel = pixel
        self.ink = ink
    }
}

/// A paletted image: one palette index per pixel, rows top to bottom.
///
/// Every renderer output is one of these, so terminal encoders never quantize.
public struct IndexedImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// The colours; at most 256. `pixels` index into it.
    public var palette: [RGB]
    /// `width * height` palette indices, row-major.
    public var pixels: [UInt8]
    /// The lines of text drawn into the image and where, for a terminal that writes them as
    /// text instead (the Unicode fallback).
    public var texts: [PlacedText] = []
    /// Where the curves' inks lie in the palette, for a graph image; nil for other images.
    public var layout: PaletteLayout?
    /// The index of the pixels that show what lies beneath (a layer drawn over another picture);
    /// nil when every pixel is opaque.
    public var clearIndex: UInt8?
    /// The drawing operations that made the image, when its renderer records them (`GraphRenderer.recordsDrawing`).
    var drawing: Drawing?
    /// A pixel whose text cell a renderer of cells shows highlighted in an ink (the traced point
    /// in braille); pictures shown in pixels mark it with a ring instead.
    public var highlight: CellHighlight?

    public init(width: Int, height: Int, palette: [RGB], fill: UInt8 = 0) {
        precondition(width >= 0 && height >= 0 && palette.count <= 256)
        self.width = width
        self.height = height
        self.palette = palette
        self.pixels = LargeArray.bytes(repeating: fill, count: width * height)
    }

    public init(width: Int, height: Int, palette: [RGB], pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height && palette.count <= 256)
        self.width = width
        self.height = height
        self.palette = palette
        self.pixels = pixels
    }

    /// The palette index at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The colour at column `x`, row `y`.
    public func color(x: Int, y: Int) -> RGB {
        palette[Int(self[x, y])]
    }
}
