import Codecs
import Raster
import Terminal

/// Kitty pans by moving windows over pictures it already holds. The graph is transmitted once,
/// with half a pane of margin on each side, in the layers of `GraphRenderer.layers`: the graph
/// with the labels that move with it, and a strip for each axis whose labels are pinned to an
/// edge. A pan step inside the margin only places the layers that moved again, each with a new
/// source rectangle: a few dozen bytes apiece. Where the window cuts a label at its edge (which
/// a fresh render moves inside or leaves out), a few small patches of the fresh picture lie over
/// the layers around those labels (`GraphRenderer.labelPatches`), sent again each such step and
/// deleted once the window cuts none. The legend, the popover and a panel lie in an overlay above
/// them, sent again only when what it shows changes.
///
/// Kitty stacks pictures of one z-index in the order it made them: a panorama's strips are always
/// sent after its graph, so they lie above it; the patches lie above the layers at z-index 1, the
/// overlay above all at 2. Each layer has its own id (`KittyBackend.layer`), two sets taking turns.
/// The stack is, pixel for pixel, the picture a fresh render of the view gives while the view's
/// labels stand as the layers' (`LabelStance`). Where they cannot (some y labels beside the axis,
/// some across it), `bytes(for:renderer:cell:)` says nil and the caller sends the whole picture.
struct KittyPanorama {
    /// A panorama transmitted: what it shows, and the camera offsets it was centred on.
    struct Shown {
        var curves: [GraphedProgram]
        var scaleX: Double
        var scaleY: Double
        var pane: AppModel.PaneSize
        var rect: CellRect
        var offsetX: Double
        var offsetY: Double
        var margin: PixelSize
        /// How its labels stand: which layers it has.
        var stance: LabelStance
        /// The window over the graph layer last placed.
        var crop: KittyEncoder.Crop
        /// Which of the two sets of ids it was sent with (0 or 1): they take turns.
        var generation: Int
        /// Its layers, kept to draw the patches of windows that cut a label; nil until rendered.
        var layers: GraphLayers?
    }

    /// What the overlay shows: the legend of the curves, the popover of a view, a panel.
    struct OverlayContent: Equatable {
        var curves: [GraphedProgram]
        var pane: AppModel.PaneSize
        var rect: CellRect
        /// The camera while the popover is open: its numbers and marks follow the view.
        var popoverCamera: GraphCamera?
        var isSheet: Bool
        var panel: Panel?
    }

    let backend: KittyBackend
    /// The panorama in the terminal, nil when the picture there is not one.
    private(set) var shown: Shown?
    /// What the overlay in the terminal shows, nil when there is none.
    private(set) var overlayShown: OverlayContent?
    /// How many patches lie over the layers in the terminal (the first ids of `patch`).
    private(set) var patchesShown = 0
    /// How a picture sent is shown.
    enum Showing {
        /// A window over it, in the stack of layers.
        case window(KittyEncoder.Crop)
        /// All of it, above every layer and patch (the overlay).
        case aboveLayers
        /// All of it, above the layers, its top-left corner this far into the cursor's cell (a patch).
        case patch(offsetInCell: PixelSize)
    }

    /// Transmits a picture with a backend's id and shows it: the backend's own encoding, unless a
    /// test puts a failing one in its place.
    var transmit: (IndexedImage, KittyBackend, Showing) throws(ImageEncodingError) -> [UInt8] = {
        image, backend, showing throws(ImageEncodingError) in
        switch showing {
        case .window(let crop): try backend.picture(image, showing: crop)
        // Kitty stacks pictures of one z-index in the order it made them: the overlay, sent once,
        // must stay above layers and patches sent after it.
        case .aboveLayers: try backend.picture(image, above: 2)
        case .patch(let offset): try backend.picture(image, above: 1, offsetInCell: offset)
        }
    }
    /// Where a panorama rendered ahead gets its label glyphs (each job its own: glyph sources are not
    /// shared between threads); nil renders none ahead, every new panorama on the main loop.
    var glyphsAhead: (@Sendable () -> (any GlyphSource)?)?
    private let worker = PanoramaWorker()
    /// The job rendering the next panorama, and what that panorama will show.
    private var ahead: (job: Int, panorama: Shown)?
    private var jobs = 0

    /// A panorama drawing with `backend`'s image id and the next `KittyBackend.layerCount - 1`.
    init(backend: KittyBackend) {
        self.backend = backend
    }

    /// The margin on each side of a panorama for `pane`: half the pane, less where the panorama
    /// would be wider or taller than `SizeLimits.side` allows.
    static func margin(for pane: AppModel.PaneSize) -> PixelSize {
        func margin(_ side: Int) -> Int { max(min(side / 2, (SizeLimits.side.upperBound - side) / 2), 0) }
        return PixelSize(width: margin(pane.width), height: margin(pane.height))
    }

    /// The ids of one generation's layers: the graph, its pinned y labels, its pinned x labels.
    func layers(_ generation: Int) -> (graph: KittyBackend, pinnedY: KittyBackend, pinnedX: KittyBackend) {
        (backend.layer(generation), backend.layer(2 + generation), backend.layer(4 + generation))
    }

    /// The id of the overlay, above every layer.
    var overlay: KittyBackend { backend.layer(6) }

    /// The id of patch `index` (below `KittyBackend.patchCount`), over the layers and under the overlay.
    func patch(_ index: Int) -> KittyBackend { backend.layer(7 + index) }

    /// Forgets the panorama: the screen was cleared (and every id's picture with it).
    mutating func forget() {
        shown = nil
        overlayShown = nil
        patchesShown = 0
        ahead = nil
    }

    /// Whether a panorama is being rendered ahead, or is ready: the loop should look again shortly.
    var isWorkingAhead: Bool { ahead != nil }
    /// Whether a panorama rendered ahead is ready to be swapped in.
    var hasPanoramaAhead: Bool { ahead.map { worker.hasFinished($0.job) } ?? false }

    /// The bytes that let a whole picture with the backend's id take the panorama's place: every
    /// other id on screen deleted. The panorama is forgotten; one being rendered ahead is kept.
    mutating func release() -> [UInt8] {
        var ids = [KittyBackend]()
        if let shown { ids += deletions(of: shown).filter { $0.imageID != backend.imageID } }
        if overlayShown != nil { ids.append(overlay) }
        ids += (0..<patchesShown).map(patch)
        shown = nil
        overlayShown = nil
        patchesShown = 0
        return ids.flatMap { KittyEncoder().deleteSequence(imageID: $0.imageID) }
    }

    /// Starts rendering the panorama of `content`, just sent whole with the backend's id, on
    /// another thread, unless one on its way will hold the view or the view's labels cannot be layered.
    mutating func wholePictureShown(_ content: GraphImageCache.Content, renderer: GraphRenderer) {
        let pane = content.pane
        guard let stance = renderer.labelStance(in: content.camera.viewport(width: pane.width, height: pane.height)) else {
            ahead = nil
            return
        }
        // The whole picture has the first set's graph id: a panorama in the second set may take its place.
        if let ahead, ahead.panorama.generation == 1, ahead.panorama.stance == stance,
           ahead.panorama.crop(showing: content) != nil { return }
        startAhead(Self.panorama(for: content, stance: stance, generation: 1), content: content, renderer: renderer)
    }

    /// The bytes that show `content`, in cells of `cell` pixels: the layers placed again when the
    /// panorama in the terminal holds the view, or a panorama rendered ahead swapped in, with the
    /// patches over labels the window cuts; then the overlay, when what it shows changed. With no
    /// thread to render on, a new panorama here. Nil when the caller should send the picture whole,
    /// after `release()`, then call `wholePictureShown`: the view's labels cannot move as layers,
    /// or a panorama that holds it is yet to be rendered.
    mutating func bytes(for content: GraphImageCache.Content, renderer: GraphRenderer,
                        cell: PixelSize) throws(ImageEncodingError) -> [UInt8]? {
        let pane = content.pane
        guard let stance = renderer.labelStance(in: content.camera.viewport(width: pane.width, height: pane.height))
        else { return nil }
        let cursor = Array("\u{1B}[\(content.rect.row + 1);\(content.rect.column + 1)H".utf8)
        var out = [UInt8]()
        if let swapped = swapInAhead(showing: content, stance: stance, cursor: cursor) {
            out = swapped
        } else if var shown, shown.stance == stance, let crop = shown.crop(showing: content) {
            if crop != shown.crop { out = cursor + placements(of: shown, at: crop, movedFrom: shown.crop) }
            shown.crop = crop
            self.shown = shown
        } else if glyphsAhead != nil {
            // A new graph, zoom or pane, labels that changed places, or a pan beyond the panorama:
            // the caller sends the picture whole, as fast as every protocol does, while a
            // panorama of it (four times the area) is rendered on another thread for the pans to come.
            return nil
        } else {
            // No thread to render on: a panorama here, in the ids on screen, which it replaces.
            ahead = nil
            out = try cursor + transmitPanorama(for: content, stance: stance, renderer: renderer)
        }
        // The layers moved: the patches follow the window (and the cursor comes back to the pane).
        if !out.isEmpty {
            let patches = try patchBytes(for: content, renderer: renderer, cell: cell)
            if !patches.isEmpty { out += patches + cursor }
        }
        out += try overlayBytes(for: content, renderer: renderer, cursor: cursor)
        renderAheadIfNeeded(for: content, stance: stance, renderer: renderer)
        return out
    }

    /// Renders and transmits a panorama centred on `content`'s view, each layer showing its window.
    private mutating func transmitPanorama(for content: GraphImageCache.Content, stance: LabelStance,
                                           renderer: GraphRenderer) throws(ImageEncodingError) -> [UInt8] {
        let generation = shown?.generation ?? 0
        let next = Self.panorama(for: content, stance: stance, generation: generation)
        let layers = renderer.layers(content.curves.functions, costs: content.curves.costs, in: next.viewport,
                                     windowWidth: content.pane.width,
                                     windowHeight: content.pane.height, stance: stance)
        let ids = self.layers(generation)
        var out = try transmit(layers.base, ids.graph, .window(next.shown.crop))
        if let strip = layers.pinnedYLabels {
            out += try transmit(strip, ids.pinnedY, .window(next.shown.pinnedYCrop))
        } else if let shown, shown.hasPinnedY {
            out += KittyEncoder().deleteSequence(imageID: ids.pinnedY.imageID)
        }
        if let strip = layers.pinnedXLabels {
            out += try transmit(strip, ids.pinnedX, .window(next.shown.pinnedXCrop))
        } else if let shown, shown.hasPinnedX {
            out += KittyEncoder().deleteSequence(imageID: ids.pinnedX.imageID)
        }
        shown = next.shown
        shown?.layers = layers
        return out
    }

    /// The bytes laying the patches of the window shown over the layers, each at its cell and
    /// pixels into it, and deleting those left from before that it needs no more.
    private mutating func patchBytes(for content: GraphImageCache.Content, renderer: GraphRenderer,
                                     cell: PixelSize) throws(ImageEncodingError) -> [UInt8] {
        var patches = [LabelPatch]()
        if let shown, let layers = shown.layers, cell.width > 0, cell.height > 0 {
            patches = renderer.labelPatches(over: layers, windowAt: shown.crop.x, shown.crop.y,
                                            showing: content.camera.viewport(width: content.pane.width,
                                                                             height: content.pane.height),
                                            stance: shown.stance)
        }
        var out = [UInt8]()
        for (index, patch) in patches.prefix(KittyBackend.patchCount).enumerated() {
            let row = content.rect.row + patch.top / cell.height, column = content.rect.column + patch.left / cell.width
            out += Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
            out += try transmit(patch.image, self.patch(index),
                                .patch(offsetInCell: PixelSize(width: patch.left % cell.width, height: patch.top % cell.height)))
        }
        let laid = min(patches.count, KittyBackend.patchCount)
        for index in laid..<max(patchesShown, laid) { out += KittyEncoder().deleteSequence(imageID: patch(index).imageID) }
        patchesShown = laid
        return out
    }

    /// The placements moving `shown`'s layers to the window `crop` from `old` (nil: all of them).
    private func placements(of shown: Shown, at crop: KittyEncoder.Crop, movedFrom old: KittyEncoder.Crop?) -> [UInt8] {
        let ids = layers(shown.generation)
        var moved = shown
        moved.crop = crop
        var out = ids.graph.placement(showing: crop)
        if moved.hasPinnedY, crop.y != old?.y { out += ids.pinnedY.placement(showing: moved.pinnedYCrop) }
        if moved.hasPinnedX, crop.x != old?.x { out += ids.pinnedX.placement(showing: moved.pinnedXCrop) }
        return out
    }

    /// The ids `shown`'s layers take.
    private func deletions(of shown: Shown) -> [KittyBackend] {
        let ids = layers(shown.generation)
        return [ids.graph] + (shown.hasPinnedY ? [ids.pinnedY] : []) + (shown.hasPinnedX ? [ids.pinnedX] : [])
    }

    /// A panorama centred on `content`'s view, sent with ids of `generation`, and its viewport.
    private static func panorama(for content: GraphImageCache.Content, stance: LabelStance,
                                 generation: Int) -> (shown: Shown, viewport: Viewport) {
        let pane = content.pane, margin = margin(for: pane)
        let viewport = content.camera.viewport(width: pane.width + 2 * margin.width, height: pane.height + 2 * margin.height)
        let crop = KittyEncoder.Crop(x: margin.width, y: margin.height, width: pane.width, height: pane.height)
        let shown = Shown(curves: content.curves, scaleX: content.camera.scaleX, scaleY: content.camera.scaleY,
                          pane: pane, rect: content.rect, offsetX: content.camera.offsetX, offsetY: content.camera.offsetY,
                          margin: margin, stance: stance, crop: crop, generation: generation)
        return (shown, viewport)
    }

    /// Once the window is past half the margin, renders a panorama centred on the view on another
    /// thread, in the ids not on screen.
    private mutating func renderAheadIfNeeded(for content: GraphImageCache.Content, stance: LabelStance, renderer: GraphRenderer) {
        guard let shown, ahead == nil,
              abs(shown.crop.x - shown.margin.width) * 2 > shown.margin.width
                || abs(shown.crop.y - shown.margin.height) * 2 > shown.margin.height
        else { return }
        startAhead(Self.panorama(for: content, stance: stance, generation: 1 - shown.generation), content: content,
                   renderer: renderer)
    }

    /// Renders `next`'s layers on another thread (when there are glyphs for it), replacing any job before.
    private mutating func startAhead(_ next: (shown: Shown, viewport: Viewport), content: GraphImageCache.Content,
                                     renderer: GraphRenderer) {
        guard let glyphsAhead else { return }
        let stance = next.shown.stance
        jobs += 1
        ahead = (jobs, next.shown)
        let ids = layers(next.shown.generation)
        let functions = content.curves.map(\.function), costs = content.curves.costs
        let style = renderer.style, budget = renderer.workBudget, viewport = next.viewport
        let pane = content.pane
        worker.start(job: jobs) {
            var renderer = GraphRenderer(style: style, glyphs: glyphsAhead())
            renderer.workBudget = budget
            let layers = renderer
                .layers(functions.map { function -> (Double) -> Double? in function }, costs: costs, in: viewport,
                        windowWidth: pane.width, windowHeight: pane.height, stance: stance)
            return Result { () throws(ImageEncodingError) in
                var out = try ids.graph.transmission(layers.base)
                if let strip = layers.pinnedYLabels { out += try ids.pinnedY.transmission(strip) }
                if let strip = layers.pinnedXLabels { out += try ids.pinnedX.transmission(strip) }
                return PanoramaWorker.Transmission(bytes: out, layers: layers)
            }
        }
    }

    /// The bytes swapping in the panorama rendered ahead when it has finished and holds the view:
    /// its transmission, its placements, and the old layers deleted. A panorama that does not
    /// hold the view (another graph, zoom, pane or label stance, or panned beyond it) is dropped.
    private mutating func swapInAhead(showing content: GraphImageCache.Content, stance: LabelStance, cursor: [UInt8]) -> [UInt8]? {
        guard let ahead, let result = worker.take(ahead.job) else { return nil }
        self.ahead = nil
        var next = ahead.panorama
        guard case .success(let transmission) = result, next.stance == stance,
              let crop = next.crop(showing: content) else { return nil }
        next.crop = crop
        next.layers = transmission.layers
        var out = transmission.bytes + cursor + placements(of: next, at: crop, movedFrom: nil)
        // With no panorama shown, a job can only have been started by `wholePictureShown` (clearing
        // the screen drops it): the whole picture under the backend's id goes, unless replaced.
        let old = shown.map(deletions) ?? (next.generation == 0 ? [] : [backend])
        out += old.flatMap { KittyEncoder().deleteSequence(imageID: $0.imageID) }
        shown = next
        return out
    }

    /// The bytes that bring the overlay up to date: drawn and sent again when what it shows
    /// changed, deleted when there is nothing left to show.
    private mutating func overlayBytes(for content: GraphImageCache.Content, renderer: GraphRenderer,
                                       cursor: [UInt8]) throws(ImageEncodingError) -> [UInt8] {
        // The title band has a legend for two curves or more (and the app gives it no title).
        let wanted = content.curves.count >= 2 || content.hasPopover || content.panel != nil
            ? OverlayContent(curves: content.curves, pane: content.pane, rect: content.rect,
                             popoverCamera: content.hasPopover ? content.camera : nil,
                             isSheet: content.isSheet, panel: content.panel)
            : nil
        guard wanted != overlayShown else { return [] }
        guard wanted != nil else {
            overlayShown = nil
            return KittyEncoder().deleteSequence(imageID: overlay.imageID)
        }
        var renderer = renderer
        renderer.style.legend = content.curves.map { ChromeView.equation($0.description) }
        let viewport = content.camera.viewport(width: content.pane.width, height: content.pane.height)
        var image = renderer.overlay(width: content.pane.width, height: content.pane.height, curves: content.curves.count)
        if content.hasPopover {
            image = PopoverPicture(curves: CurveStatistics.measure(content.curves, in: viewport), renderer: renderer,
                                   isSheet: content.isSheet)
                .draw(on: image, viewport: viewport)
        }
        if let panel = content.panel { image = renderer.draw(panel, on: image) }
        let bytes = try cursor + transmit(image, overlay, .aboveLayers)
        overlayShown = wanted
        return bytes
    }
}

extension KittyPanorama.Shown {
    /// Whether the y labels are pinned, in a layer of their own.
    var hasPinnedY: Bool { stance.y?.isPinned == true }
    /// Whether the x labels are pinned, in a layer of their own.
    var hasPinnedX: Bool { stance.x.isPinned }
    /// The window over the pinned y labels: as wide as the pane already, it follows the graph up and down.
    var pinnedYCrop: KittyEncoder.Crop { KittyEncoder.Crop(x: 0, y: crop.y, width: 0, height: crop.height) }
    /// The window over the pinned x labels: as tall as the pane already, it follows the graph left and right.
    var pinnedXCrop: KittyEncoder.Crop { KittyEncoder.Crop(x: crop.x, y: 0, width: crop.width, height: 0) }

    /// The window over this panorama that shows `content`, nil when it shows another graph, scale
    /// or pane, or lies beyond the margin, or is not a whole number of pixels away.
    func crop(showing content: GraphImageCache.Content) -> KittyEncoder.Crop? {
        guard content.curves == curves, content.pane == pane, content.rect == rect,
              content.camera.scaleX == scaleX, content.camera.scaleY == scaleY else { return nil }
        // The camera keeps the origin as an offset from the pane's centre: moving it right by
        // d pixels moves the window left by d.
        let dx = offsetX - content.camera.offsetX, dy = offsetY - content.camera.offsetY
        guard abs(dx) <= Double(margin.width), abs(dy) <= Double(margin.height),
              let x = Int(exactly: dx), let y = Int(exactly: dy) else { return nil }
        return KittyEncoder.Crop(x: margin.width + x, y: margin.height + y, width: pane.width, height: pane.height)
    }
}

