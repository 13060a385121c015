import Raster
import Terminal

/// Sizes the graph to its pane and encodes pictures with the session's graphics backend.
///
/// A pane is measured in the backend's pixels: true pixels (within what the protocol shows
/// uncropped) or braille dots for the Unicode fallback, whose labels are text in cells.
struct GraphPresenter {
    /// The protocol's backend pictures are drawn with.
    let backend: any GraphicsBackend
    /// Where label glyphs come from when the backend draws pixels.
    let glyphs: (any GlyphSource)?

    /// A presenter drawing with `backend`, with labels from `glyphs`.
    init(backend: any GraphicsBackend, glyphs: (any GlyphSource)?) {
        self.backend = backend
        self.glyphs = glyphs
    }

    /// What the backend can do.
    var abilities: GraphicsAbilities { backend.abilities }

    /// Pixels per cell: real pixels for images, braille dots (2 x 4) for Unicode.
    func unit(cell: PixelSize) -> PixelSize {
        backend.pixels(perCell: cell)
    }

    /// The pane's size in the graph's pixels.
    func paneSize(for rect: CellRect, cell: PixelSize) -> AppModel.PaneSize {
        let unit = unit(cell: cell)
        // Never larger than `SizeLimits.side`, whatever the window claims its cells measure.
        let cells = SizeLimits.clampedPicture(PixelSize(width: rect.columns * unit.width, height: rect.rows * unit.height))
        let largest = backend.largestPicture(within: cells)
        return AppModel.PaneSize(width: max(largest.width, 1), height: max(largest.height, 1), cellHeight: unit.height)
    }

    /// The renderer for a pane with cells of `cell` pixels (see `GraphicsBackend.renderer`).
    func renderer(theme: Theme, cell: PixelSize) -> GraphRenderer {
        backend.renderer(theme: theme, cell: cell) { glyphs }
    }

    /// The bytes that draw `image` with its top-left cell at `rect`'s; each replaces the last.
    func bytes(for image: IndexedImage, at rect: CellRect, cell: PixelSize) throws(ImageEncodingError) -> [UInt8] {
        try InlineImage(backend: backend, cellSize: cell).bytes(for: image, atColumn: rect.column, row: rect.row)
    }

    /// The bytes that remove every picture this presenter drew beyond clearing the text (kitty).
    func eraseBytes() -> [UInt8] {
        backend.eraseBytes()
    }
}
