/// Renders a y(x) graph (grid, axes, labels, curve, title) into a fixed-palette image.
///
/// The renderer asks the function for values and never keeps them. `render` is `sample`
/// followed by `rasterize`; call them separately to time each phase.
public struct GraphRenderer {
    /// How the graph looks.
    public var style: GraphStyle
    /// Where label glyphs come from; nil draws no text.
    public let glyphs: (any GlyphSource)?

    /// A renderer of the given style and glyph source.
    public init(style: GraphStyle = GraphStyle(), glyphs: (any GlyphSource)?) {
        self.style = style
        self.glyphs = glyphs
    }

    /// The graph of `function` (nil or non-finite = undefined) in `viewport`.
    public func render(_ function: (Double) -> Double?, in viewport: Viewport) -> IndexedImage {
        rasterize(sample(function, in: viewport), in: viewport)
    }

    /// The adaptively sampled curve of `function` in `viewport`, in pixel coordinates.
    public func sample(_ function: (Double) -> Double?, in viewport: Viewport) -> Samples {
        guard viewport.isRepresentable else { return Samples() }
        let sampler = CurveSampler(viewport: viewport, margin: style.lineWidth + 2)
        return sampler.sample(function)
    }

    /// The image of `samples` over the grid, axes and labels of `viewport`, with the title on top.
    public func rasterize(_ samples: Samples, in viewport: Viewport) -> IndexedImage {
        var canvas = Canvas(width: viewport.width, height: viewport.height, fill: PaletteSlot.background)
        let text = glyphs.map { TextPainter(glyphs: $0, pixelHeight: max(style.labelPixelHeight, 4)) }
        let title = titleLayout(text, canvas: canvas)
        if viewport.isRepresentable {
            AxesPainter(viewport: viewport, style: style, text: text)
                .draw(on: &canvas, avoiding: title.map { [$0.box] } ?? [])
        }
        let painter = CurvePainter(width: canvas.width, height: canvas.height, radius: max(style.lineWidth, 0.5) / 2)
        canvas.pixels.withUnsafeMutableBufferPointer { painter.paint(samples, into: $0) }
        if let title, let text {
            canvas.fill(title.box, with: PaletteSlot.background)
            let border = title.box
            canvas.horizontalLine(row: border.bottom - 1, from: border.left, to: border.right, index: PaletteSlot.grid)
            canvas.verticalLine(column: border.right - 1, from: border.top, to: border.bottom, index: PaletteSlot.grid)
            text.draw(title.text, left: title.textLeft, top: title.textTop, role: .title, on: &canvas)
        }
        return canvas.image(palette: style.theme.palette)
    }

    /// Whether a picture of `viewport` pans rigidly: every label sits beside its axis, so the
    /// picture equals the matching crop of a larger picture of the same graph and scale, and a
    /// terminal can show a pan by moving a window over one large picture. No title may be drawn.
    public func pansRigidly(in viewport: Viewport) -> Bool {
        guard viewport.isRepresentable, style.title?.isEmpty ?? true else { return false }
        let text = glyphs.map { TextPainter(glyphs: $0, pixelHeight: max(style.labelPixelHeight, 4)) }
        return AxesPainter(viewport: viewport, style: style, text: text).pansRigidly
    }

    private struct TitleLayout {
        let text: String
        let box: PixelRect
        let textLeft: Int
        let textTop: Int
    }

    /// The title, cut to fit, in a box at the top-left corner.
    private func titleLayout(_ text: TextPainter?, canvas: Canvas) -> TitleLayout? {
        guard let text, let title = style.title, !title.isEmpty else { return nil }
        let padding = max(2, style.labelPixelHeight / 4)
        let fitted = text.truncated(title, toWidth: canvas.width - 4 * padding)
        guard !fitted.isEmpty else { return nil }
        let box = PixelRect(
            left: 0, top: 0,
            right: 2 * padding + text.width(of: fitted) + 1,
            bottom: text.metrics.lineHeight + padding + 1
        )
        return TitleLayout(text: fitted, box: box, textLeft: padding, textTop: padding / 2)
    }
}
