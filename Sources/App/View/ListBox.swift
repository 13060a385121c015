import Raster
import SizeClass
import Terminal

/// Where a boxed list stands and which of its lines show: the box around the lines, centred in
/// its area, scrolled so that the highlighted line is in view. Drawing and clicks both use it.
struct ListBox {
    /// The frame, borders included.
    let box: CellRect
    /// The index of the first line shown.
    let firstLine: Int
    /// How many lines show.
    let visibleLines: Int

    /// The box for `lines` under `title` in `area`, scrolled to keep line `highlighted` near the middle.
    init(title: String, lines: [String], highlighted: Int?, in area: CellRect) {
        let width = min(max(lines.map(CellWidth.of).max() ?? 0, CellWidth.of(title) + 2) + 4, area.columns)
        let height = min(lines.count + 2, area.rows)
        box = CellRect(column: area.column + (area.columns - width) / 2, row: area.row + (area.rows - height) / 2,
                       columns: width, rows: height)
        visibleLines = max(height - 2, 0)
        let wanted = (highlighted ?? 0) - visibleLines / 2
        firstLine = max(0, min(wanted, lines.count - visibleLines))
    }

    /// The index of the line shown at `column`, `row`, or nil outside the list's lines.
    func line(atColumn column: Int, row: Int) -> Int? {
        let inside = CellRect(column: box.column + 1, row: box.row + 1, columns: box.columns - 2, rows: visibleLines)
        guard inside.contains(column: column, row: row) else { return nil }
        return firstLine + row - inside.row
    }

    /// What a boxed overlay shows: its title, every line, the highlighted one, and where it stands.
    struct Shown {
        let title: String
        let lines: [String]
        let highlighted: Int?
        /// The area the box is centred in: the graph pane while a graph is on screen (the graph
        /// stays in view around it), else the screen above the status line.
        let area: CellRect
        var list: ListBox { ListBox(title: title, lines: lines, highlighted: highlighted, in: area) }
        /// Whether the box stands over the graph pane.
        let isOverGraph: Bool
    }

    /// The help or history box `model` shows in `layout`, or nil when neither is open.
    static func overlay(of model: AppModel, in layout: ScreenLayout) -> Shown? {
        let graph = model.graphed == nil ? nil : layout.graph
        let area = graph ?? CellRect(column: 0, row: 0, columns: layout.columns, rows: layout.statusRow)
        switch model.overlay {
        case .help?:
            return Shown(title: "Keys", lines: OverlayView.helpLines, highlighted: nil, area: area, isOverGraph: graph != nil)
        case .history(let selection)?:
            return Shown(title: historyTitle, lines: historyLines(of: model), highlighted: selection, area: area,
                         isOverGraph: graph != nil)
        default:
            return nil
        }
    }

    /// The history list as `model` shows it in `layout`: its title, lines and area.
    static func history(of model: AppModel, in layout: ScreenLayout) -> ListBox? {
        guard case .history? = model.overlay else { return nil }
        return overlay(of: model, in: layout)?.list
    }

    /// The box as a panel drawn into the graph picture whose top-left cell is `pane`'s, in cells of `cell` pixels.
    static func panel(_ shown: Shown, in pane: CellRect, cell: PixelSize) -> Panel {
        let list = shown.list
        let visible = Array(shown.lines.dropFirst(list.firstLine).prefix(list.visibleLines))
        return Panel(title: shown.title, lines: visible, highlighted: shown.highlighted.map { $0 - list.firstLine },
                     column: list.box.column - pane.column, row: list.box.row - pane.row,
                     columns: list.box.columns, rows: list.box.rows, cellWidth: cell.width, cellHeight: cell.height)
    }

    /// The history list's title.
    static let historyTitle = "History (Enter or a click graphs, Esc closes)"

    /// One line a history entry, newest first, as equations (a graph of several curves: each, oldest first).
    static func historyLines(of model: AppModel) -> [String] {
        model.history.readings.map { reading in
            reading.map(ChromeView.equation).joined(separator: "  ·  ")
        }
    }
}
