import Raster

/// The bytes that show an image in the terminal's graphics protocol: inline at the cursor (for a
/// shell prompt) or with its top-left corner at a given cell (for a full-screen app).
///
/// Inline, rows for the image are reserved with newlines first (scrolling the screen if need be),
/// then the image is drawn from the top row with the cursor saved and restored around it, so no
/// terminal's own idea of where an image leaves the cursor matters; the cursor ends at the start
/// of the line below the image, so that a shell prompt continues cleanly.
public struct InlineImage: Sendable {
    /// The protocol's backend the image is drawn with.
    public var backend: any GraphicsBackend
    /// One character cell in pixels: how many rows the image covers.
    public var cellSize: PixelSize

    /// An inline image writer drawing with `backend` in cells of `cellSize`.
    public init(backend: any GraphicsBackend, cellSize: PixelSize) {
        self.backend = backend
        self.cellSize = PixelSize(width: max(cellSize.width, 1), height: max(cellSize.height, 1))
    }

    /// The rows of text `image` covers.
    public func rows(for image: IndexedImage) -> Int {
        backend.rows(forHeight: image.height, cellHeight: cellSize.height)
    }

    /// The terminal bytes that show `image` at the cursor, leaving the cursor below it.
    public func bytes(for image: IndexedImage) throws(ImageEncodingError) -> [UInt8] {
        let rows = rows(for: image)
        var bytes = Array("\r".utf8)
        bytes += Array(repeating: UInt8(ascii: "\n"), count: rows)
        bytes += Array("\u{1B}[\(rows)A\u{1B}7".utf8)
        bytes += try backend.picture(image, cell: cellSize, column: 0)
        bytes += Array("\u{1B}8\u{1B}[\(rows)B\r".utf8)
        return bytes
    }

    /// The terminal bytes that show `image` with its top-left corner at zero-based `column`, `row`.
    /// Showing another image with the same kitty id there replaces it in place.
    public func bytes(for image: IndexedImage, atColumn column: Int, row: Int) throws(ImageEncodingError) -> [UInt8] {
        try Array("\u{1B}[\(row + 1);\(column + 1)H".utf8) + backend.picture(image, cell: cellSize, column: column)
    }
}
