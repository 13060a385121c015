import Brain
import Analysis
import Raster

/// The interactive calculator's whole state: CS193p's Calculator and Graph MVCs as one value.
///
/// It is a pure state machine: `apply(_:graphPane:)` takes an action and the current size of the graph
/// pane in pixels; drawing and terminal I/O live elsewhere.
struct AppModel: Equatable {
    /// Which screen is in front when the width is compact.
    enum Route: Hashable { case calculator, graph }
    /// Which pane has keyboard focus in split view.
    enum Pane: Equatable { case calculator, graph }
    /// An overlay drawn above everything.
    enum Overlay: Equatable {
        case help
        case history(selection: Int)
        case expression(ExpressionLine)
        /// The table of values (`T`): scrolled to show this line first, or, until it is scrolled, with
        /// the traced x's row (else the row nearest the view's centre) in the middle.
        case table(firstRow: Int?)
        /// A value or a range typed for the slider of parameter `name`.
        case sliderEntry(name: String, line: ExpressionLine)
    }

    var keypad = Keypad()
    /// The program on the graph, fixed when the graph button was pressed: the newest curve.
    var graphed: GraphedProgram?
    /// Curves kept on the graph under `graphed` (`a` adds a program on top), oldest first.
    var keptCurves: [GraphedProgram] = []
    var camera: GraphCamera?
    var route = Route.calculator
    var focus = Pane.calculator
    var overlay: Overlay?
    /// The first line of the help shown, when the help is longer than its box.
    var helpFirstLine = 0
    var isPopoverOpen = false
    var history = History()
    var isQuitting = false
    /// The button last pressed, drawn highlighted for one frame.
    var flashedButton: String?
    /// The last graph pane laid out: state saved while none is on screen measures the origin in it.
    var lastGraphPane: PaneSize?
    /// A line shown in the status line in place of the hints until the next action: a warning,
    /// in the error colour, unless `noticeIsNews`.
    var notice: String?
    /// Whether `notice` only says what an action did (the axes `L` chose, a sweep's pace), in the
    /// text colour: set by `tell`, cleared with the notice.
    var noticeIsNews = false
    /// Whether the points of interest in view are marked on the graph (`o`).
    var showsPoints = false
    /// Whether the last action saved the screen (`W`): `s` then saves it as SVG too.
    var offersScreenVector = false
    /// The trace on the graph, nil when none (`t` starts one, Esc ends it).
    var trace: Trace?
    /// A restored origin, as fractions of the pane's size from its centre, waiting for a pane.
    var pendingOriginFraction: Point?
    /// Each parameter's slider, by name: those of the curves on the graph, and of curves graphed
    /// before (a parameter that comes back keeps its value).
    var sliders: [String: Slider] = [:]
    /// The parameter whose slider has the keyboard focus, nil when none has.
    var focusedSlider: String?
    /// The parameter being played (`Space`), nil when none is.
    var playback: Playback?
    /// How long one sweep of a playback takes, in seconds (`<` `>`).
    var sweepSeconds = AppModel.standardSweepSeconds

    /// The graph pane's size in pixels and the cell height it is measured in.
    struct PaneSize: Equatable {
        var width: Int
        var height: Int
        var cellHeight: Int
    }

    /// The most curves one graph shows.
    static let maximumCurves = Theme.maximumCurves

    /// Every curve on the graph in colour order: the kept ones, then `graphed`.
    var curves: [GraphedProgram] {
        graphed.map { keptCurves + [$0] } ?? []
    }

    /// Whether the expression line (or a slider's entry line) is open.
    var isEditingExpression: Bool {
        switch overlay {
        case .expression?, .sliderEntry?: true
        default: false
        }
    }

    /// Whether the graph button is enabled: a non-empty program with nothing pending.
    var canGraph: Bool { keypad.canGraph }

    /// Shows `news`, what an action did rather than a warning, in the status line until the next action.
    mutating func tell(_ news: String) {
        notice = news
        noticeIsNews = true
    }

    /// Applies one action. `graphPane` is nil while no graph pane is laid out.
    mutating func apply(_ action: AppAction, graphPane: PaneSize?) {
        let curvesBefore = curves
        perform(action, graphPane: graphPane)
        // A point of interest was found on the curves as they were: once they change (another
        // expression graphed, a curve removed, angles read anew), the trace no longer stands on it.
        if trace != nil, curves != curvesBefore { trace?.landmark = nil }
    }

    /// `apply`'s work, the trace's landmark aside.
    private mutating func perform(_ action: AppAction, graphPane: PaneSize?) {
        flashedButton = nil
        notice = nil
        noticeIsNews = false
        // `s` right after `W` saves the same screen as SVG; any other action takes the offer away.
        offersScreenVector = action == .saveScreen
        if let graphPane { noteGraphPane(graphPane) }
        switch action {
        case .press(let symbol):
            guard let keys = Key.keys(from: symbol) else { return }
            keys.forEach { keypad.press($0) }
            flashedButton = symbol
            followAngleMode()
        case .graph:
            graphCurrentProgram(pane: graphPane)
        case .addCurve:
            addCurrentProgram(pane: graphPane)
        case .removeKeptCurves:
            guard !keptCurves.isEmpty else {
                notice = "Only one curve on the graph: a adds the calculator's program on top"
                return
            }
            keptCurves = []
            bindParameters()
        // The popover lies over the trace's mark (a sheet over the whole graph in compact width): Esc closes it first.
        case .dismiss where trace != nil && overlay == nil && focusedSlider == nil && !isPopoverOpen:
            trace = nil
        case .back, .dismiss:
            goBack()
        case .toggleFocus:
            focus = focus == .calculator ? .graph : .calculator
            focusedSlider = nil
        case .setFocus(let pane, let slider):
            focus = pane
            applySliderAction(.focus(slider))
        case .slider(let action):
            applySliderAction(action)
        case .pan(let dx, let dy):
            camera?.pan(dx: dx, dy: dy)
        case .step(let direction):
            guard let pane = graphPane else { return }
            // Whole pixels, so that a kitty panorama can show the step by moving its window.
            let stepX = Double(max(pane.width / 10, 1)), stepY = Double(max(pane.height / 10, 1))
            switch direction {
            case .left: camera?.pan(dx: stepX, dy: 0)
            case .right: camera?.pan(dx: -stepX, dy: 0)
            case .up: camera?.pan(dx: 0, dy: stepY)
            case .down: camera?.pan(dx: 0, dy: -stepY)
            }
        case .zoom(let factor, let about):
            guard let pane = graphPane else { return }
            let centre = Point(x: Double(pane.width) / 2, y: Double(pane.height) / 2)
            camera?.zoom(by: factor, about: about ?? centre, paneWidth: pane.width, paneHeight: pane.height)
        case .moveOrigin(let pixel):
            guard let pane = graphPane else { return }
            camera?.moveOrigin(to: pixel, paneWidth: pane.width, paneHeight: pane.height)
        case .centreOrigin:
            camera?.centreOrigin()
        case .fit:
            fitVertically(pane: graphPane)
        case .cycleAxes:
            guard let pane = graphPane, camera != nil else { return }
            camera?.cycleAxes(paneWidth: pane.width, paneHeight: pane.height)
            tell("Axes: " + (camera?.axes.name ?? "linear"))
        case .togglePopover:
            isPopoverOpen = graphed != nil && !isPopoverOpen
        case .toggleHelp:
            overlay = overlay == .help ? nil : .help
            helpFirstLine = 0
        case .scrollHelp(let line):
            if overlay == .help { helpFirstLine = max(line, 0) }
        case .openHistory:
            guard !history.entries.isEmpty else {
                notice = "No history yet: graphed programs appear here"
                return
            }
            overlay = .history(selection: 0)
        case .moveSelection(let delta):
            if case .history(let selection) = overlay, !history.entries.isEmpty {
                overlay = .history(selection: (selection + delta).clamped(to: 0...(history.entries.count - 1)))
            }
        case .chooseHistory:
            chooseHistory(pane: graphPane)
        case .openExpressionLine:
            overlay = .expression(ExpressionLine())
        case .editExpression(let edit):
            editExpression(edit, pane: graphPane)
        case .toggleTable:
            if case .table? = overlay { overlay = nil } else if graphed != nil { openTable() }
        case .scrollTable(let row):
            if case .table? = overlay { overlay = .table(firstRow: max(row, 0)) }
        case .togglePoints:
            showsPoints = graphed != nil && !showsPoints
        case .trace(let trace):
            applyTrace(trace, pane: graphPane)
        case .savePicture, .saveScreen, .saveScreenAsSVG:
            break  // The controller writes the file: the model does no I/O.
        case .quit:
            isQuitting = true
        }
        // A trace lives on a curve of the graph on screen: gone with it.
        if let trace, !curves.indices.contains(trace.curve) || camera == nil { self.trace = nil }
    }

    /// Opens the table of values, or says why there is none: a view too wide for rows in steps of
    /// its ticks (log x zoomed far out spans 0 to infinity) once opened a table nobody could see.
    private mutating func openTable() {
        if let pane = lastGraphPane, ListBox.valueTable(of: self, pane: pane) == nil {
            notice = "No table of values here: the view's x range is too wide for rows a tick apart (zoom in)"
        } else {
            overlay = .table(firstRow: nil)
        }
    }

    /// Remembers the pane, and places a restored origin once there is a pane to measure it in.
    mutating func noteGraphPane(_ pane: PaneSize) {
        guard pane.width > 0, pane.height > 0 else { return }
        lastGraphPane = pane
        if let fraction = pendingOriginFraction, var camera {
            camera.offsetX = fraction.x * Double(pane.width)
            camera.offsetY = fraction.y * Double(pane.height)
            if camera.isSane { self.camera = camera }
        }
        pendingOriginFraction = nil
    }

    /// Closes the overlay, else the popover, else leaves the full-screen graph for the calculator.
    private mutating func goBack() {
        if overlay != nil {
            overlay = nil
        } else if focusedSlider != nil {
            focusedSlider = nil
        } else if isPopoverOpen {
            isPopoverOpen = false
        } else if route == .graph {
            route = .calculator
            focus = .calculator
            playback = nil
        }
    }

    /// Graphs `keypad`'s program as it is now, alone; later keypad input leaves the graph alone.
    private mutating func graphCurrentProgram(pane: PaneSize?) {
        guard canGraph else { return }
        show([GraphedProgram(program: keypad.program, angle: keypad.angleMode)], pane: pane)
    }

    /// Graphs `keypad`'s program on top of the curves on the graph, up to `maximumCurves`; when it
    /// is on the graph already (or cannot be graphed), opens the expression line to type the next.
    private mutating func addCurrentProgram(pane: PaneSize?) {
        let curves = self.curves
        if curves.count >= Self.maximumCurves {
            notice = "At most \(Self.maximumCurves) curves: d keeps only the newest"
            return
        }
        if canGraph, !curves.programs.contains(keypad.program) {
            show(curves + [GraphedProgram(program: keypad.program, angle: keypad.angleMode)], pane: pane)
        } else {
            overlay = .expression(ExpressionLine(addsToGraph: true))
        }
    }

    /// Graphs a typed curve that is not y(x) (the keypad cannot hold it): alone, or on top of the
    /// graph's curves when `adding`, as Enter on the `:` and `a` lines does for y(x).
    private mutating func graph(_ relation: Relation, adding: Bool, pane: PaneSize?) {
        let curves = adding ? self.curves : []
        if curves.relations.contains(relation) {
            notice = "Already on the graph: \(relation.description)"
        } else if curves.count >= Self.maximumCurves {
            notice = "At most \(Self.maximumCurves) curves: d keeps only the newest"
        } else {
            show(curves + [GraphedProgram(relation: relation, angle: keypad.angleMode)], pane: pane)
        }
    }

    /// Shows `curves` (at least one; the last is the newest) and records them in the history.
    private mutating func show(_ curves: [GraphedProgram], pane: PaneSize?) {
        guard let newest = curves.last else { return }
        graphed = newest
        keptCurves = Array(curves.dropLast().suffix(Self.maximumCurves - 1))
        bindParameters()
        history.record(self.curves)
        if camera == nil {
            camera = GraphCamera.standard(cellHeight: pane?.cellHeight)
        }
        route = .graph
    }

    /// The curves on the graph read angles as the keypad does (DEG switches them too, as in Desmos).
    mutating func followAngleMode() {
        let angle = keypad.angleMode
        guard graphed?.angle != angle || keptCurves.contains(where: { $0.angle != angle }) else { return }
        graphed = graphed?.reading(angle)
        keptCurves = keptCurves.map { $0.reading(angle) }
    }

    private mutating func fitVertically(pane: PaneSize?) {
        guard let pane, graphed != nil, var camera else { return }
        let fitted = camera.viewport(width: pane.width, height: pane.height)
            .fittingY(toAll: curves.planeCurves, costs: curves.costs)
        camera.fitVertically(to: fitted)
        self.camera = camera
    }

    private mutating func chooseHistory(pane: PaneSize?) {
        guard case .history(let selection) = overlay, history.entries.indices.contains(selection) else { return }
        let entry = history.entries[selection]
        overlay = nil
        show(entry.curves.map { GraphedProgram(relation: $0, angle: keypad.angleMode) }, pane: pane)
    }

    private mutating func editExpression(_ edit: ExpressionEdit, pane: PaneSize?) {
        guard case .expression(var line) = overlay else { return }
        switch edit {
        case .insert(let text):
            line.insert(text)
        case .deleteBackward:
            line.deleteBackward()
        case .submit:
            do {
                let relation = try Relation.parse(line.text)
                guard let program = relation.function else {
                    // A curve of another kind is graphed as typed; the keypad keeps its program.
                    overlay = nil
                    graph(relation, adding: line.addsToGraph, pane: pane)
                    return
                }
                keypad.program = program
                overlay = nil
                // Enter graphs what was typed, as the graph button would (pushed in compact width),
                // or adds it to the graph's curves when `a` opened the line.
                if !line.addsToGraph {
                    graphCurrentProgram(pane: pane)
                } else if curves.programs.contains(program) {
                    notice = "Already on the graph: \(Program.equation(forDescription: program.description))"
                } else {
                    addCurrentProgram(pane: pane)
                }
                return
            } catch {
                line.error = error.description
            }
        }
        overlay = .expression(line)
    }
}
