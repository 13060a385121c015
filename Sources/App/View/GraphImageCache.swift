import Raster
import SizeClass
import Terminal

/// The graph picture on screen and the bytes that bring it up to date: a frame draws the
/// picture again only when what it shows changes (program, camera, pane, popover).
struct GraphImageCache {
    /// What a graph picture shows.
    struct Content: Equatable {
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
    }

    let presenter: GraphPresenter
    let theme: Theme
    /// What the picture on screen shows; nil when there is none.
    private(set) var onScreen: Content?
    /// Encodes a rendered picture for its cell rectangle and cell size: the presenter's
    /// `bytes(for:at:cell:)`, unless a test puts a failing encoder in its place.
    var encode: (IndexedImage, CellRect, PixelSize) throws(ImageEncodingError) -> [UInt8]
    /// Kitty's panorama, which pans by placing the picture again; nil for other protocols.
    var panorama: KittyPanorama?

    /// A cache with nothing on screen.
    init(presenter: GraphPresenter, theme: Theme) {
        self.presenter = presenter
        self.theme = theme
        encode = { image, rect, cell throws(ImageEncodingError) in try presenter.bytes(for: image, at: rect, cell: cell) }
        panorama = (presenter.backend as? KittyBackend).map(KittyPanorama.init)
    }

    /// Whether showing `wanted` moves or removes the picture on screen, which would leave
    /// pixels behind in sixel terminals.
    func isMovedOrRemoved(by wanted: Content?) -> Bool {
        onScreen != nil && wanted?.rect != onScreen?.rect
    }

    /// The graph `content` shows in `viewport`, drawn by `renderer` (with a legend when there
    /// are several curves), with the popover drawn in when asked.
    static func picture(of content: Content, in viewport: Viewport, renderer: GraphRenderer, withPopover: Bool) -> IndexedImage {
        var renderer = renderer
        renderer.style.legend = content.curves.map { ChromeView.equation($0.description) }
        var image = renderer.render(content.curves.functions, costs: content.curves.costs, in: viewport)
        if withPopover {
            image = PopoverPicture(curves: CurveStatistics.measure(content.curves, in: viewport), renderer: renderer,
                                   isSheet: content.isSheet)
                .draw(on: image, viewport: viewport)
        }
        return content.panel.map { renderer.draw($0, on: image) } ?? image
    }

    /// Forgets the picture: the screen was cleared.
    mutating func forget() {
        onScreen = nil
        panorama?.forget()
    }

    /// The bytes that show `wanted`, or nothing when it is on screen already. A picture that
    /// cannot be encoded counts as shown, so a failing frame is reported once, not every frame.
    mutating func update(to wanted: Content?, cell: PixelSize) throws(ImageEncodingError) -> [UInt8] {
        guard wanted != onScreen || panorama?.hasPanoramaAhead == true else { return [] }
        onScreen = wanted
        guard let wanted else { return [] }
        let viewport = wanted.camera.viewport(width: wanted.pane.width, height: wanted.pane.height)
        let renderer = presenter.renderer(theme: theme, cell: cell)
        if let bytes = try panorama?.bytes(for: wanted, renderer: renderer, cell: cell) { return bytes }
        let released = panorama?.release() ?? []
        let image = Self.picture(of: wanted, in: viewport, renderer: renderer,
                                 withPopover: wanted.hasPopover && presenter.abilities.drawsPixels)
        let bytes = try released + encode(image, wanted.rect, cell)
        panorama?.wholePictureShown(wanted, renderer: renderer)
        return bytes
    }
}
