import Analysis
import Raster
import SizeClass
import Terminal
import TextCells

/// Where a boxed list stands and which of its lines show: the box around the lines, centred in
/// its area, scrolled so that the highlighted line is in view. Drawing and clicks both use it.
struct ListBox {
    /// The frame, borders included.
    let box: CellRect
    /// How many lines at the top stay in view whatever the scroll (a table's heading).
    let pinnedLines: Int
    /// The index of the first line shown under the pinned ones.
    let firstLine: Int
    /// How many lines show under the pinned ones.
    let visibleLines: Int

    /// The box for `lines` under `title` in `area`, scrolled to keep line `centred` near the
    /// middle, or else to show line `scrolledTo` first (as far as there are lines to show); the
    /// first `pinned` lines are shown above the rest whatever the scroll.
    init(title: String, lines: [String], centred: Int?, scrolledTo: Int = 0, pinned: Int = 0, in area: CellRect) {
        let width = min(max(lines.map(CellWidth.of).max() ?? 0, CellWidth.of(title) + 2) + 4, area.columns)
        let height = min(lines.count + 2, area.rows)
        box = CellRect(column: area.column + (area.columns - width) / 2, row: area.row + (area.rows - height) / 2,
                       columns: width, rows: height)
        let pinned = min(max(pinned, 0), max(height - 2, 0), lines.count)
        pinnedLines = pinned
        let visible = max(height - 2 - pinned, 0)
        visibleLines = visible
        let wanted = centred.map { $0 - visible / 2 } ?? scrolledTo
        firstLine = max(pinned, min(wanted, lines.count - visibleLines))
    }

    /// The indices of the lines shown, top to bottom: the pinned ones, then the scrolled ones.
    var shownLines: [Int] {
        Array(0..<pinnedLines) + Array(firstLine..<(firstLine + visibleLines))
    }

    /// The index of the line shown at `column`, `row`, or nil outside the list's lines.
    func line(atColumn column: Int, row: Int) -> Int? {
        let inside = CellRect(column: box.column + 1, row: box.row + 1, columns: box.columns - 2,
                              rows: pinnedLines + visibleLines)
        guard inside.contains(column: column, row: row) else { return nil }
        return shownLines[row - inside.row]
    }

    /// What a boxed overlay shows: its title, every line (each already fitted to the area's width
    /// at word boundaries), the highlighted one, and where it stands.
    struct Shown {
        let title: String
        let lines: [String]
        let highlighted: Int?
        /// The line kept near the middle (the history's selection; a table not yet scrolled, its
        /// traced or central row), or nil to show `firstLine` first.
        var centred: Int?
        /// The line shown first when nothing is centred (the help or the table scrolled).
        var firstLine = 0
        /// How many lines at the top stay in view whatever the scroll (the table's heading).
        var pinnedLines = 0
        /// The area the box is centred in: the graph pane while a graph is on screen (the graph
        /// stays in view around it), else the screen above the status line.
        let area: CellRect
        var list: ListBox {
            ListBox(title: title, lines: lines, centred: centred, scrolledTo: firstLine, pinned: pinnedLines, in: area)
        }
        /// Whether the box stands over the graph pane.
        let isOverGraph: Bool

        /// What the bottom border says: which keys scroll, when some lines are out of view.
        var footer: String? {
            guard centred == nil || pinnedLines > 0 else { return nil }
            let list = list
            let above = list.firstLine > list.pinnedLines, below = list.firstLine + list.visibleLines < lines.count
            guard above || below else { return nil }
            let hint = above && below ? "↑↓ more" : below ? "↓ more" : "↑ more"
            return LineFitting.shortened(" \(hint) ", to: max(list.box.columns - 4, 0))
        }
    }

    /// The help or history box `model` shows in `layout`, or nil when neither is open. Lines too
    /// wide for the area are fitted at word boundaries: help wrapped onto indented lines, history
    /// entries (one line each, for the selection) shortened. Help too long for the graph pane is
    /// shown over the whole screen instead (as text, the picture taken away) when all of it fits
    /// there; otherwise it stays over the pane and scrolls.
    static func overlay(of model: AppModel, in layout: ScreenLayout) -> Shown? {
        let graph = model.graphed == nil ? nil : layout.graph
        let screen = CellRect(column: 0, row: 0, columns: layout.columns, rows: layout.statusRow)
        let area = graph ?? screen
        switch model.overlay {
        case .help?:
            var chosen = area, lines = helpLines(fittedTo: area)
            if area != screen {
                let onScreen = helpLines(fittedTo: screen)
                if hiddenLines(lines, in: area) > 0, hiddenLines(onScreen, in: screen) == 0 {
                    chosen = screen
                    lines = onScreen
                }
            }
            return Shown(title: fittedTitle(helpTitle, in: chosen), lines: lines, highlighted: nil,
                         firstLine: model.helpFirstLine, area: chosen, isOverGraph: chosen == graph)
        case .table(let first)?:
            guard let graph, let pane = model.lastGraphPane, let table = valueTable(of: model, pane: pane) else { return nil }
            let lines = tableLines(table, curves: model.curves.count).map { LineFitting.shortened($0, to: textWidth(in: graph)) }
            // The row of the traced x stands out; the table opens with it (else the row nearest the
            // view's centre) in the middle, under the heading, which stays in view as it scrolls.
            func row(nearest x: Double) -> Int? {
                table.rows.indices.min { abs(table.rows[$0].x - x) < abs(table.rows[$1].x - x) }
            }
            let traced = model.trace.flatMap { row(nearest: $0.x) }
            let centre = model.camera.flatMap { camera -> Int? in
                let range = camera.viewport(width: pane.width, height: pane.height).xRange
                return row(nearest: range.lowerBound / 2 + range.upperBound / 2)
            }
            return Shown(title: fittedTitle(tableTitle, in: graph), lines: lines, highlighted: traced.map { $0 + 1 },
                         centred: first == nil ? (traced ?? centre).map { $0 + 1 } : nil, firstLine: first ?? 0,
                         pinnedLines: 1, area: graph, isOverGraph: true)
        case .history(let selection)?:
            let lines = historyLines(of: model).map { LineFitting.shortened($0, to: textWidth(in: area)) }
            return Shown(title: fittedTitle(historyTitle, in: area), lines: lines, highlighted: selection, centred: selection,
                         area: area, isOverGraph: graph != nil)
        default:
            return nil
        }
    }

    /// The cells a line of a box in `area` has: a border and a space each side.
    static func textWidth(in area: CellRect) -> Int {
        max(area.columns - 4, 1)
    }

    /// `title` shortened at a word to fit the top border of a box in `area`, with a space each side
    /// and two cells of border before it.
    static func fittedTitle(_ title: String, in area: CellRect) -> String {
        LineFitting.shortened(title, to: max(area.columns - 6, 1))
    }

    /// The help wrapped to a box in `area`.
    static func helpLines(fittedTo area: CellRect) -> [String] {
        KeyGuide.lines.flatMap { LineFitting.wrapped($0, to: textWidth(in: area)) }
    }

    /// How many of `lines` a box in `area` cannot show at once.
    private static func hiddenLines(_ lines: [String], in area: CellRect) -> Int {
        max(lines.count - max(area.rows - 2, 0), 0)
    }

    /// The help's title.
    static let helpTitle = "Keys"

    /// The history list as `model` shows it in `layout`: its title, lines and area.
    static func history(of model: AppModel, in layout: ScreenLayout) -> ListBox? {
        guard case .history? = model.overlay else { return nil }
        return overlay(of: model, in: layout)?.list
    }

    /// The box as a panel drawn into the graph picture whose top-left cell is `pane`'s, in cells of `cell` pixels.
    static func panel(_ shown: Shown, in pane: CellRect, cell: PixelSize) -> Panel {
        let list = shown.list
        let indices = list.shownLines
        return Panel(title: shown.title, lines: indices.map { shown.lines[$0] },
                     highlighted: shown.highlighted.flatMap { indices.firstIndex(of: $0) },
                     footer: shown.footer,
                     column: list.box.column - pane.column, row: list.box.row - pane.row,
                     columns: list.box.columns, rows: list.box.rows, cellWidth: cell.width, cellHeight: cell.height)
    }

    /// The table's title.
    static let tableTitle = "Table (↑↓ scroll, Esc closes)"

    /// The table of values over the view and a view's width either side, in steps of the x ticks.
    static func valueTable(of model: AppModel, pane: AppModel.PaneSize) -> ValueTable? {
        guard let camera = model.camera else { return nil }
        let viewport = camera.viewport(width: pane.width, height: pane.height)
        let step = GraphStyle.sized(forTextHeight: pane.cellHeight, theme: .dark).xTickStep(in: viewport)
        let width = viewport.xRange.upperBound - viewport.xRange.lowerBound
        let range = (viewport.xRange.lowerBound - width)...(viewport.xRange.upperBound + width)
        return ValueTable.rows(of: model.curves.functions, over: range, step: step, overflows: model.curves.overflowChecks)
    }

    /// The table as text: a heading, then x and each curve's y, in columns; where there is no y,
    /// why (`ValueTable.Gap`: "hole → 1" as the trace says it, "overflow" as the calculator does,
    /// else "undefined").
    static func tableLines(_ table: ValueTable, curves: Int) -> [String] {
        func cell(_ text: String) -> String { text.count >= 12 ? text : text + String(repeating: " ", count: 12 - text.count) }
        let heading = cell("x") + (1...max(curves, 1)).map { cell(curves > 1 ? "y\($0)" : "y") }.joined()
        return [heading] + table.rows.map { row in
            cell(PopoverNumber.text(row.x)) + row.ys.indices.map { curve in
                cell(row.ys[curve].map(PopoverNumber.text) ?? row.gap(of: curve).text(PopoverNumber.text))
            }.joined()
        }
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
