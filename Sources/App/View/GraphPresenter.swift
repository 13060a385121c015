import Raster
import Terminal

/// Sizes the graph to its pane and encodes pictures in the session's graphics protocol.
///
/// A pane is measured in pixels for Sixel and kitty (at most the terminal's largest sixel) and
/// in braille dots for the Unicode fallback. Kitty pictures reuse one image id, so each one
/// replaces the last in place; sixel and braille are overwritten or cleared by the frame.
struct GraphPresenter {
    /// The protocol images are drawn with.
    let graphicsProtocol: GraphicsProtocol
    /// The largest sixel image the terminal shows uncropped, if it said.
    let maximumSixelSize: PixelSize?
    let glyphs: (any GlyphSource)?

    /// The kitty image id of the graph: each frame's picture replaces the last one in place.
    let kittyImageID: UInt32

    /// Braille packs 2 x 4 dots into a cell: the Unicode fallback's pixels per cell.
    static let brailleCell = PixelSize(width: 2, height: 4)

    /// A presenter drawing in `graphicsProtocol`, within `maximumSixelSize`, with labels from `glyphs`.
    init(graphicsProtocol: GraphicsProtocol, maximumSixelSize: PixelSize?, glyphs: (any GlyphSource)?,
         kittyImageID: UInt32 = 7001) {
        self.graphicsProtocol = graphicsProtocol
        self.maximumSixelSize = maximumSixelSize
        self.glyphs = glyphs
        self.kittyImageID = kittyImageID
    }

    /// Pixels per cell: real pixels for images, braille dots (2 x 4) for Unicode.
    func unit(cell: PixelSize) -> PixelSize {
        graphicsProtocol == .unicode ? Self.brailleCell : cell
    }

    /// The pane's size in the graph's pixels.
    func paneSize(for rect: CellRect, cell: PixelSize) -> AppModel.PaneSize {
        let unit = unit(cell: cell)
        var width = rect.columns * unit.width, height = rect.rows * unit.height
        if graphicsProtocol == .sixel, let limit = maximumSixelSize {
            width = min(width, limit.width)
            height = min(height, limit.height)
        }
        return AppModel.PaneSize(width: max(width, 1), height: max(height, 1), cellHeight: unit.height)
    }

    /// The renderer for a pane with cells of `cell` pixels; braille is too coarse for labels.
    func renderer(theme: Theme, cell: PixelSize) -> GraphRenderer {
        guard graphicsProtocol == .unicode else {
            return GraphRenderer(style: .sized(forTextHeight: cell.height, theme: theme), glyphs: glyphs)
        }
        var style = GraphStyle.sized(forTextHeight: 8, theme: theme)
        style.lineWidth = 1
        return GraphRenderer(style: style, glyphs: nil)
    }

    /// The bytes that draw `image` with its top-left cell at `rect`'s; each replaces the last.
    func bytes(for image: IndexedImage, at rect: CellRect) throws(ImageEncodingError) -> [UInt8] {
        // Only the top-left cell matters for pictures; braille needs its real cell to cover the pane.
        let cell = graphicsProtocol == .unicode ? Self.brailleCell : PixelSize(width: 1, height: 1)
        return try InlineImage(graphicsProtocol: graphicsProtocol, cellSize: cell, kittyImageID: kittyImageID)
            .bytes(for: image, atColumn: rect.column, row: rect.row)
    }

    /// The bytes that remove every image this presenter drew (kitty); text clearing does it for the others.
    func eraseBytes() -> [UInt8] {
        graphicsProtocol == .kitty ? KittyEncoder().deleteSequence(imageID: kittyImageID) : []
    }
}
