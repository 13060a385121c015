import Raster
import Terminal

/// Renders the graph pane and writes it to the terminal in the session's graphics protocol.
///
/// The image is sized exactly to its pane, in pixels for Sixel and kitty and in braille dots for
/// the Unicode fallback. Kitty images reuse one id, so each frame replaces the last in place.
struct GraphPresenter {
    /// The protocol images are drawn with.
    let graphicsProtocol: GraphicsProtocol
    /// The largest sixel image the terminal shows uncropped, if it said.
    let maximumSixelSize: PixelSize?
    let glyphs: (any GlyphSource)?

    static let kittyImageID: UInt32 = 7001

    /// Pixels per cell: real pixels for images, braille dots (2 x 4) for Unicode.
    func unit(cell: PixelSize) -> PixelSize {
        graphicsProtocol == .unicode ? PixelSize(width: 2, height: 4) : cell
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
    func bytes(for image: IndexedImage, at rect: CellRect) throws -> [UInt8] {
        // The unicode image covers the pane exactly: 2 x 4 dots a cell.
        let cell = graphicsProtocol == .unicode ? PixelSize(width: 2, height: 4) : PixelSize(width: 1, height: 1)
        return try InlineImage(graphicsProtocol: graphicsProtocol, cellSize: cell, kittyImageID: Self.kittyImageID)
            .bytes(for: image, atColumn: rect.column, row: rect.row)
    }

    /// The bytes that remove every image this presenter drew (kitty); text clearing does it for the others.
    func eraseBytes() -> [UInt8] {
        graphicsProtocol == .kitty ? KittyEncoder().deleteSequence(imageID: Self.kittyImageID) : []
    }
}
