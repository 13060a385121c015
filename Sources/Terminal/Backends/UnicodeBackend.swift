import Codecs
import Raster

/// The fallback for terminals without graphics: the picture as coloured braille text, 2 x 4
/// dots a cell, written line by line from the cursor's cell.
public struct UnicodeBackend: GraphicsBackend {
    /// Braille packs 2 x 4 dots into a cell.
    public static let brailleCell = PixelSize(width: 2, height: 4)

    /// Whether the braille is coloured (false: NO_COLOR).
    public var inColour: Bool

    /// A braille backend, in colour unless `inColour` is false.
    public init(inColour: Bool = true) {
        self.inColour = inColour
    }

    public var graphicsProtocol: GraphicsProtocol { .unicode }

    public var abilities: GraphicsAbilities {
        GraphicsAbilities(drawsPixels: false, replacesPicturesByID: false, keepsPicturesUnderText: false)
    }

    /// Braille dots, whatever the font.
    public func pixels(perCell cell: PixelSize) -> PixelSize { Self.brailleCell }

    /// A row of cells is four dots tall.
    public func rows(forHeight height: Int, cellHeight: Int) -> Int {
        max(1, (height + Self.brailleCell.height - 1) / Self.brailleCell.height)
    }

    /// The cells `picture` writes for `image`, row-major, and how many a row: what a screen shot
    /// draws of the braille graph.
    public func textCells(for image: IndexedImage) -> (columns: Int, cells: [UnicodeRenderer.ShownCell])? {
        let columns = max(1, (image.width + 1) / 2)
        return (columns, UnicodeRenderer(background: 0, inColour: inColour)
            .shownCells(of: image, columns: columns, rows: rows(forHeight: image.height, cellHeight: 0)))
    }

    /// Each line of braille, then down one row and back to `column` (absolute, so a picture
    /// ending in the last column, where the cursor waits to wrap, lands right).
    public func picture(_ image: IndexedImage, cell: PixelSize, column: Int) throws(ImageEncodingError) -> [UInt8] {
        let columns = max(1, (image.width + 1) / 2)
        let lines = UnicodeRenderer(background: 0, inColour: inColour)
            .render(image, columns: columns, rows: rows(forHeight: image.height, cellHeight: 0))
        return Array(lines.joined(separator: "\u{1B}[1B\u{1B}[\(column + 1)G").utf8)
    }
}
