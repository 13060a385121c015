import SizeClass

/// A rectangle of terminal cells.
struct CellRect: Equatable {
    var column: Int
    var row: Int
    var columns: Int
    var rows: Int

    /// Whether the cell at `column`, `row` lies inside.
    func contains(column: Int, row: Int) -> Bool {
        column >= self.column && column < self.column + columns && row >= self.row && row < self.row + rows
    }
}

/// Where each part of the screen goes for one terminal size and route.
struct ScreenLayout: Equatable {
    /// The size-class decision: layout, grid and button height.
    let choice: LayoutChoice
    /// The calculator's area, nil when it is not on screen.
    let calculator: CellRect?
    /// The graph's title bar, nil when the graph is not on screen.
    var titleBar: CellRect?
    /// The graph image's area, below the title bar.
    var graph: CellRect?
    /// The whole area the graph has, title bar included: larger than title bar and picture only
    /// when they are narrowed to the largest picture the terminal shows (`fittingPicture`), and
    /// then painted in the graph's paper colour around them.
    var graphPaper: CellRect?
    /// The parameters' sliders under the graph, one a row; nil when there are none or no graph.
    /// The rows come from the graph's pane, which keeps at least `minimumGraphRows`.
    var sliders: CellRect?
    /// The bottom line with key hints.
    let statusRow: Int
    let columns: Int
    let rows: Int

    /// Whether the calculator and the graph share the screen.
    var isSplit: Bool { choice.layout == .split }

    /// Whether the graph takes the graph's own keys (+ − zoom, 0 centre): it is on screen and,
    /// in split view, has the focus; otherwise they go to the calculator.
    func graphHasFocus(_ focus: AppModel.Pane) -> Bool {
        graph != nil && (!isSplit || focus == .graph)
    }

    /// The rows the graph's picture keeps when sliders take rows from it.
    static let minimumGraphRows = 3

    /// The rows `count` sliders take under a graph of `graphRows` rows: one each, at most a third
    /// of the graph (at least one), and never below `minimumGraphRows` for the picture.
    static func sliderRows(for count: Int, underGraphOf graphRows: Int) -> Int {
        guard count > 0 else { return 0 }
        return max(min(count, max(graphRows / 3, 1), graphRows - minimumGraphRows), 0)
    }

    /// The layout of a terminal `columns` x `rows` cells showing `route`, with `sliderCount`
    /// parameters' sliders under the graph.
    init(columns: Int, rows: Int, route: AppModel.Route, sliderCount: Int = 0) {
        self.columns = columns
        self.rows = rows
        choice = layout(for: TerminalSize(columns: columns, rows: rows))
        statusRow = rows - 1
        let body = rows - 1
        switch choice.layout {
        case .tooSmall:
            calculator = nil
            titleBar = nil
            graph = nil
        case .split:
            let calculatorWidth = min(max(choice.grid.minimumColumns, columns * 2 / 5), 56)
            calculator = CellRect(column: 0, row: 0, columns: calculatorWidth, rows: body)
            let graphColumn = calculatorWidth + 1
            titleBar = CellRect(column: graphColumn, row: 0, columns: columns - graphColumn, rows: 1)
            graph = CellRect(column: graphColumn, row: 1, columns: columns - graphColumn, rows: body - 1)
        case .calculatorOnly, .wideShort:
            if route == .graph {
                calculator = nil
                titleBar = CellRect(column: 0, row: 0, columns: columns, rows: 1)
                graph = CellRect(column: 0, row: 1, columns: columns, rows: body - 1)
            } else {
                calculator = CellRect(column: 0, row: 0, columns: columns, rows: body)
                titleBar = nil
                graph = nil
            }
        }
        if let graph {
            let sliderRows = Self.sliderRows(for: sliderCount, underGraphOf: graph.rows)
            if sliderRows > 0 {
                self.graph?.rows -= sliderRows
                sliders = CellRect(column: graph.column, row: graph.row + graph.rows - sliderRows, columns: graph.columns, rows: sliderRows)
            }
        }
        if let titleBar, let graph {
            graphPaper = CellRect(column: titleBar.column, row: titleBar.row, columns: titleBar.columns, rows: graph.rows + 1)
        }
    }
}
