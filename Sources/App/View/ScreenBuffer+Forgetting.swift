import Terminal

extension ScreenBuffer {
    /// Whether the frame drew in the cell at `column`, `row`, a space too: such a cell is written
    /// again over a picture beneath it (`forgettingText`), so it hides the picture there.
    func isDrawn(column: Int, row: Int) -> Bool {
        self[column, row] != .blank
    }

    /// This buffer with the cells of `rect` that hold text in `next` marked stale, so a diff
    /// writes them again (after an image was drawn beneath them).
    func forgettingText(in rect: CellRect, keeping next: ScreenBuffer) -> ScreenBuffer {
        var stale = self
        let marker = CellStyle(isUnderlined: true, isInverse: true)
        for row in rect.row..<rect.row + rect.rows {
            for column in rect.column..<rect.column + rect.columns where next.isDrawn(column: column, row: row) {
                stale.put(" ", column: column, row: row, style: marker)
            }
        }
        return stale
    }
}
