@testable import Raster
import Testing

/// Text laid out in cells keeps each glyph inside its cell, whatever the glyph: one too wide is
/// drawn smaller, one the monospace face lacks comes from the label face, one neither has is a box.
@Suite("Text in cells")
struct CellTextTests {
    /// Glyphs of solid ink `widthRatio` of the size wide (and half as tall), for only the scalars in `has` (all when nil).
    final class SolidGlyphs: GlyphSource {
        let widthRatio: Double
        let has: Set<Unicode.Scalar>?
        let monospace: (any GlyphSource)?
        init(widthRatio: Double, has: Set<Unicode.Scalar>? = nil, monospace: (any GlyphSource)? = nil) {
            self.widthRatio = widthRatio
            self.has = has
            self.monospace = monospace
        }
        func metrics(pixelHeight: Int) -> FontMetrics {
            FontMetrics(ascent: pixelHeight * 3 / 4, descent: pixelHeight - pixelHeight * 3 / 4)
        }
        func glyph(for scalar: Unicode.Scalar, pixelHeight: Int) -> GlyphBitmap? {
            if let has, !has.contains(scalar) { return nil }
            let width = max(Int(Double(pixelHeight) * widthRatio), 1), height = pixelHeight / 2
            return GlyphBitmap(width: width, height: height, left: 0, top: height, advance: width,
                               coverage: [UInt8](repeating: 255, count: width * height))
        }
        var cellGlyphs: (any GlyphSource)? { monospace }
    }

    /// Ink pixels of `canvas` inside and outside the cell at `column` (row 0) of `width` x `height`.
    static func ink(_ canvas: Canvas, column: Int, width: Int, height: Int) -> (inside: Int, outside: Int) {
        var inside = 0, outside = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.pixels[y * canvas.width + x] >= PaletteSlot.firstLabel {
                if x / width == column && y < height { inside += 1 } else { outside += 1 }
            }
        }
        return (inside, outside)
    }

    /// `text` drawn in cells of 8 x 16 from `source` on a blank canvas three cells wide.
    static func drawn(_ text: String, source: any GlyphSource) -> Canvas {
        var canvas = Canvas(width: 24, height: 32, fill: PaletteSlot.background)
        CellTextPainter(source: source, cellWidth: 8, cellHeight: 16, preferredHeight: 16)
            .draw(text, left: 0, top: 0, role: .panel, on: &canvas)
        return canvas
    }

    @Test("A glyph wider than its cell is drawn smaller, inside it")
    func wideGlyphShrinks() {
        // The monospace face's "M" fits; "W" is twice as wide as a cell at the line's size.
        let mono = SolidGlyphs(widthRatio: 0.5, has: ["M", " "])
        let label = SolidGlyphs(widthRatio: 2, monospace: mono)
        let canvas = Self.drawn(" W", source: label)
        let ink = Self.ink(canvas, column: 1, width: 8, height: 16)
        #expect(ink.inside > 0, "the glyph is drawn")
        #expect(ink.outside == 0, "\(ink.outside) pixels outside its cell")
    }

    @Test("A character the monospace face lacks comes from the label face")
    func fallsBack() {
        let mono = SolidGlyphs(widthRatio: 0.5, has: ["M"])
        let label = SolidGlyphs(widthRatio: 0.25, monospace: mono)
        let canvas = Self.drawn("MZ", source: label)
        let m = Self.ink(canvas, column: 0, width: 8, height: 16).inside
        let z = Self.ink(canvas, column: 1, width: 8, height: 16).inside
        #expect(m > 0 && z > 0 && z < m, "Z is drawn, and narrower: the label face's (\(m), \(z))")
    }

    @Test("A character no face has is a box inside its cell, never an empty cell")
    func replacementBox() throws {
        let mono = SolidGlyphs(widthRatio: 0.5, has: ["M"])
        let label = SolidGlyphs(widthRatio: 0.5, has: ["M"], monospace: mono)
        let canvas = Self.drawn(" 数", source: label)
        let ink = Self.ink(canvas, column: 1, width: 8, height: 16)
        #expect(ink.inside > 0 && ink.outside == 0)
        // Hollow: the middle of the box is blank.
        let rows = (0..<16).filter { y in (8..<16).contains { canvas.pixels[y * 24 + $0] >= PaletteSlot.firstLabel } }
        try #require(!rows.isEmpty, "something is drawn")
        let middle = rows[rows.count / 2]
        #expect(canvas.pixels[middle * 24 + 12] == PaletteSlot.background, "a hollow box")
    }

    @Test("The line's size is the largest whose monospace \"M\" fits the cell's width and whose line fits its height")
    func lineSize() {
        let mono = SolidGlyphs(widthRatio: 0.6, has: ["M"])
        let painter = CellTextPainter(source: SolidGlyphs(widthRatio: 1, monospace: mono), cellWidth: 8, cellHeight: 16,
                                      preferredHeight: 16)
        #expect(painter.pixelHeight == 14, "0.6 x 14 = 8.4 rounds down to 8, the cell's width; 15 gives 9")
        #expect(painter.glyphs === mono)
    }
}
