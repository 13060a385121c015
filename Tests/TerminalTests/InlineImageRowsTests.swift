import Raster
import Terminal
import Testing

/// The rows an inline image reserves: enough that the prompt below never touches the picture.
@Suite("Inline image rows")
struct InlineImageRowsTests {
    static func image(height: Int) -> IndexedImage {
        IndexedImage(width: 8, height: height, palette: [RGB(0, 0, 0)])
    }

    @Test("Sixel counts whole six-pixel bands, as tmux does; kitty and OSC 1337 count pixels, braille four dots a row", arguments: [
        // 320 px is 53⅓ bands: tmux gives the picture 324 px, 20 rows of 17 px, not 19.
        (GraphicsProtocol.sixel, 320, 17, 20), (.kitty, 320, 17, 19), (.iterm2, 320, 17, 19), (.unicode, 320, 17, 80),
        (.sixel, 324, 17, 20), (.sixel, 306, 17, 18), (.sixel, 1, 20, 1), (.sixel, 40, 20, 3),
    ])
    func rows(graphicsProtocol: GraphicsProtocol, height: Int, cellHeight: Int, rows: Int) {
        let inline = InlineImage(backend: graphicsProtocol.backend(), cellSize: PixelSize(width: 8, height: cellHeight))
        #expect(inline.rows(for: Self.image(height: height)) == rows)
    }
}
