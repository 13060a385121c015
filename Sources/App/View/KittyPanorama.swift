import Raster
import Terminal

/// Kitty pans by moving a window over one large picture: the graph is transmitted once with
/// half a pane of margin on each side, and each pan step that stays inside the margin only
/// places the picture again with a new source rectangle, a few dozen bytes.
///
/// This holds while the picture pans rigidly (`GraphRenderer.pansRigidly`): every label beside
/// its axis, no popover drawn in. Then the window is, pixel for pixel, the picture a fresh render
/// of the view would give. Otherwise `bytes(for:renderer:)` says nil and the caller sends the
/// whole picture as before.
struct KittyPanorama {
    /// A panorama transmitted: what it shows, and the camera offsets it was centred on.
    struct Shown {
        var graphed: GraphedProgram
        var scaleX: Double
        var scaleY: Double
        var pane: AppModel.PaneSize
        var rect: CellRect
        var offsetX: Double
        var offsetY: Double
        var margin: PixelSize
        /// The window over the panorama last placed.
        var crop: KittyEncoder.Crop
    }

    let backend: KittyBackend
    /// The panorama in the terminal, nil when the picture there is not one.
    private(set) var shown: Shown?
    /// Transmits a panorama showing the crop given: the backend's, unless a test puts a failing one in its place.
    var transmit: (IndexedImage, KittyEncoder.Crop) throws(ImageEncodingError) -> [UInt8]

    /// A panorama drawing with `backend`'s image id.
    init(backend: KittyBackend) {
        self.backend = backend
        transmit = { image, crop throws(ImageEncodingError) in try backend.picture(image, showing: crop) }
    }

    /// The margin on each side of a panorama for `pane`: half the pane.
    static func margin(for pane: AppModel.PaneSize) -> PixelSize {
        PixelSize(width: pane.width / 2, height: pane.height / 2)
    }

    /// Forgets the panorama: the screen was cleared or another picture replaced it.
    mutating func forget() {
        shown = nil
    }

    /// The bytes that show `content`: a new source rectangle when the panorama in the terminal
    /// holds the view, else a new panorama centred on it. Nil when the view does not pan rigidly
    /// (a label pinned to an edge, the popover drawn in): the caller then sends the picture whole.
    mutating func bytes(for content: GraphImageCache.Content, renderer: GraphRenderer) throws(ImageEncodingError) -> [UInt8]? {
        let pane = content.pane
        guard !content.hasPopover,
              renderer.pansRigidly(in: content.camera.viewport(width: pane.width, height: pane.height))
        else {
            shown = nil
            return nil
        }
        let cursor = Array("\u{1B}[\(content.rect.row + 1);\(content.rect.column + 1)H".utf8)
        if let crop = shown?.crop(showing: content) {
            guard crop != shown?.crop else { return [] }
            shown?.crop = crop
            return cursor + backend.placement(showing: crop)
        }
        let margin = Self.margin(for: pane)
        let panorama = content.camera.viewport(width: pane.width + 2 * margin.width, height: pane.height + 2 * margin.height)
        let image = renderer.render(content.graphed.function, in: panorama)
        let crop = KittyEncoder.Crop(x: margin.width, y: margin.height, width: pane.width, height: pane.height)
        let bytes = try cursor + transmit(image, crop)
        shown = Shown(graphed: content.graphed, scaleX: content.camera.scaleX, scaleY: content.camera.scaleY,
                      pane: pane, rect: content.rect, offsetX: content.camera.offsetX, offsetY: content.camera.offsetY,
                      margin: margin, crop: crop)
        return bytes
    }
}

extension KittyPanorama.Shown {
    /// The window over this panorama that shows `content`, nil when it shows another graph, scale
    /// or pane, or lies beyond the margin, or is not a whole number of pixels away.
    func crop(showing content: GraphImageCache.Content) -> KittyEncoder.Crop? {
        guard content.graphed == graphed, content.pane == pane, content.rect == rect,
              content.camera.scaleX == scaleX, content.camera.scaleY == scaleY else { return nil }
        // The camera keeps the origin as an offset from the pane's centre: moving it right by
        // d pixels moves the window left by d.
        let dx = offsetX - content.camera.offsetX, dy = offsetY - content.camera.offsetY
        guard abs(dx) <= Double(margin.width), abs(dy) <= Double(margin.height),
              let x = Int(exactly: dx), let y = Int(exactly: dy) else { return nil }
        return KittyEncoder.Crop(x: margin.width + x, y: margin.height + y, width: pane.width, height: pane.height)
    }
}
