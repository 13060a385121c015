import Raster
import Terminal

extension ScreenLayout {
    /// This layout with the graph's title bar and picture narrowed to the largest picture a
    /// terminal shows (`largest`, nil: no limit; the whole columns within it, and the rows it
    /// covers, `rows(height)` for a height in `unit` pixels a cell), and centred in the area they
    /// had, which stays `graphPaper`, painted in the graph's paper colour.
    ///
    /// So a window wider or taller than the terminal's largest sixel picture (xterm's 1000x1000)
    /// shows the whole picture, its title bar over it and its (i) and popover at its right edge,
    /// rather than a picture that never appears or a blank band beside it; clicks, drags and the
    /// help and history boxes all take their cells from `graph`, so they keep matching the picture.
    ///
    /// `wholeRows` gives the most rows, at most those, over which the terminal shows a picture
    /// pixel for pixel (tmux squeezes a sixel picture to the whole six-pixel bands of its rows).
    func fittingPicture(within largest: PixelSize?, unit: PixelSize, wholeRows: (Int) -> Int = { $0 },
                        rows covered: (Int) -> Int) -> ScreenLayout {
        guard let bar = titleBar, let graph, unit.width > 0, unit.height > 0 else { return self }
        let columns = largest.map { min(graph.columns, max($0.width / unit.width, 1)) } ?? graph.columns
        let rows = wholeRows(largest.map { min(graph.rows, max(covered($0.height), 1)) } ?? graph.rows)
        guard columns < graph.columns || rows < graph.rows else { return self }
        let column = graph.column + (graph.columns - columns) / 2
        // Title bar and picture together, centred in the rows they had.
        let top = bar.row + (graph.rows - rows) / 2
        var fitted = self
        fitted.titleBar = CellRect(column: column, row: top, columns: columns, rows: 1)
        fitted.graph = CellRect(column: column, row: top + 1, columns: columns, rows: rows)
        return fitted
    }

    /// The cells of `graphPaper` outside the title bar and the picture: the paper around them.
    var paperMargins: [CellRect] {
        guard let paper = graphPaper, let bar = titleBar, let graph, paper != CellRect(
            column: bar.column, row: bar.row, columns: bar.columns, rows: graph.rows + 1) else { return [] }
        let top = bar.row - paper.row, bottom = paper.row + paper.rows - (graph.row + graph.rows)
        let left = bar.column - paper.column, right = paper.column + paper.columns - (bar.column + bar.columns)
        return [
            CellRect(column: paper.column, row: paper.row, columns: paper.columns, rows: top),
            CellRect(column: paper.column, row: graph.row + graph.rows, columns: paper.columns, rows: bottom),
            CellRect(column: paper.column, row: bar.row, columns: left, rows: graph.rows + 1),
            CellRect(column: bar.column + bar.columns, row: bar.row, columns: right, rows: graph.rows + 1),
        ].filter { $0.columns > 0 && $0.rows > 0 }
    }
}
