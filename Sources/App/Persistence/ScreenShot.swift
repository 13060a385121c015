import Raster
import Terminal

/// The whole screen as the terminal shows it, as one picture (`W`): every cell of the last frame
/// in its colours with its character in the monospace face, at the terminal's cell size, and the
/// graph where it lies: the picture a pixel protocol sent, or the braille cells drawn as text.
struct ScreenShot {
    /// The last frame's text.
    let buffer: ScreenBuffer
    /// The graph picture on screen and the cells it covers, if there is one.
    let graph: (image: IndexedImage, rect: CellRect)?
    let cell: PixelSize
    /// Colours a style leaves to the terminal.
    let defaults: (foreground: RGB, background: RGB)

    /// The most pixels a screen shot may have: 64 million (a 400x120 screen of 40x80-pixel cells
    /// is 154 million, beyond any screen; an 8K display is 33 million).
    static let maximumPixels = 1 << 26

    /// Whether the shot fits `maximumPixels`.
    var fits: Bool {
        buffer.columns * cell.width <= Self.maximumPixels / max(buffer.rows * cell.height, 1)
    }

    /// The screen drawn, text set with `glyphs` (none drawn without), the graph shown by `backend`:
    /// its `image` for a PNG, its `svg` for a vector copy.
    func screen(glyphs: (any GlyphSource)?, backend: any GraphicsBackend) -> ScreenPicture {
        var screen = ScreenPicture(columns: buffer.columns, rows: buffer.rows, cell: cell, glyphs: glyphs,
                                   background: defaults.background)
        let cells = buffer.shownCells(defaults: defaults)
        for (index, content) in cells.enumerated() {
            screen.draw(content, column: index % max(buffer.columns, 1), row: index / max(buffer.columns, 1))
        }
        guard let graph else { return screen }
        if let text = backend.textCells(for: graph.image) {
            // Braille: its cells as text, then the text the frame writes over them again (the popover).
            for (index, shown) in text.cells.enumerated() {
                let column = graph.rect.column + index % max(text.columns, 1), row = graph.rect.row + index / max(text.columns, 1)
                if buffer.isDrawn(column: column, row: row) { continue }
                let paper = cells[row * buffer.columns + column].background
                screen.draw(shown.isInverse
                    ? ScreenPicture.Cell(shown.character, foreground: paper, background: defaults.foreground)
                    : ScreenPicture.Cell(shown.character, foreground: shown.foreground ?? defaults.foreground,
                                         background: shown.background ?? paper),
                            column: column, row: row)
            }
        } else {
            screen.lay(graph.image, left: graph.rect.column * cell.width, top: graph.rect.row * cell.height)
        }
        return screen
    }
}
