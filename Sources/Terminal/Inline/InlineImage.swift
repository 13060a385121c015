import Raster

/// The bytes that show an image at the cursor, in the flow of text, and leave the cursor at the
/// start of the line below it, so that a shell prompt continues cleanly.
///
/// Rows for the image are reserved with newlines first (scrolling the screen if need be), then
/// the image is drawn from the top row with the cursor saved and restored around it, so no
/// terminal's own idea of where an image leaves the cursor matters.
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

    /// The rows of text `image` covers.
    public func rows(for image: IndexedImage) -> Int {
        max(1, (image.height + cellSize.height - 1) / cellSize.height)
    }

    /// The columns of text `image` covers.
    public func columns(for image: IndexedImage) -> Int {
        max(1, (image.width + cellSize.width - 1) / cellSize.width)
    }

    /// The terminal bytes that show `image` at the cursor.
    public func bytes(for image: IndexedImage) throws -> [UInt8] {
        let rows = rows(for: image)
        switch graphicsProtocol {
        case .unicode:
            let lines = UnicodeRenderer(background: 0).render(image, columns: columns(for: image), rows: rows)
            return Array(lines.map { "\r" + $0 + "\r\n" }.joined().utf8)
        case .sixel:
            return try framed(SixelEncoder().encode(image), rows: rows)
        case .kitty:
            let picture = try KittyEncoder(keepsCursor: true).encode(image, imageID: kittyImageID, placementID: 1)
            return framed(picture, rows: rows)
        }
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
