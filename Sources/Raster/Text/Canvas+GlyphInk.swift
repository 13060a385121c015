extension Canvas {
    /// Inks `glyph` with its bitmap's top-left corner at (`originX`, `originY`), only inside
    /// `clip` (already within the canvas), in label shades by coverage. Ink lands on paper, grid,
    /// axis and curves, and on lighter label ink, never on darker: overlapping text stays legible.
    mutating func ink(_ glyph: GlyphBitmap, originX: Int, originY: Int, within clip: PixelRect) {
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { pixels in
            for gy in 0..<glyph.height {
                let y = originY + gy
                guard y >= clip.top, y < clip.bottom else { continue }
                for gx in 0..<glyph.width {
                    let x = originX + gx
                    guard x >= clip.left, x < clip.right,
                          let ink = PaletteSlot.label(coverage: glyph.coverage[gy * glyph.width + gx])
                    else { continue }
                    let index = y * width + x
                    let existing = pixels[index]
                    if existing < PaletteSlot.firstLabel || existing < ink || PaletteSlot.isCurve(existing) {
                        pixels[index] = ink
                    }
                }
            }
        }
    }
}
