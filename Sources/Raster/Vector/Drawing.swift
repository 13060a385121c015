/// The drawing operations a `Canvas` performed, in order, kept so a vector format can replay
/// them (`SVGDocument`): the same layout as the pixels, drawn with shapes and text instead.
struct Drawing: Equatable, Sendable {
    /// One thing drawn.
    enum Operation: Equatable, Sendable {
        /// A rectangle filled with a palette slot (backgrounds, grid and axis lines, ticks, boxes).
        case fill(PixelRect, slot: UInt8)
        /// A line of text in the full label ink; `baseline` is the row its glyphs sit on; `halo` is
        /// the width in pixels of the paper-coloured outline under its ink (0: none).
        case text(PlacedText, baseline: Int, font: FontMetrics, halo: Int)
        /// A curve's branches and bands, `lineWidth` pixels wide, in the palette slot `ink`.
        case curve(Samples, ink: UInt8, lineWidth: Double)
        /// A ring (a popover's marker) in the full label ink.
        case ring(centre: Point, radius: Double, thickness: Double)
        /// A point of interest's dot: the paper's colour inside, a ring of `outline` around it.
        case dot(centre: Point, radius: Double, thickness: Double, outline: UInt8)
        /// A shaded area: each pixel column's span, filled with `slot` under everything else drawn.
        case shade([ShadeSpan], slot: UInt8)
        /// A region's tint: runs of pixels filled with `slot`, or (`checkered`) only the pixels
        /// whose column + row is odd, where the region overlaps another's tint.
        case tint([TintRun], slot: UInt8, checkered: Bool)
    }

    /// One pixel column of a shaded area: rows `top..<bottom` of `column`.
    struct ShadeSpan: Equatable, Sendable {
        var column: Int
        var top: Int
        var bottom: Int
    }

    /// What was drawn, first to last.
    var operations: [Operation] = []
    /// The family of the font the text was drawn in, when the glyph source names it.
    var fontFamily: String?
}
