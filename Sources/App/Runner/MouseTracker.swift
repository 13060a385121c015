import Raster
import SizeClass
import Terminal

/// Turns mouse reports into actions: clicks on buttons, drags that pan, wheel zoom, double clicks.
struct MouseTracker {
    /// The cell where a drag in the graph last was.
    private var dragFrom: (column: Int, row: Int)?
    /// Whether the press in the graph moved before its release: a drag, not a click.
    private var dragMoved = false
    /// The parameter whose slider a press took hold of: a drag moves it until the release.
    private var sliderHeld: String?
    /// The last press in the graph, for double clicks.
    private var lastPress: (column: Int, row: Int, time: ContinuousClock.Instant)?

    /// Two presses this close in time on the same cell make a double click.
    static let doubleClickInterval = Duration.milliseconds(400)

    /// The actions `event` means on this screen; `unit` is the graph pixels per cell.
    mutating func actions(for event: MouseEvent, model: AppModel, layout: ScreenLayout,
                          pane: AppModel.PaneSize?, cell unit: PixelSize) -> [AppAction] {
        let column = event.column, row = event.row
        switch event.action {
        case .press where event.button == .left:
            return press(column: column, row: row, model: model, layout: layout, unit: unit)
        case .drag where (event.button == .left || event.button == .none) && sliderHeld != nil:
            return heldSlider(toColumn: column, model: model, layout: layout)
        case .drag where event.button == .left || event.button == .none:
            guard let from = dragFrom else { return [] }
            if (column, row) != from { dragMoved = true }
            dragFrom = (column, row)
            return [Self.pan(from: from, to: (column, row), unit: unit)]
        case .release where sliderHeld != nil:
            // The knob ends where the button was released, as a drag ends there (below).
            defer { sliderHeld = nil }
            return heldSlider(toColumn: column, model: model, layout: layout)
        case .release:
            defer { dragFrom = nil }
            guard let from = dragFrom else { return [] }
            if (column, row) != from {
                // The release is where the drag ended, even when the terminal merged the last
                // motions into it (kitty does when the pointer moves fast): pan the rest of the way.
                return [Self.pan(from: from, to: (column, row), unit: unit)]
            }
            guard !dragMoved, let graph = layout.graph, let pane else { return [] }
            // A click (no drag) on a curve starts a trace there.
            let point = pixel(from.column, from.row, in: graph, unit: unit)
            return Self.isOnCurve(point, model: model, pane: pane, tolerance: Double(unit.height)) ? [.trace(.startAt(point))] : []
        case .wheelUp, .wheelDown:
            guard let graph = layout.graph, graph.contains(column: column, row: row) else { return [] }
            return [.zoom(factor: event.action == .wheelUp ? 1.25 : 0.8, about: pixel(column, row, in: graph, unit: unit))]
        default:
            return []
        }
    }

    /// The pan that moves the graph with the pointer from cell `from` to cell `to`.
    private static func pan(from: (column: Int, row: Int), to: (column: Int, row: Int), unit: PixelSize) -> AppAction {
        .pan(dx: Double((to.column - from.column) * unit.width), dy: Double((to.row - from.row) * unit.height))
    }

    /// The held slider's knob put at `column` on its track (its ends beyond them).
    private func heldSlider(toColumn column: Int, model: AppModel, layout: ScreenLayout) -> [AppAction] {
        guard let name = sliderHeld, let row = SliderView.rows(of: model, in: layout).first(where: { $0.name == name }),
              let fraction = row.fraction(atColumn: column) else { return [] }
        return [.slider(.setFraction(name, fraction))]
    }

    private mutating func press(column: Int, row: Int, model: AppModel, layout: ScreenLayout,
                                unit: PixelSize) -> [AppAction] {
        sliderHeld = nil
        if case .history(let selection)? = model.overlay, let list = ListBox.history(of: model, in: layout) {
            // A click on a row graphs it; anywhere else closes the list.
            guard let line = list.line(atColumn: column, row: row) else { return [.dismiss] }
            return [.moveSelection(by: line - selection), .chooseHistory]
        }
        if model.overlay != nil { return [.dismiss] }
        if let area = layout.sliders, area.contains(column: column, row: row) {
            // A press on a slider gives it the focus, and on its track puts the knob there; a drag follows.
            guard let slider = SliderView.rows(of: model, in: layout).first(where: { $0.row == row }) else { return [] }
            var actions = [AppAction]()
            if model.isPopoverOpen { actions.append(.togglePopover) }
            actions.append(.setFocus(.graph, slider: slider.name))
            if slider.isOnTrack(column: column), let fraction = slider.fraction(atColumn: column) {
                actions.append(.slider(.setFraction(slider.name, fraction)))
                sliderHeld = slider.name
            }
            dragFrom = nil
            return actions
        }
        if let bar = layout.titleBar, bar.contains(column: column, row: row) {
            if let back = ChromeView.backButton(in: bar, layout: layout), back.contains(column: column, row: row) {
                return [.back]
            }
            if ChromeView.infoButton(in: bar).contains(column: column, row: row) { return [.togglePopover] }
            return []
        }
        if let graph = layout.graph, graph.contains(column: column, row: row) {
            var actions = [AppAction]()
            if model.isPopoverOpen { actions.append(.togglePopover) }
            if layout.isSplit, model.focus != .graph { actions.append(.toggleFocus) }
            if model.focusedSlider != nil { actions.append(.setFocus(.graph, slider: nil)) }
            let now = ContinuousClock.now
            if let last = lastPress, last.column == column, last.row == row, now - last.time < Self.doubleClickInterval {
                lastPress = nil
                dragFrom = nil
                return actions + [.moveOrigin(to: pixel(column, row, in: graph, unit: unit))]
            }
            lastPress = (column, row, now)
            dragFrom = (column, row)
            dragMoved = false
            return actions
        }
        if let paper = layout.graphPaper, paper.contains(column: column, row: row) {
            // The paper around a picture narrowed to the terminal's limit is still the graph's pane.
            var actions = [AppAction]()
            if model.isPopoverOpen { actions.append(.togglePopover) }
            if layout.isSplit, model.focus != .graph { actions.append(.toggleFocus) }
            return actions
        }
        if let calculator = layout.calculator, calculator.contains(column: column, row: row) {
            var actions = [AppAction]()
            if model.isPopoverOpen { actions.append(.togglePopover) }
            if layout.isSplit, model.focus != .calculator { actions.append(.toggleFocus) }
            let buttons = CalculatorView.buttons(in: calculator, layout: layout)
            if let hit = buttons.first(where: { $0.rect.contains(column: column, row: row) }) {
                actions.append(hit.label == ButtonGrid.graphLabel ? .graph : .press(hit.label))
            }
            return actions
        }
        return model.isPopoverOpen ? [.togglePopover] : []
    }

    /// Whether a curve passes within `tolerance` pixels of `point` (pane pixels), in its column.
    static func isOnCurve(_ point: Point, model: AppModel, pane: AppModel.PaneSize, tolerance: Double) -> Bool {
        guard let camera = model.camera,
              let nearest = model.nearestCurve(to: point, in: camera.viewport(width: pane.width, height: pane.height))
        else { return false }
        return nearest.distance <= tolerance
    }

    /// The graph pixel at the centre of a cell.
    private func pixel(_ column: Int, _ row: Int, in graph: CellRect, unit: PixelSize) -> Point {
        Point(x: (Double(column - graph.column) + 0.5) * Double(unit.width),
              y: (Double(row - graph.row) + 0.5) * Double(unit.height))
    }
}
