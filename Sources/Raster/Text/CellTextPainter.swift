/// Draws text one character a cell, as a terminal lays it out: each glyph centred in its cell and
/// sized so that its ink lies inside the cell, never in the next one.
///
/// The glyphs come from a monospace face when there is one (`GlyphSource.cellGlyphs`), else from
/// the label face. The line's size is the largest at most `preferredHeight` whose line fits the
/// cell's height and whose "M" fits its width; a glyph that still reaches out of its cell (a wide
/// character, or one from the other face) is drawn smaller, and a character neither face has is
/// drawn as a hollow box, so no cell is left looking empty and none runs into its neighbour.
struct CellTextPainter {
    /// The face drawn with first.
    let glyphs: any GlyphSource
    /// The face asked for characters `glyphs` lacks, if any.
    let fallback: (any GlyphSource)?
    let cellWidth: Int
    let cellHeight: Int
    /// The size every glyph is drawn at unless it has to be smaller to fit.
    let pixelHeight: Int
    /// The line's metrics at `pixelHeight`.
    let metrics: FontMetrics

    /// The smallest size a glyph is shrunk to before it is only clipped to its cell.
    static let smallestHeight = 4

    /// A painter for cells of `cellWidth` x `cellHeight` pixels with `source`'s monospace face,
    /// or its own glyphs when it has none; text as tall as `preferredHeight` when that fits.
    init(source: any GlyphSource, cellWidth: Int, cellHeight: Int, preferredHeight: Int) {
        let mono = source.cellGlyphs
        glyphs = mono ?? source
        fallback = mono == nil ? nil : source
        self.cellWidth = max(cellWidth, 1)
        self.cellHeight = max(cellHeight, 1)
        var height = max(min(preferredHeight, self.cellHeight), Self.smallestHeight)
        while height > Self.smallestHeight {
            let fitsHeight = glyphs.metrics(pixelHeight: height).lineHeight <= self.cellHeight
            let fitsWidth = (glyphs.glyph(for: "M", pixelHeight: height)?.advance ?? 0) <= self.cellWidth
            if fitsHeight && fitsWidth { break }
            height -= 1
        }
        pixelHeight = height
        metrics = glyphs.metrics(pixelHeight: height)
    }

    /// The top of the line box within a cell: the line is centred in the cell's height.
    var lineOffset: Int { max((cellHeight - metrics.lineHeight) / 2, 0) }

    /// Draws `text` from the cell whose top-left pixel is (`left`, `top`), one Unicode scalar a
    /// cell, and records it in the canvas.
    func draw(_ text: String, left: Int, top: Int, role: PlacedText.Role, on canvas: inout Canvas) {
        let lineTop = top + lineOffset
        let placed = PlacedText(text: text, left: left, top: lineTop, width: text.unicodeScalars.count * cellWidth,
                                height: metrics.lineHeight, role: role)
        canvas.texts.append(placed)
        canvas.drawing?.operations.append(.text(placed, baseline: lineTop + metrics.ascent, font: metrics, halo: 0))
        for (index, scalar) in text.unicodeScalars.enumerated() {
            let cell = PixelRect(left: left + index * cellWidth, top: top, right: left + (index + 1) * cellWidth,
                                 bottom: top + cellHeight)
            drawGlyph(of: scalar, in: cell, on: &canvas)
        }
    }

    /// Draws `scalar`'s glyph in `cell`, inked only inside it.
    func drawGlyph(of scalar: Unicode.Scalar, in cell: PixelRect, on canvas: inout Canvas) {
        guard let placed = placedGlyph(of: scalar, in: cell) else { return }
        let clip = cell.clipped(width: canvas.width, height: canvas.height)
        guard !clip.isEmpty else { return }
        canvas.ink(placed.glyph, originX: placed.originX, originY: placed.originY, within: clip)
    }

    /// `scalar`'s glyph and the pixel its bitmap's top-left corner takes in `cell`: centred by its
    /// advance, as a terminal centres it, then moved inside the cell if its ink pokes out; nil for
    /// a space.
    func placedGlyph(of scalar: Unicode.Scalar, in cell: PixelRect) -> (glyph: GlyphBitmap, originX: Int, originY: Int)? {
        guard scalar != " " else { return nil }
        let baseline = cell.top + lineOffset + metrics.ascent
        let glyph = fittedGlyph(for: scalar, baseline: baseline - cell.top) ?? replacementBox
        var originX = cell.left + (cellWidth - glyph.advance) / 2 + glyph.left
        originX = min(max(originX, cell.left), max(cell.right - glyph.width, cell.left))
        var originY = baseline - glyph.top
        originY = min(max(originY, cell.top), max(cell.bottom - glyph.height, cell.top))
        return (glyph, originX, originY)
    }

    /// `scalar`'s glyph from the first face that has it, at the line's size or the largest smaller
    /// one whose ink fits the cell with the baseline `baseline` pixels below the cell's top; nil
    /// when neither face has it.
    func fittedGlyph(for scalar: Unicode.Scalar, baseline: Int) -> GlyphBitmap? {
        let face: any GlyphSource
        if glyphs.glyph(for: scalar, pixelHeight: pixelHeight) != nil {
            face = glyphs
        } else if let fallback, fallback.glyph(for: scalar, pixelHeight: pixelHeight) != nil {
            face = fallback
        } else {
            return nil
        }
        var height = pixelHeight
        while true {
            guard let glyph = face.glyph(for: scalar, pixelHeight: height) else { return nil }
            let fits = glyph.width <= cellWidth && glyph.top <= baseline && glyph.height - glyph.top <= cellHeight - baseline
            if fits || height <= Self.smallestHeight { return glyph }
            height -= 1
        }
    }

    /// What stands for a character no face has: a hollow box inside the cell, as terminals draw it.
    var replacementBox: GlyphBitmap {
        let width = max(cellWidth - 2, 1), height = max(min(metrics.ascent, cellHeight - 2), 1)
        var coverage = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width where y == 0 || y == height - 1 || x == 0 || x == width - 1 {
                coverage[y * width + x] = 255
            }
        }
        return GlyphBitmap(width: width, height: height, left: 0, top: height, advance: cellWidth, coverage: coverage)
    }
}
