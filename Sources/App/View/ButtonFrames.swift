import SizeClass

/// One keypad button placed on screen.
struct ButtonFrame: Equatable {
    let label: String
    let rect: CellRect
}

/// Places a button grid's labels in a rectangle, stretching columns to use the width and keeping
/// the digit columns one width.
enum ButtonFrames {
    /// The frames of `grid` in `area`, each button `buttonRows` tall, starting at `area.row`.
    static func place(_ grid: ButtonGrid, in area: CellRect, buttonRows: Int) -> [ButtonFrame] {
        let widths = grid.columnWidths.map { $0 + ButtonGrid.labelPadding }
        let minimum = widths.reduce(0, +)
        guard !widths.isEmpty, minimum <= area.columns else { return [] }
        // Spread spare columns evenly so the grid fills its area; what does not divide evenly goes
        // to the other columns, leftmost first, so that the digit keys stay one width.
        let spare = area.columns - minimum
        var stretched = widths.map { $0 + spare / widths.count }
        let others = stretched.indices.filter { !grid.digitColumns.contains($0) }
        let receivers = others.isEmpty ? Array(stretched.indices) : others
        for step in 0..<(spare % widths.count) { stretched[receivers[step % receivers.count]] += 1 }
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
