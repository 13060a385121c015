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

    /// The style of the graph at this cell size.
    func style(theme: Theme, cell: PixelSize) -> GraphStyle {
        var style = GraphStyle.sized(forTextHeight: graphicsProtocol == .unicode ? 8 : cell.height, theme: theme)
        if graphicsProtocol == .unicode {
            style.lineWidth = 1
            style.labelPixelHeight = 0
        }
        return style
    }

    /// The bytes that draw `image` with its top-left cell at `rect`'s.
    func bytes(for image: IndexedImage, at rect: CellRect) throws -> [UInt8] {
        var out = Array("\u{1B}[\(rect.row + 1);\(rect.column + 1)H".utf8)
        switch graphicsProtocol {
        case .sixel:
            out += try SixelEncoder().encode(image)
        case .kitty:
            out += try KittyEncoder(keepsCursor: true).encode(image, imageID: Self.kittyImageID, placementID: 1)
        case .unicode:
            let lines = UnicodeRenderer(background: PaletteSlot.background).render(image, columns: rect.columns, rows: rect.rows)
            for (index, line) in lines.enumerated() {
                out += Array("\u{1B}[\(rect.row + index + 1);\(rect.column + 1)H".utf8) + Array(line.utf8)
            }
        }
        return out
    }

    /// The bytes that remove every image this presenter drew (kitty); text clearing does it for the others.
    func eraseBytes() -> [UInt8] {
        graphicsProtocol == .kitty ? KittyEncoder().deleteSequence(imageID: Self.kittyImageID) : []
    }
}
