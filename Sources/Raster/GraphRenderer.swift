/// Renders y(x) graphs (grid, axes, labels, curves, title and legend) into a fixed-palette image.
///
/// The renderer asks the functions for values and never keeps them. `render` is `sample`
/// followed by `rasterize`; call them separately to time each phase.
public struct GraphRenderer {
    /// How the graph looks.
    public var style: GraphStyle
    /// Where label glyphs come from; nil draws no text.
    public let glyphs: (any GlyphSource)?
    /// Whether images keep the drawing operations that made them, for `SVGDocument` (a little
    /// more work and memory per image; off by default).
    public var recordsDrawing = false
    /// The work sampling the curves of one picture may take, shared among them by their costs.
    public var workBudget = WorkBudget.frame

    /// A renderer of the given style and glyph source.
    public init(style: GraphStyle = GraphStyle(), glyphs: (any GlyphSource)?) {
        self.style = style
        self.glyphs = glyphs
    }

    /// The graph of `function` (nil or non-finite = undefined) in `viewport`.
    public func render(_ function: (Double) -> Double?, in viewport: Viewport) -> IndexedImage {
        rasterize(sample(function, in: viewport), in: viewport)
    }

    /// The graphs of `functions` together in `viewport`, each in its colour of the theme, later ones on top.
    /// `costs` says what one evaluation of each costs (see `WorkBudget`); missing costs are 1.
    public func render(_ functions: [(Double) -> Double?], costs: [Int] = [], in viewport: Viewport) -> IndexedImage {
        render(functions.map(PlaneCurve.graph), costs: costs, in: viewport)
    }

    /// The adaptively sampled curve of `function` in `viewport`, in pixel coordinates, as one of
    /// `curves` that share the work budget, each evaluation costing `cost`.
    public func sample(_ function: (Double) -> Double?, in viewport: Viewport, cost: Int = 1, curves: Int = 1) -> Samples {
        guard viewport.isRepresentable else { return Samples() }
        var sampler = CurveSampler(viewport: viewport, margin: style.lineWidth + 2)
        sampler.evaluationLimit = workBudget.evaluations(cost: cost, curves: curves)
        return sampler.sample(function)
    }

    /// The samples of each of `functions`, sharing the work budget by `costs` (missing costs are 1).
    public func sample(_ functions: [(Double) -> Double?], costs: [Int] = [], in viewport: Viewport) -> [Samples] {
        sample(functions.map(PlaneCurve.graph), costs: costs, in: viewport)
    }

    /// The image of `samples` over the grid, axes and labels of `viewport`, with the title on top.
    public func rasterize(_ samples: Samples, in viewport: Viewport) -> IndexedImage {
        rasterize([samples], in: viewport)
    }

    /// The image of several sampled curves over the grid, axes and labels of `viewport`, with
    /// the title and legend on top. Curves beyond what `style.paletteLimit` holds are left out.
    ///
    /// The drawing order is the layers' (`layers`): grid and axes; the curves; the labels that move
    /// with the graph; the labels pinned to an edge; the title band. Labels lie over the curves in
    /// a halo of the paper colour, and each is whole or left out, never cut by the picture's edge
    /// or hidden under the title band.
    public func rasterize(_ curves: [Samples], in viewport: Viewport) -> IndexedImage {
        let layout = PaletteLayout(curves: curves.count, paletteLimit: style.paletteLimit)
        var canvas = Canvas(width: viewport.width, height: viewport.height, fill: PaletteSlot.background)
        if recordsDrawing { canvas.drawing = Drawing(fontFamily: glyphs?.familyName) }
        let text = textPainter
        let band = text.flatMap { TitleBand(style: style, text: $0, width: canvas.width, height: canvas.height) }
        // No tick label is placed under the band: it would be drawn over, cut (a label is whole or left out).
        let axes = viewport.isRepresentable
            ? AxesPainter(viewport: viewport, style: style, text: text, reserved: keptClear(band: band?.box))
            : nil
        let stance = axes?.stance
        let placed = drawBase(curves, of: layout, axes: axes, stance: stance, on: &canvas)
        if let axes, let stance {
            // Each group clear of those before: pinned x and y labels meet in a corner on log–log axes.
            let besideY = axes.drawPinnedLabels(of: .y, on: &canvas, stance: stance, clearOf: placed)
            axes.drawPinnedLabels(of: .x, on: &canvas, stance: stance, clearOf: besideY)
        }
        if let text, let band { band.draw(on: &canvas, text: text, layout: layout, lineWidth: max(style.lineWidth, 1)) }
        return canvas.image(palette: style.theme.palette(for: layout), layout: layout)
    }

    /// Where no tick label goes in a picture whose title band is `band`: the band, and the boxes
    /// drawn over the picture afterwards (`GraphStyle.labelsKeptClear`).
    func keptClear(band: PixelRect?) -> [PixelRect] {
        [band].compactMap { $0 } + style.labelsKeptClear
    }

    /// The box the title and legend band takes in a picture of `width` × `height` pixels: paper
    /// drawn over the graph, which what is drawn over the picture afterwards keeps out of. Nil
    /// without glyphs or without a band.
    func titleBandBox(width: Int, height: Int) -> PixelRect? {
        textPainter.flatMap { TitleBand(style: style, text: $0, width: width, height: height)?.box }
    }

    /// The label painter, nil without glyphs.
    var textPainter: TextPainter? {
        glyphs.map { TextPainter(glyphs: $0, pixelHeight: max(style.labelPixelHeight, 4)) }
    }

    /// The base of a picture, what moves with the graph: grid and axes (when `axes` and `stance`
    /// are given), the regions' tints, then each curve that `layout` holds, later ones over earlier ones, then the
    /// labels beside the axes over them unless `drawsLabels` is false. `rasterize` and `layers` both start from it.
    /// Returns the boxes later labels keep clear of (`AxesPainter.drawMovingLabels`), none without labels.
    @discardableResult
    func drawBase(_ curves: [Samples], of layout: PaletteLayout, axes: AxesPainter?, stance: LabelStance?,
                  drawsLabels: Bool = true, on canvas: inout Canvas) -> [PixelRect] {
        var underGrid = canvas.drawing?.operations.count ?? 0
        if let axes, stance != nil { axes.drawLines(on: &canvas) }
        // Regions first, on the paper only, so the grid shows through and every curve lies over them.
        for (index, samples) in curves.prefix(layout.curveCount).enumerated() where samples.isRegion {
            canvas.tint(samples.tint, curve: index, of: layout, sparse: style.textCell != nil, recordingAt: &underGrid)
        }
        for (index, samples) in curves.prefix(layout.curveCount).enumerated() {
            canvas.paint(samples, curve: index, of: layout, lineWidth: style.lineWidth)
        }
        // Over the curves, each in its halo, so no curve hides a sign or a digit.
        if drawsLabels, let axes, let stance { return axes.drawMovingLabels(on: &canvas, stance: stance) }
        return []
    }

    /// Draws the title and legend band in the top-left corner, if there is one.
    func drawTitleBand(of layout: PaletteLayout, on canvas: inout Canvas) {
        guard let text = textPainter,
              let band = TitleBand(style: style, text: text, width: canvas.width, height: canvas.height) else { return }
        band.draw(on: &canvas, text: text, layout: layout, lineWidth: max(style.lineWidth, 1))
    }
}
