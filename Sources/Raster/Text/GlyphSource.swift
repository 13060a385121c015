/// Anti-aliased glyph bitmaps for labels, sized by line height in pixels.
///
/// Raster draws text only through this protocol; the Glyphs module implements it with FreeType.
public protocol GlyphSource: AnyObject {
    /// The vertical metrics of a font sized so one line is `pixelHeight` pixels tall.
    func metrics(pixelHeight: Int) -> FontMetrics
    /// The bitmap of `scalar` at that size, or nil when the font lacks it.
    func glyph(for scalar: Unicode.Scalar, pixelHeight: Int) -> GlyphBitmap?
    /// The font's family name ("DejaVu Sans"), for vector output that names the font; nil when unknown.
    var familyName: String? { get }
    /// The face for text laid out one character a cell, as a terminal lays it out (help and lists
    /// drawn into the picture): a monospace font when the source has one, else nil (these glyphs
    /// are then fitted into the cells).
    var cellGlyphs: (any GlyphSource)? { get }
}

extension GlyphSource {
    /// No family name unless the source says.
    public var familyName: String? { nil }
    /// No monospace face unless the source has one.
    public var cellGlyphs: (any GlyphSource)? { nil }
}

/// The vertical metrics of a font at one size, in whole pixels.
public struct FontMetrics: Equatable, Sendable {
    /// Pixels from the top of the line to the baseline.
    public var ascent: Int
    /// Pixels from the baseline to the bottom of the line.
    public var descent: Int

    /// The font's size (its em) in pixels, when known: what a vector format's font-size should say.
    public var emPixels: Double?

    /// Metrics of the given ascent and descent, and em size when known.
    public init(ascent: Int, descent: Int, emPixels: Double? = nil) {
        self.ascent = ascent
        self.descent = descent
        self.emPixels = emPixels
    }

    /// The height of a line.
    public var lineHeight: Int { ascent + descent }
}

/// One glyph's coverage bitmap and placement.
public struct GlyphBitmap: Equatable, Sendable {
    /// Bitmap width in pixels.
    public var width: Int
    /// Bitmap height in pixels.
    public var height: Int
    /// Pixels from the pen position to the bitmap's left edge.
    public var left: Int
    /// Pixels from the baseline up to the bitmap's top edge.
    public var top: Int
    /// Pixels the pen moves after this glyph.
    public var advance: Int
    /// `width × height` coverage values (0 = none, 255 = full), row-major.
    public var coverage: [UInt8]

    /// A glyph of the given bitmap and placement.
    public init(width: Int, height: Int, left: Int, top: Int, advance: Int, coverage: [UInt8]) {
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.advance = advance
        self.coverage = coverage
    }
}
