import Raster
import Terminal

/// Kitty pans by moving a window over one large picture: the graph is transmitted once with
/// half a pane of margin on each side, and each pan step that stays inside the margin only
/// places the picture again with a new source rectangle, a few dozen bytes.
///
/// This holds while the picture pans rigidly (`GraphRenderer.pansRigidly`): every label beside
/// its axis, one curve (several have a legend fixed at the top), no popover or panel drawn in. Then the window is, pixel for pixel, the picture a fresh render
/// of the view would give. Otherwise `bytes(for:renderer:)` says nil and the caller sends the
/// whole picture as before.
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
        /// The window over the panorama last placed.
        var crop: KittyEncoder.Crop
        /// The id it was sent with: the backend's or its spare, which take turns.
        var backend: KittyBackend
    }

    let backend: KittyBackend
    /// The panorama in the terminal, nil when the picture there is not one.
    private(set) var shown: Shown?
    /// Transmits a panorama showing the crop given: the backend's, unless a test puts a failing one in its place.
    var transmit: (IndexedImage, KittyEncoder.Crop) throws(ImageEncodingError) -> [UInt8]
    /// Where a panorama rendered ahead gets its label glyphs (each job its own: glyph sources are not
    /// shared between threads); nil renders none ahead, every new panorama on the main loop.
    var glyphsAhead: (@Sendable () -> (any GlyphSource)?)?
    private let worker = PanoramaWorker()
    /// The job rendering the next panorama, and what that panorama will show.
    private var ahead: (job: Int, panorama: Shown)?
    private var jobs = 0

    /// A panorama drawing with `backend`'s image id and its spare's.
    init(backend: KittyBackend) {
        self.backend = backend
        transmit = { image, crop throws(ImageEncodingError) in try backend.picture(image, showing: crop) }
    }

    /// The margin on each side of a panorama for `pane`: half the pane.
    static func margin(for pane: AppModel.PaneSize) -> PixelSize {
        PixelSize(width: pane.width / 2, height: pane.height / 2)
    }

    /// Forgets the panorama: the screen was cleared (and both ids' pictures with it).
    mutating func forget() {
        shown = nil
        ahead = nil
    }

    /// Whether a panorama is being rendered ahead, or is ready: the loop should look again shortly.
    var isWorkingAhead: Bool { ahead != nil }
    /// Whether a panorama rendered ahead is ready to be swapped in.
    var hasPanoramaAhead: Bool { ahead.map { worker.hasFinished($0.job) } ?? false }

    /// The bytes that let another picture take the panorama's place: the spare id's picture
    /// deleted when it is the one on screen. The panorama is forgotten.
    mutating func release() -> [UInt8] {
        defer { forget() }
        guard let shown, shown.backend.imageID != backend.imageID else { return [] }
        return KittyEncoder().deleteSequence(imageID: shown.backend.imageID)
    }

    /// The bytes that show `content`: a new source rectangle when the panorama in the terminal
    /// holds the view, a panorama rendered ahead swapped in, or else a new panorama centred on it.
    /// Nil when the view does not pan rigidly (a label pinned to an edge, the popover drawn in):
    /// the caller then sends the picture whole, after `release()`.
    mutating func bytes(for content: GraphImageCache.Content, renderer: GraphRenderer) throws(ImageEncodingError) -> [UInt8]? {
        let pane = content.pane
        guard !content.hasPopover, content.panel == nil, content.curves.count == 1,
              renderer.pansRigidly(in: content.camera.viewport(width: pane.width, height: pane.height))
        else { return nil }
        let cursor = Array("\u{1B}[\(content.rect.row + 1);\(content.rect.column + 1)H".utf8)
        var out = [UInt8]()
        if let swapped = swapInAhead(showing: content, cursor: cursor) {
            out = swapped
        } else if let crop = shown?.crop(showing: content) {
            if crop != shown?.crop, let shown {
                out = cursor + shown.backend.placement(showing: crop)
            }
            shown?.crop = crop
        } else {
            // Beyond the panorama (or none yet): render one here, in the id on screen.
            ahead = nil
            let next = Self.panorama(for: content, backend: shown?.backend ?? backend)
            let image = renderer.render(content.curves.functions, in: next.viewport)
            out = try cursor + (next.shown.backend.imageID == backend.imageID
                ? transmit(image, next.shown.crop) : next.shown.backend.picture(image, showing: next.shown.crop))
            shown = next.shown
        }
        renderAheadIfNeeded(for: content, renderer: renderer)
        return out
    }

    /// A panorama centred on `content`'s view, sent with `backend`, and its viewport.
    private static func panorama(for content: GraphImageCache.Content, backend: KittyBackend) -> (shown: Shown, viewport: Viewport) {
        let pane = content.pane, margin = margin(for: pane)
        let viewport = content.camera.viewport(width: pane.width + 2 * margin.width, height: pane.height + 2 * margin.height)
        let crop = KittyEncoder.Crop(x: margin.width, y: margin.height, width: pane.width, height: pane.height)
        let shown = Shown(curves: content.curves, scaleX: content.camera.scaleX, scaleY: content.camera.scaleY,
                          pane: pane, rect: content.rect, offsetX: content.camera.offsetX, offsetY: content.camera.offsetY,
                          margin: margin, crop: crop, backend: backend)
        return (shown, viewport)
    }

    /// Once the window is past half the margin, renders a panorama centred on the view on another
    /// thread, in the id not on screen.
    private mutating func renderAheadIfNeeded(for content: GraphImageCache.Content, renderer: GraphRenderer) {
        guard let glyphsAhead, let shown, ahead == nil,
              abs(shown.crop.x - shown.margin.width) * 2 > shown.margin.width
                || abs(shown.crop.y - shown.margin.height) * 2 > shown.margin.height
        else { return }
        let spare = shown.backend.imageID == backend.imageID ? backend.spare : backend
        let next = Self.panorama(for: content, backend: spare)
        jobs += 1
        ahead = (jobs, next.shown)
        let functions = content.curves.map(\.function), style = renderer.style, viewport = next.viewport
        worker.start(job: jobs) {
            let image = GraphRenderer(style: style, glyphs: glyphsAhead())
                .render(functions.map { function -> (Double) -> Double? in function }, in: viewport)
            return Result { () throws(ImageEncodingError) in try spare.transmission(image) }
        }
    }

    /// The bytes swapping in the panorama rendered ahead when it has finished and holds the view:
    /// its transmission, its placement, and the old picture deleted. A panorama that does not
    /// hold the view (another graph, zoom or pane, or panned beyond it) is dropped.
    private mutating func swapInAhead(showing content: GraphImageCache.Content, cursor: [UInt8]) -> [UInt8]? {
        guard let ahead, let result = worker.take(ahead.job) else { return nil }
        self.ahead = nil
        var next = ahead.panorama
        guard case .success(let transmission) = result, let crop = next.crop(showing: content) else { return nil }
        next.crop = crop
        var out = transmission + cursor + next.backend.placement(showing: crop)
        if let old = shown?.backend { out += KittyEncoder().deleteSequence(imageID: old.imageID) }
        shown = next
        return out
    }
}

extension KittyPanorama.Shown {
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
