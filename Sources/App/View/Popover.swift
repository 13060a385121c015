import Brain
import Raster
import Terminal

/// The lines of the statistics popover for what the graph shows.
enum PopoverContent {
    /// Human-readable statistics of the visible region.
    static func lines(for statistics: GraphStatistics) -> [String] {
        func number(_ value: Double) -> String { NumberFormat.display(value) }
        guard let minimum = statistics.minimum, let maximum = statistics.maximum else {
            return ["No finite values in view"]
        }
        var lines = [
            "max y = \(number(maximum.y))  at x = \(number(maximum.x))",
            "min y = \(number(minimum.y))  at x = \(number(minimum.x))",
            "sign changes: \(statistics.signChanges)",
        ]
        if statistics.isUndefinedSomewhere { lines.append("undefined in part of the view") }
        return lines
    }

    /// The extrema to mark on the graph.
    static func markers(for statistics: GraphStatistics) -> [Point] {
        [statistics.maximum, statistics.minimum].compactMap { $0.map { Point(x: $0.x, y: $0.y) } }
    }
}

/// The popover drawn into the graph image, anchored under the title bar's ⓘ.
struct PopoverPicture {
    let statistics: GraphStatistics
    let renderer: GraphRenderer
    /// Whether to fill the width, as a compact-width sheet.
    let isSheet: Bool

    func draw(on image: IndexedImage, viewport: Viewport) -> IndexedImage {
        let anchor = Point(x: Double(image.width) - Double(renderer.style.labelPixelHeight), y: 0)
        let callout = Callout(lines: PopoverContent.lines(for: statistics), anchor: anchor,
                              markers: PopoverContent.markers(for: statistics), fillsWidth: isSheet)
        return renderer.draw(callout, on: image, in: viewport)
    }
}

/// The popover as text cells, for the Unicode fallback.
struct PopoverText {
    let statistics: GraphStatistics
    let palette: Palette

    func draw(in graph: CellRect, isSheet: Bool, on buffer: inout ScreenBuffer) {
        let lines = PopoverContent.lines(for: statistics)
        let width = min(isSheet ? graph.columns : (lines.map(CellWidth.of).max() ?? 0) + 4, graph.columns)
        let box = CellRect(column: graph.column + graph.columns - width, row: graph.row,
                           columns: width, rows: min(lines.count + 2, graph.rows))
        let overlays = OverlayView(palette: palette)
        overlays.drawFrame(box, title: "ⓘ In view", on: &buffer)
        buffer.put("▲", column: graph.column + graph.columns - 3, row: box.row, style: palette.focusedBorder)
        for (index, line) in lines.prefix(box.rows - 2).enumerated() {
            buffer.put(" " + line.fittedKeepingStart(to: width - 3), column: box.column + 1, row: box.row + 1 + index,
                       style: palette.text)
        }
    }
}
