/// Lays out and draws single lines of text from a `GlyphSource` in the label ink levels.
struct TextPainter {
    let glyphs: any GlyphSource
    let pixelHeight: Int
    let metrics: FontMetrics
    /// Each glyph's halo, worked out once for all the labels this painter draws.
    private let halos = HaloMasks()

    init(glyphs: any GlyphSource, pixelHeight: Int) {
        self.glyphs = glyphs
        self.pixelHeight = pixelHeight
        metrics = glyphs.metrics(pixelHeight: pixelHeight)
    }

    /// The advance width of `text` in pixels.
    func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + advance(of: $1) }
    }

    /// `text` cut to at most `maximumWidth` pixels, ending in an ellipsis when cut.
    ///
    /// Each glyph is measured once: the longest prefix whose advances plus the ellipsis fit is
    /// found from running sums, so a 20 000-character title costs no more than drawing it.
    func truncated(_ text: String, toWidth maximumWidth: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        var prefixWidths = [0]
        prefixWidths.reserveCapacity(scalars.count + 1)
        for scalar in scalars {
            prefixWidths.append(prefixWidths[prefixWidths.count - 1] + advance(of: scalar))
        }
        guard let total = prefixWidths.last, total > maximumWidth else { return text }
        let room = maximumWidth - width(of: "…")
        guard room >= 0 else { return "" }
        // Widths only grow with the prefix: the last prefix (shorter than the text) within `room`.
        var low = 0, high = scalars.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if prefixWidths[middle] <= room { low = middle } else { high = middle - 1 }
        }
        return String(String.UnicodeScalarView(scalars[..<low])) + "…"
    }

    private func advance(of scalar: Unicode.Scalar) -> Int {
        glyphs.glyph(for: scalar, pixelHeight: pixelHeight)?.advance ?? 0
    }

    /// The halo around a tick label's ink, in pixels: 1, or 2 from 14-pixel lines up.
    var haloRadius: Int { pixelHeight >= 14 ? 2 : 1 }

    /// Draws `text` with the top of its line box at (`left`, `top`), and records it in the canvas;
    /// with a `halo`, every pixel within that many of its ink (a rounded square) is first painted
    /// in the paper colour, so the text reads over anything drawn before it.
    func draw(_ text: String, left: Int, top: Int, role: PlacedText.Role, halo: Int = 0, on canvas: inout Canvas) {
        let placed = PlacedText(text: text, left: left, top: top, width: width(of: text), height: metrics.lineHeight, role: role)
        canvas.texts.append(placed)
        let baseline = top + metrics.ascent
        canvas.drawing?.operations.append(.text(placed, baseline: baseline, font: metrics, halo: halo))
        if halo > 0 { paintHalo(of: text, left: left, baseline: baseline, radius: halo, on: &canvas) }
        let whole = PixelRect(left: 0, top: 0, right: canvas.width, bottom: canvas.height)
        var pen = left
        for scalar in text.unicodeScalars {
            guard let glyph = glyphs.glyph(for: scalar, pixelHeight: pixelHeight) else { continue }
            canvas.ink(glyph, originX: pen + glyph.left, originY: baseline - glyph.top, within: whole)
            pen += glyph.advance
        }
    }

    /// Paints the paper colour on every pixel within `radius` of `text`'s ink (corners of the
    /// square cut off from a radius of 2 up), clipped to the canvas.
    private func paintHalo(of text: String, left: Int, baseline: Int, radius: Int, on canvas: inout Canvas) {
        let width = canvas.width, height = canvas.height
        var pen = left
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            for scalar in text.unicodeScalars {
                guard let glyph = glyphs.glyph(for: scalar, pixelHeight: pixelHeight) else { continue }
                halos.mask(of: glyph, scalar: scalar, radius: radius)
                    .paint(PaletteSlot.background, originX: pen + glyph.left, originY: baseline - glyph.top,
                           into: pixels, width: width, height: height)
                pen += glyph.advance
            }
        }
    }
}
