import Raster

/// A glyph source of solid boxes, to test text layout without a font.
final class BoxGlyphs: GlyphSource {
    func metrics(pixelHeight: Int) -> FontMetrics {
        FontMetrics(ascent: pixelHeight * 3 / 4, descent: pixelHeight - pixelHeight * 3 / 4)
    }

    func glyph(for scalar: Unicode.Scalar, pixelHeight: Int) -> GlyphBitmap? {
        let width = pixelHeight / 2, height = pixelHeight / 2
        return GlyphBitmap(
            width: width, height: height, left: 1, top: height, advance: width + 2,
            coverage: [UInt8](repeating: 255, count: width * height)
        )
    }
}
