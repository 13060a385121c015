import Brain
import SizeClass
import Terminal
import TextCells

/// Draws the calculator: the description line, the display, and the button grid.
struct CalculatorView {
    let model: AppModel
    let layout: ScreenLayout
    let styles: TextStyles
    let isFocused: Bool

    /// The buttons as placed in `area`, shared by drawing and clicking: the grid's, and with a
    /// grid of trigonometric functions the DEG/RAD key at the display's left end.
    static func buttons(in area: CellRect, layout: ScreenLayout) -> [ButtonFrame] {
        let grid = CellRect(column: area.column, row: area.row + 3, columns: area.columns, rows: area.rows - 3)
        let frames = ButtonFrames.place(layout.choice.grid, in: grid, buttonRows: layout.choice.buttonRows)
        guard let angleKey = angleKey(in: area, layout: layout), !frames.isEmpty else { return frames }
        return frames + [angleKey]
    }

    /// The label of the DEG/RAD key: the key it presses (the mode it shows is the keypad's).
    static let angleKeyLabel = Key.toggleAngleMode.description

    /// The DEG/RAD key: 5 cells at the left of the display's row, where the grid has sin.
    private static func angleKey(in area: CellRect, layout: ScreenLayout) -> ButtonFrame? {
        guard layout.choice.grid.rows.contains(where: { $0.contains("sin") }), area.columns >= 12, area.rows >= 2 else { return nil }
        return ButtonFrame(label: angleKeyLabel, rect: CellRect(column: area.column, row: area.row + 1, columns: 5, rows: 1))
    }

    func draw(in area: CellRect, on buffer: inout ScreenBuffer) {
        let keypad = model.keypad
        let description = keypad.descriptionLine
        buffer.putRightAligned(description.isEmpty ? " " : description, in: area, row: area.row, style: styles.dim)
        let isError = keypad.evaluation.error != nil && !keypad.isTyping
        // Right of the DEG/RAD key, when there is one.
        let keyWidth = Self.angleKey(in: area, layout: layout).map { $0.rect.columns + 1 } ?? 0
        let display = CellRect(column: area.column + keyWidth, row: area.row, columns: area.columns - keyWidth, rows: area.rows)
        buffer.putRightAligned(keypad.display, in: display, row: area.row + 1,
                               style: isError ? styles.error : styles.display)
        let rule = String(repeating: "─", count: area.columns)
        buffer.put(rule, column: area.column, row: area.row + 2,
                   style: isFocused && layout.isSplit ? styles.focusedBorder : styles.border)
        for frame in Self.buttons(in: area, layout: layout) {
            drawButton(frame, on: &buffer)
        }
    }

    private func style(for label: String) -> CellStyle {
        if label == model.flashedButton { return styles.pressed }
        // Before anything can be graphed ↗ is dim but still legible, never the grid's faint colour.
        if label == ButtonGrid.graphLabel { return model.canGraph ? styles.operation : styles.dim }
        if label.count == 1, let first = label.first, first.isNumber || first == "." { return styles.button }
        return styles.operation
    }

    private func drawButton(_ frame: ButtonFrame, on buffer: inout ScreenBuffer) {
        let rect = frame.rect
        let labelStyle = style(for: frame.label)
        // The DEG/RAD key shows the mode the keypad is in.
        let shown = frame.label == Self.angleKeyLabel ? model.keypad.angleMode.shortName : ButtonGrid.shown(frame.label)
        if rect.rows >= 3 {
            let inner = rect.columns - 2
            let borderStyle = frame.label == model.flashedButton ? styles.focusedBorder : styles.border
            buffer.put("┌" + String(repeating: "─", count: inner) + "┐", column: rect.column, row: rect.row, style: borderStyle)
            buffer.put("│", column: rect.column, row: rect.row + 1, style: borderStyle)
            buffer.put("│", column: rect.column + rect.columns - 1, row: rect.row + 1, style: borderStyle)
            buffer.put("└" + String(repeating: "─", count: inner) + "┘", column: rect.column, row: rect.row + 2, style: borderStyle)
            let label = CellRect(column: rect.column + 1, row: rect.row + 1, columns: inner, rows: 1)
            if frame.label == model.flashedButton {
                buffer.put(String(repeating: " ", count: inner), column: label.column, row: label.row, style: labelStyle)
            }
            buffer.putCentred(shown, in: label, row: label.row, style: labelStyle)
        } else {
            let label = CellRect(column: rect.column, row: rect.row, columns: rect.columns - 1, rows: 1)
            let background = frame.label == model.flashedButton ? styles.pressed : styles.bar
            buffer.put(String(repeating: " ", count: label.columns), column: label.column, row: label.row, style: background)
            var styled = labelStyle
            styled.background = background.background
            // Without colour the key is marked by attributes: inverse, and underlined when pressed.
            styled.isInverse = background.isInverse
            styled.isUnderlined = styled.isUnderlined || background.isUnderlined
            buffer.putCentred(shown, in: label, row: label.row, style: styled)
        }
    }
}

extension ScreenBuffer {
    /// Writes `text` ending at the right edge of `area`; text too long keeps its end, after a "…".
    mutating func putRightAligned(_ text: String, in area: CellRect, row: Int, style: CellStyle) {
        let fitted = text.fittedKeepingEnd(to: area.columns)
        put(fitted, column: area.column + area.columns - CellWidth.of(fitted), row: row, style: style)
    }

    /// Writes `text` centred in `area` on `row`, cut to fit.
    mutating func putCentred(_ text: String, in area: CellRect, row: Int, style: CellStyle) {
        let fitted = text.fittedKeepingStart(to: area.columns)
        put(fitted, column: area.column + (area.columns - CellWidth.of(fitted)) / 2, row: row, style: style)
    }
}

extension String {
    /// The string, or its end after a "…", in at most `width` cells.
    func fittedKeepingEnd(to width: Int) -> String {
        guard CellWidth.of(self) > width else { return self }
        guard width > 1 else { return "" }
        var kept = ""
        for character in reversed() {
            guard CellWidth.of(kept) + CellWidth.of(character) <= width - 1 else { break }
            kept.insert(character, at: kept.startIndex)
        }
        return "…" + kept
    }

    /// The string, or its start before a "…", in at most `width` cells.
    func fittedKeepingStart(to width: Int) -> String {
        guard CellWidth.of(self) > width else { return self }
        guard width > 1 else { return "" }
        var kept = ""
        for character in self {
            guard CellWidth.of(kept) + CellWidth.of(character) <= width - 1 else { break }
            kept.append(character)
        }
        return kept + "…"
    }
}
