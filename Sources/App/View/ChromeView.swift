import Brain
import SizeClass
import Terminal
import TextCells

/// Draws the graph's title bar (‹ back, title, (i)), the status line or expression line, and
/// the "Terminal too small" screen. Boxes over the screen are `OverlayView`'s.
struct ChromeView {
    let model: AppModel
    let layout: ScreenLayout
    let styles: TextStyles

    /// The "‹ Calculator" button, when the graph is pushed full screen.
    static func backButton(in bar: CellRect, layout: ScreenLayout) -> CellRect? {
        layout.isSplit ? nil : CellRect(column: bar.column, row: bar.row, columns: 13, rows: 1)
    }

    /// A graphed program's description as an equation in x: `sin(M) × M` reads `y = sin(x) × x`.
    static func equation(_ description: String) -> String {
        Program.equation(forDescription: description)
    }

    /// The title bar's text: the equation graphed, the newest of several with how many more
    /// (the legend in the picture names them all), or how to graph.
    static func title(of curves: [GraphedProgram]) -> String {
        guard let newest = curves.last else { return "Press ↗ (g) to graph" }
        let equation = newest.equation
        return curves.count == 1 ? equation : equation + "  (+\(curves.count - 1) more)"
    }

    /// The "(i)" button at the right end of the title bar.
    static func infoButton(in bar: CellRect) -> CellRect {
        CellRect(column: bar.column + bar.columns - 4, row: bar.row, columns: 4, rows: 1)
    }

    func drawTitleBar(_ bar: CellRect, isFocused: Bool, on buffer: inout ScreenBuffer) {
        var style = styles.bar
        if isFocused && layout.isSplit { style.isBold = true; style.foreground = styles.operation.foreground }
        buffer.put(String(repeating: " ", count: bar.columns), column: bar.column, row: bar.row, style: style)
        var left = bar.column + 1
        if let back = Self.backButton(in: bar, layout: layout) {
            var backStyle = styles.bar
            backStyle.foreground = styles.operation.foreground
            buffer.put("‹ Calculator", column: back.column, row: back.row, style: backStyle)
            left = back.column + back.columns + 1
        }
        let info = Self.infoButton(in: bar)
        buffer.put("(i)", column: info.column, row: info.row, style: model.isPopoverOpen ? styles.pressed : styles.bar)
        let title = Self.title(of: model.curves)
        let titleArea = CellRect(column: left, row: bar.row, columns: max(info.column - left - 1, 0), rows: 1)
        buffer.putCentred(title, in: titleArea, row: bar.row, style: style)
    }

    func drawStatus(on buffer: inout ScreenBuffer) {
        let row = layout.statusRow
        if case .expression(let line)? = model.overlay {
            drawExpressionLine(line, row: row, on: &buffer)
            return
        }
        if case .sliderEntry(let name, let line)? = model.overlay {
            let range = SliderEntry.rangeText(model.slider(name))
            drawExpressionLine(line, prompt: "\(name) = ", placeholder: line.text.isEmpty ? "a value, or the range \(range)" : nil,
                               row: row, on: &buffer)
            return
        }
        if let notice = model.notice {
            buffer.put(notice.fittedKeepingStart(to: layout.columns), column: 0, row: row,
                       style: model.noticeIsNews ? styles.text : styles.error)
            return
        }
        if let keys = Self.listKeys(for: model.overlay) {
            buffer.put(keys.joined(separator: " · ").fittedKeepingStart(to: layout.columns), column: 0, row: row, style: styles.dim)
            return
        }
        if let name = model.focusedSlider, layout.sliders != nil {
            let playing = model.playback?.name == name ? "Space pause" : "Space play"
            let keys = ["Esc leave", "←→ step", "⇧←→ ×10", "type a value", "Enter value or [min, max]", playing,
                        "< > pace", "Tab next"]
            let text = "\(name) = \(PopoverNumber.text(model.slider(name).value))   " + keys.joined(separator: " · ")
            buffer.put(text.fittedKeepingStart(to: layout.columns), column: 0, row: row, style: styles.text)
            return
        }
        if let readout = model.traceReadout(pane: model.lastGraphPane) {
            let keys = "Esc end · ←→ move · ↑↓ curve · [ ] points · ' slope · A area"
            let text = readout.joined(separator: "  ") + "   " + keys
            buffer.put(text.fittedKeepingStart(to: layout.columns), column: 0, row: row, style: styles.text)
            return
        }
        var hints = ["? help", "q quit"]
        // + and − zoom only where the graph takes them; in split view they go to the pane with the focus.
        if layout.graph != nil { hints += layout.graphHasFocus(model.focus) ? ["←↑↓→ pan", "+ − zoom", "f fit", "i info", "t trace", "o points"] : ["←↑↓→ pan", "f fit", "i info", "t trace", "o points"] }
        if layout.calculator != nil { hints += ["g graph", "a add", ": type"] }
        if layout.sliders != nil { hints += [model.playback == nil ? "Space play" : "Space pause", "Tab sliders"] }
        if layout.isSplit { hints.append("Tab focus") }
        if !layout.isSplit && layout.graph != nil { hints.append("Esc back") }
        buffer.put(hints.joined(separator: " · ").fittedKeepingStart(to: layout.columns), column: 0, row: row, style: styles.dim)
    }

    /// The keys a list over the screen takes (InputMapping's), for the status line while it is
    /// open: its title has room for the first of them only.
    static func listKeys(for overlay: AppModel.Overlay?) -> [String]? {
        switch overlay {
        case .table?, .help?: ["↑↓ PgUp PgDn Space scroll", "Esc or another key closes", "q quit"]
        case .history?: ["↑↓ choose", "Enter graph", "Esc or another key closes", "q quit"]
        default: nil
        }
    }

    /// The cells the typed text keeps beside an error, so the line still shows where it ends.
    static let expressionRoomBesideError = 12

    /// The expression line: ": " (or "+ " when Enter adds a curve) and the typed text ending at the cursor, then any error at the
    /// right. The error always shows: the text gives up its start to make room for it.
    func drawExpressionLine(_ line: ExpressionLine, prompt: String? = nil, placeholder: String? = nil, row: Int,
                            on buffer: inout ScreenBuffer) {
        let columns = layout.columns
        var error = ""
        if let message = line.error {
            let room = max(columns - 1 - 2 - Self.expressionRoomBesideError - 1, columns / 2)
            error = message.fittedKeepingStart(to: room)
        }
        let errorCells = error.isEmpty ? 0 : CellWidth.of(error) + 1
        let textRoom = max(columns - 1 - errorCells, 0)
        let prompt = prompt ?? (line.addsToGraph ? "+ " : ": ")
        let end = buffer.put((prompt + line.text).fittedKeepingEnd(to: textRoom), column: 0, row: row, style: styles.display)
        buffer.put("▏", column: end, row: row, style: styles.operation)
        if let placeholder, error.isEmpty, end + 2 < columns {
            buffer.put(placeholder.fittedKeepingStart(to: columns - end - 2), column: end + 2, row: row, style: styles.dim)
        }
        if !error.isEmpty {
            buffer.put(error, column: columns - CellWidth.of(error), row: row, style: styles.error)
        }
    }

    /// The message shown when the terminal is too small for any layout.
    func drawTooSmall(on buffer: inout ScreenBuffer) {
        let grid = layout.choice.grid
        let need = "\(grid.minimumColumns)x\(grid.minimumRows(buttonRows: layout.choice.buttonRows))"
        let area = CellRect(column: 0, row: 0, columns: layout.columns, rows: layout.rows)
        buffer.putCentred("Terminal too small", in: area, row: max(layout.rows / 2 - 1, 0), style: styles.display)
        buffer.putCentred("enlarge to \(need) · q quits", in: area, row: layout.rows / 2, style: styles.dim)
    }
}
