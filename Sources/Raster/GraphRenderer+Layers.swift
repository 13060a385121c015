/// A graph picture split into the layers a terminal can move separately when the view pans.
///
/// A window over the base, with the window over each strip of pinned labels laid on top (their
/// clear pixels let the base show), is pixel for pixel the picture `render` draws of the same
/// view, for every window whose labels stand as the layers' (`GraphRenderer.labelStance`) and
/// that cuts no label at its edge; where it cuts one, the window's `labelPatches` laid on top make it so.
public struct GraphLayers: Sendable {
    /// The graph: its grid, axes, its curves, and the labels that move with it over them.
    public var base: IndexedImage
    /// The y labels pinned to the left or right edge: as wide as the window, as tall as the base,
    /// clear elsewhere; nil when the y labels move with the graph.
    public var pinnedYLabels: IndexedImage?
    /// The x labels pinned to the top or bottom edge: as wide as the base, as tall as the window,
    /// clear elsewhere; nil when the x labels move with the graph.
    public var pinnedXLabels: IndexedImage?
    /// The base's pixels before its labels were drawn (the grid, axes and curves), from which
    /// `labelPatches` draws a window's own labels.
    var unlabelled: [UInt8] = []
}

extension GraphRenderer {
    /// How the labels of a picture of `viewport` stand; nil when the picture cannot be drawn,
    /// or when its labels cannot move as layers: some y labels beside the axis, some across it.
    public func labelStance(in viewport: Viewport) -> LabelStance? {
        guard viewport.isRepresentable else { return nil }
        let stance = AxesPainter(viewport: viewport, style: style, text: textPainter).stance
        return stance.y == nil ? nil : stance
    }

    /// The layers of the graphs of `functions` over `panorama`, for windows of `windowWidth` x
    /// `windowHeight` pixels inside it whose labels stand as `stance`; curves are coloured as
    /// `render` colours them and sampled within the work budget by `costs` as `render` samples them.
    public func layers(_ functions: [(Double) -> Double?], costs: [Int] = [], in panorama: Viewport, windowWidth: Int,
                       windowHeight: Int, stance: LabelStance) -> GraphLayers {
        layers(functions.map(PlaneCurve.graph), costs: costs, in: panorama, windowWidth: windowWidth,
               windowHeight: windowHeight, stance: stance)
    }

    /// The layers of the sampled `curves` over `panorama` (see `layers`).
    func layers(sampled curves: [Samples], in panorama: Viewport, windowWidth: Int, windowHeight: Int,
                stance: LabelStance) -> GraphLayers {
        let layout = PaletteLayout(curves: curves.count, paletteLimit: style.paletteLimit)
        var base = Canvas(width: panorama.width, height: panorama.height, fill: PaletteSlot.background)
        // Labels crossing the panorama's edge are left out: any window showing a part of one has it
        // across its own edge too, where the window's `labelPatches` draw it as the window's picture does.
        let axes = panorama.isRepresentable
            ? AxesPainter(viewport: panorama, style: style, text: textPainter, movesEdgeLabels: false) : nil
        drawBase(curves, of: layout, axes: axes, stance: stance, drawsLabels: false, on: &base)
        let unlabelled = base.pixels
        axes?.drawMovingLabels(on: &base, stance: stance)
        var layers = GraphLayers(base: base.image(palette: style.theme.palette(for: layout), layout: layout))
        layers.unlabelled = unlabelled
        guard axes != nil else { return layers }
        if stance.y?.isPinned == true {
            // As wide as the window: the pinned labels' columns are the window's.
            var strip = panorama
            strip.width = windowWidth
            layers.pinnedYLabels = pinnedLabels(of: .y, in: strip, stance: stance, layout: layout)
        }
        if stance.x.isPinned {
            var strip = panorama
            strip.height = windowHeight
            layers.pinnedXLabels = pinnedLabels(of: .x, in: strip, stance: stance, layout: layout)
        }
        return layers
    }

    /// The title and legend band of `curves` curves alone on a clear picture of `width` x
    /// `height`, to lay over a panned picture; a callout or panel may be drawn over it.
    public func overlay(width: Int, height: Int, curves: Int) -> IndexedImage {
        let layout = PaletteLayout(curves: curves, paletteLimit: style.paletteLimit)
        var canvas = clearCanvas(width: width, height: height, layout: layout)
        drawTitleBand(of: layout, on: &canvas)
        return canvas.image(palette: layerPalette(for: layout), layout: layout)
    }

    /// A clear layer of `width` by `height` pixels in the palette of `curves` curves, to draw marks on.
    public func clearLayer(width: Int, height: Int, curves: Int) -> IndexedImage {
        let layout = PaletteLayout(curves: curves, paletteLimit: style.paletteLimit)
        return clearCanvas(width: width, height: height, layout: layout).image(palette: layerPalette(for: layout), layout: layout)
    }

    /// A clear strip of `strip`'s size with the pinned labels of `axis` drawn in.
    private func pinnedLabels(of axis: AxesPainter.Axis, in strip: Viewport, stance: LabelStance,
                              layout: PaletteLayout) -> IndexedImage {
        var canvas = clearCanvas(width: strip.width, height: strip.height, layout: layout)
        AxesPainter(viewport: strip, style: style, text: textPainter, movesEdgeLabels: false)
            .drawPinnedLabels(of: axis, on: &canvas, stance: stance)
        return canvas.image(palette: layerPalette(for: layout), layout: layout)
    }

    /// A canvas of clear pixels, whose clear index is the last of `layerPalette(for: layout)`.
    private func clearCanvas(width: Int, height: Int, layout: PaletteLayout) -> Canvas {
        let clear = UInt8(layerPalette(for: layout).count - 1)
        var canvas = Canvas(width: width, height: height, fill: clear)
        canvas.clearIndex = clear
        return canvas
    }

    /// The theme's palette for `layout` and one more entry, the clear one, last.
    private func layerPalette(for layout: PaletteLayout) -> [RGB] {
        let palette = style.theme.palette(for: layout)
        return palette + [palette[Int(PaletteSlot.background)]]
    }
}
