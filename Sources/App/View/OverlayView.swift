import SizeClass
import Terminal

/// Draws boxed overlays: help, the history list, and the statistics popover as text.
struct OverlayView {
    let styles: TextStyles

    /// The box `shown` describes, centred in its area, scrolled to keep its highlighted line in
    /// view or to its first line (see `ListBox`); returns the box.
    @discardableResult
    func drawBox(_ shown: ListBox.Shown, on buffer: inout ScreenBuffer) -> CellRect {
        let list = shown.list
        let box = list.box, width = box.columns
        drawFrame(box, title: shown.title, footer: shown.footer, on: &buffer)
        for (offset, index) in list.shownLines.enumerated() {
            let style = index == shown.highlighted ? styles.pressed : styles.text
            let row = box.row + 1 + offset
            buffer.put(String(repeating: " ", count: width - 2), column: box.column + 1, row: row, style: style)
            // Lines come fitted at word boundaries (`ListBox.overlay`); this only guards the border.
            buffer.put(" " + shown.lines[index].fittedKeepingStart(to: width - 4), column: box.column + 1, row: row,
                       style: style)
        }
        return box
    }

    /// A frame with a title in its top border, and `footer` if any in its bottom border; the
    /// inside is cleared.
    func drawFrame(_ box: CellRect, title: String, footer: String? = nil, on buffer: inout ScreenBuffer) {
        guard box.columns >= 2, box.rows >= 2 else { return }
        let inner = box.columns - 2
        buffer.put("╭" + String(repeating: "─", count: inner) + "╮", column: box.column, row: box.row, style: styles.focusedBorder)
        buffer.put(" \(title) ".fittedKeepingStart(to: inner), column: box.column + 2, row: box.row, style: styles.display)
        for row in box.row + 1..<box.row + box.rows - 1 {
            buffer.put("│" + String(repeating: " ", count: inner) + "│", column: box.column, row: row, style: styles.focusedBorder)
        }
        buffer.put("╰" + String(repeating: "─", count: inner) + "╯", column: box.column, row: box.row + box.rows - 1,
                   style: styles.focusedBorder)
        if let footer {
            buffer.put(footer.fittedKeepingStart(to: inner), column: box.column + 2, row: box.row + box.rows - 1,
                       style: styles.display)
        }
    }
}
