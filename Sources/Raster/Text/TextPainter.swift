/// Lays out and draws single lines of text from a `GlyphSource` in the label ink levels.
struct TextPainter {
    let glyphs: any GlyphSource
    let pixelHeight: Int
    let metrics: FontMetrics

    init(glyphs: any GlyphSource, pixelHeight: Int) {
        self.glyphs = glyphs
        self.pixelHeight = pixelHeight
        metrics = glyphs.metrics(pixelHeight: pixelHeight)
    }

    /// The advance width of `text` in pixels.
    func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (glyphs.glyph(for: $1, pixelHeight: pixelHeight)?.advance ?? 0) }
    }

    /// `text` cut to at most `maximumWidth` pixels, ending in an ellipsis when cut.
    func truncated(_ text: String, toWidth maximumWidth: Int) -> String {
        guard width(of: text) > maximumWidth else { return text }
        var scalars = Array(text.unicodeScalars)
        while !scalars.isEmpty {
            scalars.removeLast()
            var candidate = String(String.UnicodeScalarView(scalars))
            candidate += "…"
            if width(of: candidate) <= maximumWidth { return candidate }
        }
        return ""
    }

    /// Draws `text` with the top of its line box at (`left`, `top`).
    func draw(_ text: String, left: Int, top: Int, on canvas: inout Canvas) {
        let baseline = top + metrics.ascent
        var pen = left
        let width = canvas.width, height = canvas.height
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            for scalar in text.unicodeScalars {
                guard let glyph = glyphs.glyph(for: scalar, pixelHeight: pixelHeight) else { continue }
                let originX = pen + glyph.left, originY = baseline - glyph.top
                for gy in 0..<glyph.height {
                    let y = originY + gy
                    guard y >= 0, y < height else { continue }
                    for gx in 0..<glyph.width {
                        let x = originX + gx
                        guard x >= 0, x < width,
                              let ink = PaletteSlot.label(coverage: glyph.coverage[gy * glyph.width + gx])
                        else { continue }
                        let index = y * width + x
                        let existing = pixels[index]
                        if existing < PaletteSlot.firstLabel || existing < ink || PaletteSlot.isCurve(existing) {
                            pixels[index] = ink
                        }
                    }
                }
                pen += glyph.advance
            }
        }
    }
}
