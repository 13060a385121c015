/// Glyphs for text a terminal writes itself, one character a cell: each is `cell.width` pixels
/// wide and the line `cell.height` tall, with no ink. A graph rendered with these lays its labels
/// out on the cell grid and records them (`IndexedImage.texts`) without drawing them.
public final class CellGlyphs: GlyphSource {
    /// One character cell in the image's pixels (2 x 4 for braille).
    public let cell: (width: Int, height: Int)

    /// Cells of `width` x `height` pixels.
    public init(width: Int, height: Int) {
        cell = (max(width, 1), max(height, 1))
    }

    /// A line is one cell tall, whatever size is asked for.
    public func metrics(pixelHeight: Int) -> FontMetrics {
        FontMetrics(ascent: cell.height, descent: 0)
    }

    /// An empty glyph one cell wide.
    public func glyph(for scalar: Unicode.Scalar, pixelHeight: Int) -> GlyphBitmap? {
        GlyphBitmap(width: 0, height: 0, left: 0, top: 0, advance: cell.width, coverage: [])
    }
}
