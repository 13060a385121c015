import Terminal
import TextCells

/// The parameters' sliders under the graph, one a row, as text in every protocol:
/// `▸ a = 1.25        -10 ━━━━━━━━━●────────── 10`. Drawing and the mouse share `SliderRow`.
struct SliderView {
    let model: AppModel
    let layout: ScreenLayout
    let styles: TextStyles

    /// Which parameter each row of `layout.sliders` shows, top first. When all fit, in alphabetical
    /// order; when some do not, the rows scroll to keep the focused one in view. The compact
    /// layouts (a graph pushed full screen) put the focused one first.
    static func shownNames(of model: AppModel, in layout: ScreenLayout) -> [String] {
        guard let area = layout.sliders, area.rows > 0 else { return [] }
        let names = model.sliderNames
        guard !names.isEmpty else { return [] }
        let focused = model.focusedSlider.flatMap { names.firstIndex(of: $0) }
        if !layout.isSplit, let focused {
            return Array((names[focused...] + names[..<focused]).prefix(area.rows))
        }
        guard names.count > area.rows, let focused else { return Array(names.prefix(area.rows)) }
        let first = min(max(focused - area.rows / 2, 0), names.count - area.rows)
        return Array(names[first..<(first + area.rows)])
    }

    /// The row of each parameter shown, with where its parts lie.
    static func rows(of model: AppModel, in layout: ScreenLayout) -> [SliderRow] {
        guard let area = layout.sliders else { return [] }
        return shownNames(of: model, in: layout).enumerated().map { offset, name in
            SliderRow(name: name, slider: model.slider(name), row: area.row + offset, column: area.column, columns: area.columns)
        }
    }

    func draw(on buffer: inout ScreenBuffer) {
        guard let area = layout.sliders else { return }
        let blank = String(repeating: " ", count: area.columns)
        for row in area.row..<(area.row + area.rows) { buffer.put(blank, column: area.column, row: row, style: styles.text) }
        for row in Self.rows(of: model, in: layout) { draw(row, on: &buffer) }
    }

    private func draw(_ row: SliderRow, on buffer: inout ScreenBuffer) {
        let isFocused = model.focusedSlider == row.name
        let isPlaying = model.playback?.name == row.name
        let marker = isPlaying ? "▶ " : isFocused ? "▸ " : "  "
        let label = (marker + row.readout).fittedKeepingStart(to: max(row.labelColumns, 1))
        buffer.put(label, column: row.column, row: row.row, style: isFocused ? styles.pressed : styles.display)
        guard let track = row.track else { return }
        if let lower = row.lowerText {
            buffer.put(lower, column: track.column - CellWidth.of(lower) - 1, row: row.row, style: styles.dim)
        }
        if let upper = row.upperText {
            buffer.put(upper, column: track.column + track.columns + 1, row: row.row, style: styles.dim)
        }
        let knob = row.knobColumn
        let filled = knob - track.column, empty = track.column + track.columns - knob - 1
        buffer.put(String(repeating: "━", count: max(filled, 0)), column: track.column, row: row.row, style: styles.operation)
        buffer.put("●", column: knob, row: row.row, style: isFocused ? styles.focusedBorder : styles.operation)
        buffer.put(String(repeating: "─", count: max(empty, 0)), column: knob + 1, row: row.row, style: styles.dim)
    }
}

/// One slider's row: its readout, its range's ends and its track, in cells.
struct SliderRow: Equatable {
    let name: String
    let slider: Slider
    let row: Int
    let column: Int
    let columns: Int

    /// `a = 1.25`: the value to 6 significant digits.
    var readout: String { "\(name) = \(PopoverNumber.text(slider.value))" }
    /// The cells of the marker and readout: room for `a = -1.23457e+308`.
    var labelColumns: Int { min(2 + 4 + 13 + 1, columns) }
    /// The range's ends, written when the row has room for them and a track.
    var lowerText: String? { hasRoomForEnds ? PopoverNumber.text(slider.lower) : nil }
    var upperText: String? { hasRoomForEnds ? PopoverNumber.text(slider.upper) : nil }

    /// The fewest cells a track takes.
    static let minimumTrack = 5

    private var hasRoomForEnds: Bool {
        columns - labelColumns - endsColumns - 1 >= Self.minimumTrack
    }

    private var endsColumns: Int {
        CellWidth.of(PopoverNumber.text(slider.lower)) + CellWidth.of(PopoverNumber.text(slider.upper)) + 2
    }

    /// The track's cells, nil when the row is too narrow for one.
    var track: (column: Int, columns: Int)? {
        let ends = hasRoomForEnds ? endsColumns : 0
        let start = column + labelColumns + (hasRoomForEnds ? CellWidth.of(PopoverNumber.text(slider.lower)) + 1 : 0)
        let width = columns - labelColumns - ends - 1
        guard width >= Self.minimumTrack else { return nil }
        return (start, width)
    }

    /// The cell of the knob: the value's place along the track.
    var knobColumn: Int {
        guard let track else { return column }
        return track.column + Int((slider.fraction * Double(track.columns - 1)).rounded())
    }

    /// The fraction of the track at cell `column`: 0 at its first cell, 1 at its last (and beyond).
    func fraction(atColumn column: Int) -> Double? {
        guard let track else { return nil }
        return min(max(Double(column - track.column) / Double(max(track.columns - 1, 1)), 0), 1)
    }

    /// Whether the cell at `column` is on the track (or its ends' labels, which stand for the ends).
    func isOnTrack(column: Int) -> Bool {
        guard let track else { return false }
        let reach = hasRoomForEnds ? endsColumns : 0
        return column >= track.column - reach && column < track.column + track.columns + reach
    }
}
