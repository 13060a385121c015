import Codecs
import Raster
import Terminal

/// A pane in a terminal that keeps pictures by id (`LayeredPictures`: kitty), which pans by
/// moving windows over pictures it already holds. The graph is transmitted once,
/// with half a pane of margin on each side, in the layers of `GraphRenderer.layers`: the graph
/// with the labels that move with it, and a strip for each axis whose labels are pinned to an
/// edge. A pan step inside the margin only places the layers that moved again, each with a new
/// source rectangle: a few dozen bytes apiece. Where the window cuts a label at its edge (which
/// a fresh render moves inside or leaves out), a few small patches of the fresh picture lie over
/// the layers around those labels (`GraphRenderer.labelPatches`): each sent once and kept, placed
/// again by a later step that needs the same patch, taken off the screen (not freed) by one that
/// needs it no more (`PatchSlots`). The legend and a panel lie in an overlay above them, sent
/// again only when what it shows changes. With the popover open the picture goes whole, its tick
/// labels kept clear of the popover (layers rendered without it have labels its edge would cut). The points of interest (`o`) lie in a layer
/// of the panorama's own, found over its whole range and placed with the graph, so a pan stays a
/// placement with them on.
///
/// Kitty stacks pictures of one z-index in the order it made them: a panorama's strips are always
/// sent after its graph, so they lie above it; the patches lie above the layers at z-index 1, the
/// point marks above them at 2, the overlay above all at 3. Each layer has its own id (`LayeredPictures.layer`), two sets taking turns.
/// The stack is, pixel for pixel, the picture a fresh render of the view gives while the view's
/// labels stand as the layers' (`LabelStance`). Where they cannot (some y labels beside the axis,
/// some across it), and for a new graph, zoom or pane until its panorama is rendered on another
/// thread, the pane sends the whole picture, with the first id, as `WholePicturePane` does.
final class LayeredPicturePane<Layers: LayeredPictures>: PicturePane {
    /// The first of the ids the pane draws with: the whole picture's, and generation 0's graph layer.
    let first: Layers
    let presenter: GraphPresenter
    let theme: Theme
    /// What the picture on screen shows; nil when there is none.
    private(set) var onScreen: PictureContent?
    /// Encodes a whole picture for its cell rectangle and cell size: the presenter's
    /// `bytes(for:at:cell:)`, unless a test puts a failing encoder in its place.
    var encode: (IndexedImage, CellRect, PixelSize) throws(ImageEncodingError) -> [UInt8]
    /// The panorama in the terminal, nil when the picture there is not one.
    private(set) var shown: Panorama?
    /// What the overlay in the terminal shows, nil when there is none.
    private(set) var overlayShown: OverlayContent?
    /// The patches the terminal holds with the ids of `patch`, and where each is shown.
    private(set) var patchSlots = PatchSlots(count: GraphRenderer.maximumLabelPatches)
    /// How a picture sent is shown.
    enum Showing {
        /// A window over it, in the stack of layers.
        case window(PictureWindow)
        /// A window over it, above the layers and the patches (the point marks).
        case windowAbovePatches(PictureWindow)
        /// All of it, above every layer and patch (the overlay).
        case aboveLayers
        /// All of it, above the layers, its top-left corner this far into the cursor's cell (a patch).
        case patch(offsetInCell: PixelSize)
    }

    /// Transmits a picture with a backend's id and shows it: the backend's own encoding, unless a
    /// test puts a failing one in its place.
    var transmit: (IndexedImage, Layers, Showing) throws(ImageEncodingError) -> [UInt8] = {
        image, id, showing throws(ImageEncodingError) in
        switch showing {
        case .window(let crop): try id.picture(image, showing: crop)
        case .windowAbovePatches(let crop): try id.picture(image, showing: crop, above: 2)
        // Pictures of one z-index lie in the order the terminal made them: the overlay, sent once,
        // must stay above layers and patches sent after it.
        case .aboveLayers: try id.picture(image, above: 3, offsetInCell: PixelSize(width: 0, height: 0))
        case .patch(let offset): try id.picture(image, above: 1, offsetInCell: offset)
        }
    }
    /// The worker rendering panoramas ahead; nil renders none ahead, every new panorama on the main loop.
    private var worker: RenderWorker<PanoramaTransmission>?
    /// A playback's next picture, rendered ahead (sent whole, as each frame of a playback is).
    let framesAhead = FramesAhead()
    /// The job rendering the next panorama, and what that panorama will show.
    private var ahead: (job: Int, panorama: Panorama)?
    private var jobs = 0

    /// A pane drawing with the ids from `layers` on (`Layers.idCount` of them), its pictures
    /// rendered for `presenter` in `theme`.
    init(layers: Layers, presenter: GraphPresenter, theme: Theme) {
        first = layers
        self.presenter = presenter
        self.theme = theme
        encode = { image, rect, cell throws(ImageEncodingError) in try presenter.bytes(for: image, at: rect, cell: cell) }
    }

    func renderAhead(glyphs: @escaping @Sendable () -> (any GlyphSource)?) {
        worker = RenderWorker(glyphs: glyphs)
        framesAhead.enable(glyphs: glyphs)
    }

    func update(to wanted: PictureContent?, cell: PixelSize) throws(ImageEncodingError) -> [UInt8] {
        guard wanted != onScreen || hasPanoramaAhead else { return [] }
        onScreen = wanted
        guard let wanted else { return [] }
        let renderer = presenter.renderer(theme: theme, cell: cell)
        let stance = renderer.labelStance(in: wanted.viewport)
        // A shaded area lies under the curve, in the graph itself: that picture goes whole. So does
        // each frame of a playback, a new graph every time: a panorama (four times the area) would
        // serve no pan. So does a view with the popover open: its labels keep clear of the popover
        // (`GraphOverlay.picture`), which layers rendered without it cannot.
        let layerable = wanted.area == nil && !wanted.hasPopover
        if let stance, layerable, !wanted.isPlaying,
           let bytes = try layeredBytes(for: wanted, stance: stance, renderer: renderer, cell: cell) { return bytes }
        // The whole picture with the first id, every other id deleted; the panorama of it follows
        // from another thread when its labels can be layered.
        let released = release()
        let picture: [UInt8]
        if let ready = framesAhead.take(wanted, cell: cell) {
            picture = try ready.get()
        } else {
            let image = GraphOverlay.picture(of: wanted, in: wanted.viewport, renderer: renderer, withPopover: wanted.hasPopover)
            picture = try encode(image, wanted.rect, cell)
        }
        let bytes = released + picture
        wholePictureShown(wanted, stance: layerable ? stance : nil, renderer: renderer)
        return bytes
    }

    /// The margin on each side of a panorama for `pane`: half the pane, less where the panorama
    /// would be wider or taller than `SizeLimits.side` allows.
    static func margin(for pane: AppModel.PaneSize) -> PixelSize {
        func margin(_ side: Int) -> Int { max(min(side / 2, (SizeLimits.side.upperBound - side) / 2), 0) }
        return PixelSize(width: margin(pane.width), height: margin(pane.height))
    }

    /// The ids of one generation's layers: the graph, its pinned y labels, its pinned x labels.
    func ids(_ generation: Int) -> (graph: Layers, pinnedY: Layers, pinnedX: Layers) {
        (first.layer(generation), first.layer(2 + generation), first.layer(4 + generation))
    }

    /// The id of the overlay, above every layer.
    var overlay: Layers { first.layer(6) }

    /// The id of patch `index` (below `GraphRenderer.maximumLabelPatches`), over the layers and under the overlay.
    func patch(_ index: Int) -> Layers { first.layer(7 + index) }

    /// The id of the point marks' layer of a generation's panorama, after the patches' ids.
    func marks(_ generation: Int) -> Layers { first.layer(7 + GraphRenderer.maximumLabelPatches + generation) }

    /// Forgets the picture and the panorama: the screen was cleared (and every id's picture with it).
    func forget() {
        onScreen = nil
        shown = nil
        overlayShown = nil
        patchSlots.forget()
        ahead = nil
    }

    /// Whether a panorama is being rendered ahead, or is ready: the loop should look again shortly.
    var isWorkingAhead: Bool { ahead != nil }
    /// Whether a panorama rendered ahead is ready to be swapped in.
    var hasPanoramaAhead: Bool { ahead.flatMap { ahead in worker.map { $0.hasFinished(ahead.job) } } ?? false }

    /// The bytes that let a whole picture with the first id take the panorama's place: every
    /// other id on screen deleted. The panorama is forgotten; one being rendered ahead is kept.
    private func release() -> [UInt8] {
        var ids = [Layers]()
        if let shown { ids += deletions(of: shown).filter { !$0.isSamePicture(as: first) } }
        if overlayShown != nil { ids.append(overlay) }
        ids += patchSlots.holding.map(patch)
        shown = nil
        overlayShown = nil
        patchSlots.forget()
        return ids.flatMap { $0.deletion() }
    }

    /// Starts rendering the panorama of `content`, just sent whole with the first id, on another
    /// thread, unless one on its way will hold the view, the view's labels (`stance`) cannot be
    /// layered, or a parameter is playing.
    private func wholePictureShown(_ content: PictureContent, stance: LabelStance?, renderer: GraphRenderer) {
        // During playback each frame is a new graph: a panorama would be stale before it was ready.
        guard let stance, !content.isPlaying else {
            ahead = nil
            return
        }
        // The whole picture has the first set's graph id: a panorama in the second set may take its place.
        if let ahead, ahead.panorama.generation == 1, ahead.panorama.stance == stance,
           ahead.panorama.crop(showing: content) != nil { return }
        startAhead(Self.panorama(for: content, stance: stance, generation: 1), content: content, renderer: renderer)
    }

    /// The bytes that show `content`, its labels standing as `stance`, in cells of `cell` pixels:
    /// the layers placed again when the panorama in the terminal holds the view, or a panorama
    /// rendered ahead swapped in, with the patches over labels the window cuts; then the overlay,
    /// when what it shows changed. With no thread to render on, a new panorama here. Nil when the
    /// picture goes whole: a panorama that holds the view is yet to be rendered.
    private func layeredBytes(for content: PictureContent, stance: LabelStance, renderer: GraphRenderer,
                              cell: PixelSize) throws(ImageEncodingError) -> [UInt8]? {
        let cursor = Array("\u{1B}[\(content.rect.row + 1);\(content.rect.column + 1)H".utf8)
        var out = [UInt8]()
        if let swapped = swapInAhead(showing: content, stance: stance, cursor: cursor) {
            out = swapped
        } else if var shown, shown.stance == stance, let crop = shown.crop(showing: content) {
            if crop != shown.crop { out = cursor + placements(of: shown, at: crop, movedFrom: shown.crop) }
            shown.crop = crop
            self.shown = shown
        } else if worker != nil {
            // A new graph, zoom or pane, labels that changed places, or a pan beyond the panorama:
            // the picture goes whole, as fast as every protocol sends it, while a panorama of it
            // (four times the area) is rendered on another thread for the pans to come.
            return nil
        } else {
            // No thread to render on: a panorama here, in the ids on screen, which it replaces.
            ahead = nil
            out = try cursor + transmitPanorama(for: content, stance: stance, renderer: renderer)
        }
        out += try marksBytes(for: content, renderer: renderer, cursor: cursor)
        // The layers moved: the patches follow the window (and the cursor comes back to the pane).
        // They are drawn with the legend's band in place, where the window's picture places no label.
        if !out.isEmpty {
            let patches = try patchBytes(for: content, renderer: content.legended(renderer), cell: cell)
            if !patches.isEmpty { out += patches + cursor }
        }
        out += try overlayBytes(for: content, renderer: renderer, cursor: cursor)
        renderAheadIfNeeded(for: content, stance: stance, renderer: renderer)
        return out
    }

    /// Renders and transmits a panorama centred on `content`'s view, each layer showing its window.
    private func transmitPanorama(for content: PictureContent, stance: LabelStance,
                                           renderer: GraphRenderer) throws(ImageEncodingError) -> [UInt8] {
        let generation = shown?.generation ?? 0
        let next = Self.panorama(for: content, stance: stance, generation: generation)
        let layers = renderer.layers(content.curves.planeCurves, costs: content.curves.costs, in: next.viewport,
                                     windowWidth: content.pane.width,
                                     windowHeight: content.pane.height, stance: stance)
        let ids = self.ids(generation)
        var out = try transmit(layers.base, ids.graph, .window(next.shown.crop))
        if let strip = layers.pinnedYLabels {
            out += try transmit(strip, ids.pinnedY, .window(next.shown.pinnedYCrop))
        } else if let shown, shown.hasPinnedY {
            out += freeing([ids.pinnedY])
        }
        if let strip = layers.pinnedXLabels {
            out += try transmit(strip, ids.pinnedX, .window(next.shown.pinnedXCrop))
        } else if let shown, shown.hasPinnedX {
            out += freeing([ids.pinnedX])
        }
        if let shown, shown.hasMarks { out += freeing([marks(shown.generation)]) }
        shown = next.shown
        shown?.layers = layers
        return out
    }

    /// The bytes deleting `ids` and freeing their pixels. kitty 0.26 frees with them every picture
    /// no placement shows, so the patches kept hidden are forgotten: a later step sends them again.
    private func freeing(_ ids: [Layers]) -> [UInt8] {
        patchSlots.forgetHidden()
        return ids.flatMap { $0.deletion() }
    }

    /// The bytes laying the patches of the window shown over the layers, each at its cell and
    /// pixels into it: a patch the terminal holds already placed again (or left where it stands),
    /// another sent; those it needs no more taken off the screen, kept for a later step (`PatchSlots`).
    private func patchBytes(for content: PictureContent, renderer: GraphRenderer,
                            cell: PixelSize) throws(ImageEncodingError) -> [UInt8] {
        var patches = [LabelPatch]()
        if let shown, let layers = shown.layers, cell.width > 0, cell.height > 0 {
            patches = renderer.labelPatches(over: layers, windowAt: shown.crop.x, shown.crop.y,
                                            showing: content.viewport, stance: shown.stance)
        }
        let placed = patches.map { patch in
            (patch.image, PatchSlots.Place(row: content.rect.row + patch.top / max(cell.height, 1),
                                           column: content.rect.column + patch.left / max(cell.width, 1),
                                           offsetInCell: PixelSize(width: patch.left % max(cell.width, 1),
                                                                   height: patch.top % max(cell.height, 1))))
        }
        var out = [UInt8]()
        func cursor(_ place: PatchSlots.Place) -> [UInt8] { Array("\u{1B}[\(place.row + 1);\(place.column + 1)H".utf8) }
        for step in patchSlots.steps(showing: placed) {
            switch step {
            case .send(let slot, let image, let place):
                out += try cursor(place) + transmit(image, patch(slot), .patch(offsetInCell: place.offsetInCell))
            case .place(let slot, let place):
                out += cursor(place) + patch(slot).placement(above: 1, offsetInCell: place.offsetInCell)
            case .hide(let slot):
                out += patch(slot).hiding()
            }
        }
        return out
    }

    /// The placements moving `shown`'s layers to the window `crop` from `old` (nil: all of them).
    private func placements(of shown: Panorama, at crop: PictureWindow, movedFrom old: PictureWindow?) -> [UInt8] {
        let ids = self.ids(shown.generation)
        var moved = shown
        moved.crop = crop
        var out = ids.graph.placement(showing: crop)
        if moved.hasMarks { out += marks(shown.generation).placement(showing: crop, above: 2) }
        if moved.hasPinnedY, crop.y != old?.y { out += ids.pinnedY.placement(showing: moved.pinnedYCrop) }
        if moved.hasPinnedX, crop.x != old?.x { out += ids.pinnedX.placement(showing: moved.pinnedXCrop) }
        return out
    }

    /// The ids `shown`'s layers take.
    private func deletions(of shown: Panorama) -> [Layers] {
        let ids = self.ids(shown.generation)
        return [ids.graph] + (shown.hasPinnedY ? [ids.pinnedY] : []) + (shown.hasPinnedX ? [ids.pinnedX] : [])
            + (shown.hasMarks ? [marks(shown.generation)] : [])
    }

    /// A panorama centred on `content`'s view, sent with ids of `generation`, and its viewport.
    private static func panorama(for content: PictureContent, stance: LabelStance,
                                 generation: Int) -> (shown: Panorama, viewport: Viewport) {
        let pane = content.pane, margin = margin(for: pane)
        let viewport = content.camera.viewport(width: pane.width + 2 * margin.width, height: pane.height + 2 * margin.height)
        let crop = PictureWindow(x: margin.width, y: margin.height, width: pane.width, height: pane.height)
        let shown = Panorama(curves: content.curves, scaleX: content.camera.scaleX, scaleY: content.camera.scaleY,
                          axes: content.camera.axes,
                          pane: pane, rect: content.rect, offsetX: content.camera.offsetX, offsetY: content.camera.offsetY,
                          margin: margin, stance: stance, crop: crop, generation: generation)
        return (shown, viewport)
    }

    /// Once the window is past half the margin, renders a panorama centred on the view on another
    /// thread, in the ids not on screen.
    private func renderAheadIfNeeded(for content: PictureContent, stance: LabelStance, renderer: GraphRenderer) {
        guard let shown, ahead == nil,
              abs(shown.crop.x - shown.margin.width) * 2 > shown.margin.width
                || abs(shown.crop.y - shown.margin.height) * 2 > shown.margin.height
        else { return }
        startAhead(Self.panorama(for: content, stance: stance, generation: 1 - shown.generation), content: content,
                   renderer: renderer)
    }

    /// Renders `next`'s layers on another thread (when there are glyphs for it), replacing any job before.
    private func startAhead(_ next: (shown: Panorama, viewport: Viewport), content: PictureContent,
                                     renderer: GraphRenderer) {
        guard let worker else { return }
        let stance = next.shown.stance
        jobs += 1
        ahead = (jobs, next.shown)
        let ids = self.ids(next.shown.generation)
        let curves = content.curves, costs = content.curves.costs
        let style = renderer.style, budget = renderer.workBudget, viewport = next.viewport
        let pane = content.pane
        worker.start(job: jobs) { glyphs in
            var renderer = GraphRenderer(style: style, glyphs: glyphs)
            renderer.workBudget = budget
            let layers = renderer
                .layers(curves.planeCurves, costs: costs, in: viewport,
                        windowWidth: pane.width, windowHeight: pane.height, stance: stance)
            return Result { () throws(ImageEncodingError) in
                var out = try ids.graph.transmission(layers.base)
                if let strip = layers.pinnedYLabels { out += try ids.pinnedY.transmission(strip) }
                if let strip = layers.pinnedXLabels { out += try ids.pinnedX.transmission(strip) }
                return PanoramaTransmission(bytes: out, layers: layers)
            }
        }
    }

    /// The bytes swapping in the panorama rendered ahead when it has finished and holds the view:
    /// its transmission, its placements, and the old layers deleted. A panorama that does not
    /// hold the view (another graph, zoom, pane or label stance, or panned beyond it) is dropped.
    private func swapInAhead(showing content: PictureContent, stance: LabelStance, cursor: [UInt8]) -> [UInt8]? {
        guard let ahead, let result = worker?.take(ahead.job) else { return nil }
        self.ahead = nil
        var next = ahead.panorama
        guard case .success(let transmission) = result, next.stance == stance,
              let crop = next.crop(showing: content) else { return nil }
        next.crop = crop
        next.layers = transmission.layers
        var out = transmission.bytes + cursor + placements(of: next, at: crop, movedFrom: nil)
        // With no panorama shown, a job can only have been started by `wholePictureShown` (clearing
        // the screen drops it): the whole picture under the backend's id goes, unless replaced.
        let old = shown.map(deletions) ?? (next.generation == 0 ? [] : [first])
        out += freeing(old)
        shown = next
        return out
    }

    /// The bytes that bring the panorama's layer of point marks up to date: drawn over the whole
    /// panorama and sent once when the points are shown and it has none, deleted when they are
    /// hidden. Between, it is placed with the graph (`placements`).
    private func marksBytes(for content: PictureContent, renderer: GraphRenderer,
                            cursor: [UInt8]) throws(ImageEncodingError) -> [UInt8] {
        guard var shown, content.showsPoints != shown.hasMarks else { return [] }
        let id = marks(shown.generation)
        shown.hasMarks = content.showsPoints
        self.shown = shown
        guard content.showsPoints else { return freeing([id]) }
        let viewport = shown.viewport(scaledAs: content.camera)
        let found = PointMark.ofInterest(content.curves, in: viewport, reach: renderer.pointMarkReach)
        let layer = renderer.clearLayer(width: viewport.width, height: viewport.height, curves: content.curves.count)
        return try cursor + transmit(renderer.draw(found, on: layer, in: viewport), id, .windowAbovePatches(shown.crop))
    }

    /// The bytes that bring the overlay up to date: drawn and sent again when what it shows
    /// changed, deleted when there is nothing left to show.
    private func overlayBytes(for content: PictureContent, renderer: GraphRenderer,
                              cursor: [UInt8]) throws(ImageEncodingError) -> [UInt8] {
        // The title band has a legend for two curves or more (and the app gives it no title).
        // The points of interest lie in the panorama's layer of marks, not here.
        var content = content
        content.points = []
        let marksView = content.trace != nil
        let wanted = content.curves.count >= 2 || content.hasPopover || content.panel != nil || marksView
            ? OverlayContent(curves: content.curves, pane: content.pane, rect: content.rect,
                             popoverCamera: content.hasPopover || marksView ? content.camera : nil,
                             isSheet: content.isSheet, panel: content.panel, trace: content.trace)
            : nil
        guard wanted != overlayShown else { return [] }
        guard wanted != nil else {
            overlayShown = nil
            return freeing([overlay])
        }
        // The legend in a transparent layer, under what every pane draws over the graph.
        let renderer = content.legended(renderer)
        let layer = renderer.overlay(width: content.pane.width, height: content.pane.height, curves: content.curves.count)
        let image = GraphOverlay.draw(content, on: layer, in: content.viewport, renderer: renderer, withPopover: content.hasPopover)
        let bytes = try cursor + transmit(image, overlay, .aboveLayers)
        overlayShown = wanted
        return bytes
    }
}
