import SizeClass

/// One keypad button placed on screen.
struct ButtonFrame: Equatable {
    let label: String
    let rect: CellRect
}

/// Places a button grid's labels in a rectangle, stretching columns to use the width.
enum ButtonFrames {
    /// The frames of `grid` in `area`, each button `buttonRows` tall, starting at `area.row`.
    static func place(_ grid: ButtonGrid, in area: CellRect, buttonRows: Int) -> [ButtonFrame] {
        let widths = grid.columnWidths.map { $0 + ButtonGrid.labelPadding }
        let minimum = widths.reduce(0, +)
        guard !widths.isEmpty, minimum <= area.columns else { return [] }
        // Spread spare columns evenly, leftmost first, so the grid fills its area.
        let spare = area.columns - minimum
        let stretched = widths.enumerated().map { index, width in
            width + spare / widths.count + (index < spare % widths.count ? 1 : 0)
        }
        var frames = [ButtonFrame]()
        for (rowIndex, labels) in grid.rows.enumerated() {
            var column = area.column
            let row = area.row + rowIndex * buttonRows
            guard row + buttonRows <= area.row + area.rows else { break }
            for (index, label) in labels.enumerated() where index < stretched.count {
                frames.append(ButtonFrame(label: label, rect: CellRect(column: column, row: row,
                                                                      columns: stretched[index], rows: buttonRows)))
                column += stretched[index]
            }
        }
        return frames
    }
}
