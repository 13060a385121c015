import Analysis
import Raster

/// What the graph picture shows: the curves through a camera in a pane, with what lies over them.
struct PictureContent: Equatable {
    /// The curves, in colour order (the newest last).
    var curves: [GraphedProgram]
    var camera: GraphCamera
    var pane: AppModel.PaneSize
    var rect: CellRect
    var hasPopover: Bool
    /// Whether the popover fills the pane's width, as a compact-width sheet.
    var isSheet: Bool
    /// Help or history drawn over the graph, if open.
    var panel: Panel?
    /// The traced point, if a trace is on.
    var trace: TraceMark?
    /// The points of interest in view, when they are shown (`o`).
    var points: [PointMark] = []
    /// Whether the points of interest are shown (`o`): a layered pane marks its whole panorama's.
    var showsPoints = false
    /// The area a trace measures, shaded under its curve.
    var area: AreaShade?
    /// Whether a parameter is being played: each frame is a new graph, and a layered pane renders
    /// no panorama of one (it would be stale by the next frame).
    var isPlaying = false

    /// The view of the pane: the camera over the pane's pixels. Computed once, when the content is.
    let viewport: Viewport

    /// What a picture of `curves` through `camera` in `pane` at `rect` shows.
    init(curves: [GraphedProgram], camera: GraphCamera, pane: AppModel.PaneSize, rect: CellRect,
         hasPopover: Bool, isSheet: Bool, panel: Panel? = nil, trace: TraceMark? = nil) {
        self.curves = curves
        self.camera = camera
        self.pane = pane
        self.rect = rect
        self.hasPopover = hasPopover
        self.isSheet = isSheet
        self.panel = panel
        self.trace = trace
        viewport = camera.viewport(width: pane.width, height: pane.height)
    }

    /// `renderer` with the legend of these curves (the title band has one for two curves or more).
    func legended(_ renderer: GraphRenderer) -> GraphRenderer {
        var renderer = renderer
        renderer.style.legend = curves.map(\.equation)
        return renderer
    }
}

extension PointMark {
    /// The points of interest of `curves` as marks wherever a dot reaching `reach` pixels from its
    /// centre shows in `viewport`: roots, extrema, y-intercepts and intersections; never a pole or a jump.
    static func ofInterest(_ curves: [GraphedProgram], in viewport: Viewport, reach: Double) -> [PointMark] {
        // Widened along the axis's positions: by log x on a log axis.
        let scale = viewport.xScale
        let range = viewport.xPositionRange, width = Double(max(viewport.width, 1))
        let pad = (range.upperBound - range.lowerBound) / width * reach
        let low = scale.value(at: range.lowerBound - pad), high = scale.value(at: range.upperBound + pad)
        let widened = low < high && low.isFinite && high.isFinite && (scale == .linear || low > 0) ? low...high : viewport.xRange
        return PointsOfInterest.find(in: curves.functions, over: widened, xScale: scale, costs: curves.costs).pointMarks
    }
}

/// What lies over the graph in a picture, drawn the same way whatever the pane: a traced area's
/// shade, points of interest, a trace's mark, the popover's box and marks, and a panel (help or
/// history). The one place a new overlay is added.
enum GraphOverlay {
    /// `image` (the graph in `viewport`, or a transparent layer above it) with `content`'s
    /// overlays drawn on it by `renderer`; the popover only `withPopover`.
    static func draw(_ content: PictureContent, on image: IndexedImage, in viewport: Viewport, renderer: GraphRenderer,
                     withPopover: Bool) -> IndexedImage {
        draw(content, on: image, in: viewport, renderer: renderer,
             popover: withPopover ? popover(of: content, in: viewport, renderer: renderer) : nil)
    }

    /// The popover of `content`'s curves in `viewport`; nil where a panel (help, history, the
    /// table) over the graph overlaps it: the panel lies on top, and the popover is hidden whole
    /// rather than showing a strip of its box beside the panel's frame.
    static func popover(of content: PictureContent, in viewport: Viewport, renderer: GraphRenderer) -> PopoverPicture? {
        let popover = PopoverPicture(curves: CurveStatistics.measure(content.curves, in: viewport), renderer: renderer,
                                     isSheet: content.isSheet)
        guard let panel = content.panel.map(Self.box),
              let cover = popover.cover(width: viewport.width, height: viewport.height) else { return popover }
        let margin = PixelRect(left: cover.left - 2, top: cover.top - 2, right: cover.right + 2, bottom: cover.bottom + 2)
        return margin.intersects(panel) ? nil : popover
    }

    /// The pixels `panel` covers, its frame included.
    static func box(of panel: Panel) -> PixelRect {
        PixelRect(left: panel.column * panel.cellWidth, top: panel.row * panel.cellHeight,
                  right: (panel.column + panel.columns) * panel.cellWidth, bottom: (panel.row + panel.rows) * panel.cellHeight)
    }

    /// Draws the overlays bottom to top: each box keeps clear of those above it (the trace's
    /// readout moves off the popover and the panel, or is left out), so the top one is whole and
    /// no strip of one under it shows.
    private static func draw(_ content: PictureContent, on image: IndexedImage, in viewport: Viewport, renderer: GraphRenderer,
                             popover: PopoverPicture?) -> IndexedImage {
        var image = image
        if let area = content.area, content.curves.indices.contains(area.curve) {
            image = renderer.draw(area, under: content.curves[area.curve].function, on: image, in: viewport)
        }
        if !content.points.isEmpty { image = renderer.draw(content.points, on: image, in: viewport) }
        let above = [popover?.cover(width: viewport.width, height: viewport.height), content.panel.map(Self.box)].compactMap { $0 }
        if let trace = content.trace { image = renderer.draw(trace, on: image, in: viewport, keepsClearOf: above) }
        if let popover { image = popover.draw(on: image, viewport: viewport) }
        return content.panel.map { renderer.draw($0, on: image) } ?? image
    }

    /// The whole picture of `content` in `viewport` (the pane's, or the cells' for braille's
    /// saved picture): the graph with its legend, the popover drawn in when asked, and a panel.
    /// No tick label lies where the popover goes (each is whole or left out).
    static func picture(of content: PictureContent, in viewport: Viewport, renderer: GraphRenderer,
                        withPopover: Bool) -> IndexedImage {
        var renderer = content.legended(renderer)
        let popover = withPopover ? popover(of: content, in: viewport, renderer: renderer) : nil
        if let cover = popover?.cover(width: viewport.width, height: viewport.height) { renderer.style.labelsKeptClear.append(cover) }
        let image = renderer.render(content.curves.planeCurves, costs: content.curves.costs, in: viewport)
        return draw(content, on: image, in: viewport, renderer: renderer, popover: popover)
    }
}
