import Raster

/// The bytes that show an image in the terminal's graphics protocol: inline at the cursor (for a
/// shell prompt) or with its top-left corner at a given cell (for a full-screen app).
///
/// Inline, rows for the image are reserved with newlines first (scrolling the screen if need be),
/// then the image is drawn from the top row with the cursor saved and restored around it, so no
/// terminal's own idea of where an image leaves the cursor matters; the cursor ends at the start
/// of the line below the image, so that a shell prompt continues cleanly.
public struct InlineImage: Sendable {
    /// The protocol the image is drawn with.
    public var graphicsProtocol: GraphicsProtocol
    /// One character cell in pixels: how many rows the image covers.
    public var cellSize: PixelSize
    /// The kitty image id; give each inline image its own so a later one does not replace it.
    public var kittyImageID: UInt32

    /// An inline image writer for `graphicsProtocol` in cells of `cellSize`.
    public init(graphicsProtocol: GraphicsProtocol, cellSize: PixelSize, kittyImageID: UInt32 = 1) {
        self.graphicsProtocol = graphicsProtocol
        self.cellSize = PixelSize(width: max(cellSize.width, 1), height: max(cellSize.height, 1))
        self.kittyImageID = max(kittyImageID, 1)
    }

    /// The rows of text `image` covers. A sixel image is counted in whole six-pixel bands, as
    /// tmux counts it: tmux deletes an image that any text overwrites, so the cursor must end
    /// below the last band, not just below the last pixel row.
    public func rows(for image: IndexedImage) -> Int {
        let height = graphicsProtocol == .sixel ? (image.height + 5) / 6 * 6 : image.height
        return max(1, (height + cellSize.height - 1) / cellSize.height)
    }

    /// The columns of text `image` covers.
    public func columns(for image: IndexedImage) -> Int {
        max(1, (image.width + cellSize.width - 1) / cellSize.width)
    }

    /// The terminal bytes that show `image` at the cursor, leaving the cursor below it.
    public func bytes(for image: IndexedImage) throws(ImageEncodingError) -> [UInt8] {
        let rows = rows(for: image)
        switch graphicsProtocol {
        case .unicode:
            return Array(unicodeLines(image).map { "\r" + $0 + "\r\n" }.joined().utf8)
        case .sixel, .kitty:
            return try framed(picture(image), rows: rows)
        }
    }

    /// The terminal bytes that show `image` with its top-left corner at zero-based `column`, `row`.
    /// Showing another image with the same kitty id there replaces it in place.
    public func bytes(for image: IndexedImage, atColumn column: Int, row: Int) throws(ImageEncodingError) -> [UInt8] {
        func moveTo(_ line: Int) -> String { "\u{1B}[\(line + 1);\(column + 1)H" }
        switch graphicsProtocol {
        case .unicode:
            return Array(unicodeLines(image).enumerated().map { moveTo(row + $0) + $1 }.joined().utf8)
        case .sixel, .kitty:
            return try Array(moveTo(row).utf8) + picture(image)
        }
    }

    /// The image as a sixel or kitty sequence that leaves the cursor where it was (kitty) or
    /// where the terminal puts it (sixel).
    private func picture(_ image: IndexedImage) throws(ImageEncodingError) -> [UInt8] {
        if graphicsProtocol == .kitty {
            do { return try KittyEncoder(keepsCursor: true).encode(image, imageID: kittyImageID, placementID: 1) }
            catch { throw .kitty(error) }
        }
        do { return try SixelEncoder().encode(image) } catch { throw .sixel(error) }
    }

    /// The image as lines of coloured braille, one per row of cells; palette index 0 is paper.
    private func unicodeLines(_ image: IndexedImage) -> [String] {
        UnicodeRenderer(background: 0).render(image, columns: columns(for: image), rows: rows(for: image))
    }

    /// `picture` drawn in `rows` freshly reserved rows, the cursor left below them.
    private func framed(_ picture: [UInt8], rows: Int) -> [UInt8] {
        var bytes = Array("\r".utf8)
        bytes += Array(repeating: UInt8(ascii: "\n"), count: rows)
        bytes += Array("\u{1B}[\(rows)A\u{1B}7".utf8)
        bytes += picture
        bytes += Array("\u{1B}8\u{1B}[\(rows)B\r".utf8)
        return bytes
    }
}
