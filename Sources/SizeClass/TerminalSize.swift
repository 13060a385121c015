/// The size of a terminal in character cells, and the pixel size of one cell.
package struct TerminalSize: Equatable, Sendable {
    /// Character columns.
    package var columns: Int
    /// Character rows.
    package var rows: Int
    /// Pixel width of one cell, or 0 when the terminal does not report it.
    package var cellWidth: Int
    /// Pixel height of one cell, or 0 when the terminal does not report it.
    package var cellHeight: Int

    /// A terminal size; the cell pixel size defaults to unknown (0).
    package init(columns: Int, rows: Int, cellWidth: Int = 0, cellHeight: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
    }

    /// Whether the cell pixel size is known.
    var hasCellPixels: Bool { cellWidth > 0 && cellHeight > 0 }
}
