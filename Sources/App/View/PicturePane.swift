import Raster
import SizeClass
import Terminal

/// The graph picture on screen and the bytes that bring it up to date. Two ways to show one:
/// `WholePicturePane` sends the picture whole whenever what it shows changes (sixel, OSC 1337,
/// braille); `LayeredPicturePane` keeps layers in a terminal that holds pictures by id and pans
/// by moving windows over them (kitty). `AppController` picks one from the backend's abilities,
/// once, and asks it for bytes.
protocol PicturePane: AnyObject {
    /// What the picture on screen shows; nil when there is none.
    var onScreen: PictureContent? { get }
    /// Whether the pane is rendering on another thread: the loop should look again shortly.
    var isWorkingAhead: Bool { get }
    /// The bytes that show `wanted` (nothing when it is on screen already) in cells of `cell`
    /// pixels. A picture that cannot be encoded counts as shown, so a failing frame is reported
    /// once, not every frame.
    func update(to wanted: PictureContent?, cell: PixelSize) throws(ImageEncodingError) -> [UInt8]
    /// Forgets the picture: the screen was cleared.
    func forget()
    /// Lets the pane render ahead on another thread, with label glyphs from `glyphs` (each call
    /// its own source: glyph sources are not shared between threads).
    func renderAhead(glyphs: @escaping @Sendable () -> (any GlyphSource)?)
    /// The playback's next picture, rendered ahead on the worker when the pane has one.
    var framesAhead: FramesAhead { get }
}

extension PicturePane {
    /// Whether showing `wanted` moves or removes the picture on screen, which would leave pixels
    /// behind in sixel terminals.
    func isMovedOrRemoved(by wanted: PictureContent?) -> Bool {
        onScreen != nil && wanted?.rect != onScreen?.rect
    }

    var isWorkingAhead: Bool { false }

}

/// Picks the pane for `presenter`'s backend: layers where the terminal keeps pictures by id and
/// `layered` allows them, the whole picture otherwise.
func picturePane(for presenter: GraphPresenter, theme: Theme, layered: Bool = true) -> any PicturePane {
    guard layered, let layers = presenter.backend.layeredPictures else {
        return WholePicturePane(presenter: presenter, theme: theme)
    }
    return layeredPane(layers, presenter: presenter, theme: theme)
}

/// A layered pane drawing with `layers` (the existential opened).
private func layeredPane<Layers: LayeredPictures>(_ layers: Layers, presenter: GraphPresenter, theme: Theme) -> any PicturePane {
    LayeredPicturePane(layers: layers, presenter: presenter, theme: theme)
}

/// The picture sent whole each time what it shows changes (program, camera, pane, popover).
final class WholePicturePane: PicturePane {
    let presenter: GraphPresenter
    let theme: Theme
    private(set) var onScreen: PictureContent?
    let framesAhead = FramesAhead()
    /// Encodes a rendered picture for its cell rectangle and cell size: the presenter's
    /// `bytes(for:at:cell:)`, unless a test puts a failing encoder in its place.
    var encode: (IndexedImage, CellRect, PixelSize) throws(ImageEncodingError) -> [UInt8]

    /// A pane with nothing on screen.
    init(presenter: GraphPresenter, theme: Theme) {
        self.presenter = presenter
        self.theme = theme
        encode = { image, rect, cell throws(ImageEncodingError) in try presenter.bytes(for: image, at: rect, cell: cell) }
    }

    func forget() {
        onScreen = nil
    }

    func renderAhead(glyphs: @escaping @Sendable () -> (any GlyphSource)?) {
        framesAhead.enable(glyphs: glyphs)
    }

    func update(to wanted: PictureContent?, cell: PixelSize) throws(ImageEncodingError) -> [UInt8] {
        guard wanted != onScreen else { return [] }
        onScreen = wanted
        guard let wanted else { return [] }
        if let ready = framesAhead.take(wanted, cell: cell) { return try ready.get() }
        let image = GraphOverlay.picture(of: wanted, in: wanted.viewport, renderer: presenter.renderer(theme: theme, cell: cell),
                                         withPopover: wanted.hasPopover && presenter.abilities.drawsPixels)
        return try encode(image, wanted.rect, cell)
    }
}
