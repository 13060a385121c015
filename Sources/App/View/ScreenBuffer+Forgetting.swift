import Terminal

extension ScreenBuffer {
    /// This buffer with the cells of `rect` that hold text in `next` marked stale, so a diff
    /// writes them again (after an image was drawn beneath them).
    func forgettingText(in rect: CellRect, keeping next: ScreenBuffer) -> ScreenBuffer {
        var stale = self
        let marker = CellStyle(isUnderlined: true, isInverse: true)
        for row in rect.row..<rect.row + rect.rows {
            for column in rect.column..<rect.column + rect.columns where next[column, row] != .blank {
                stale.put(" ", column: column, row: row, style: marker)
            }
        }
        return stale
    }
}
