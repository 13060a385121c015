import Brain
import Raster

extension AppModel {
    /// The state to save, with the origin as a fraction of `pane` (the graph pane now on screen,
    /// else the last one laid out).
    func savedState(pane: PaneSize?, theme: String?) -> SavedState {
        let calculator = SavedState.Calculator(program: keypad.program, memory: keypad.memory,
                                               typed: keypad.typedText,
                                               angle: keypad.angleMode == .degrees ? AngleMode.degrees.rawValue : nil)
        var graph: SavedState.Graph?
        if let graphed, let camera {
            let fraction = pendingOriginFraction ?? originFraction(of: camera, in: pane ?? lastGraphPane)
            graph = SavedState.Graph(program: graphed.program, scaleX: camera.scaleX, scaleY: camera.scaleY,
                                     originFromCentreX: fraction.x, originFromCentreY: fraction.y,
                                     isFullScreen: route == .graph,
                                     kept: keptCurves.isEmpty ? nil : keptCurves.map(\.program),
                                     xScale: camera.axes.x == .log ? AxisScale.log.rawValue : nil,
                                     yScale: camera.axes.y == .log ? AxisScale.log.rawValue : nil)
            let names = sliderNames
            if !names.isEmpty {
                graph?.parameters = Dictionary(uniqueKeysWithValues: names.map { name in
                    let slider = self.slider(name)
                    return (name, SavedState.SavedSlider(value: slider.value, lower: slider.lower, upper: slider.upper))
                })
            }
            if sweepSeconds != Self.standardSweepSeconds { graph?.sweepSeconds = sweepSeconds }
            graph?.relations = curves.savedRelations
        }
        return SavedState(calculator: calculator, graph: graph, theme: theme, history: history.entries)
    }

    /// The model as saved; values out of range fall back to defaults. `pane` is the graph pane now,
    /// if one is laid out; otherwise the origin is placed when the first one is.
    init(restoring saved: SavedState, pane: PaneSize?) {
        self.init()
        // A program is at most `Program.maximumStepCount` steps long (decoding refuses more), and
        // nothing that replays, describes, evaluates or graphs one recurses, so every one is restored.
        keypad.program = saved.calculator.program
        keypad.angleMode = saved.calculator.angle == AngleMode.degrees.rawValue ? .degrees : .radians
        if let memory = saved.calculator.memory, memory.isFinite {
            keypad.memory = memory
        }
        // Only a number being typed: digits and one point.
        let typed = (saved.calculator.typed ?? "").prefix(64)
        if !typed.isEmpty, typed.allSatisfy({ $0.isASCII && ($0.isWholeNumber || $0 == ".") }),
           let keys = Key.keys(from: String(typed)) {
            keys.forEach { keypad.press($0) }
        }
        // Descriptions are recomputed: the file's own could hold anything, terminal escapes included.
        // Each candidate is described once, and only until the history is full.
        let candidates = saved.history.prefix(4 * History.capacity).lazy.compactMap { entry -> History.Entry? in
            if entry.relations != nil {
                let curves = Self.restorableRelations(entry.relations ?? [])
                guard let newest = curves.last else { return nil }
                return History.Entry(description: newest.description, program: newest.function ?? Program(),
                                     kept: nil, relations: curves.map(SavedState.SavedRelation.init))
            }
            guard Self.isGraphable(entry.program) else { return nil }
            let kept = Self.restorableCurves(entry.kept ?? [], under: entry.program)
            return History.Entry(description: entry.program.description, program: entry.program,
                                 kept: kept.isEmpty ? nil : kept)
        }
        history = History(deduplicating: candidates) { entry in
            (entry.kept ?? []).map(\.description) + [entry.description]
        }
        let savedCurves = Self.restorableRelations(saved.graph?.relations ?? [])
        if let graph = saved.graph, Self.isGraphable(graph.program) || !savedCurves.isEmpty {
            let angle = keypad.angleMode
            if let newest = savedCurves.last {
                graphed = GraphedProgram(relation: newest, angle: angle)
                keptCurves = savedCurves.dropLast().map { GraphedProgram(relation: $0, angle: angle) }
            } else {
                let program = graph.program
                graphed = GraphedProgram(program: program, angle: angle)
                keptCurves = Self.restorableCurves(graph.kept ?? [], under: program).map { GraphedProgram(program: $0, angle: angle) }
            }
            // Only parameters' sliders, each whole and sane: one that is not is left at its default.
            for (name, saved) in (graph.parameters ?? [:]).prefix(64) where Program.isParameterName(name) {
                if let slider = Slider(value: saved.value, lower: saved.lower, upper: saved.upper) { sliders[name] = slider }
            }
            if let seconds = graph.sweepSeconds, Self.sweepLimits.contains(seconds) { sweepSeconds = seconds }
            bindParameters()
            let standard = GraphCamera.standard(cellHeight: pane?.cellHeight)
            let scaleX = GraphCamera.scaleLimits.contains(graph.scaleX) ? graph.scaleX : standard.scaleX
            var camera = GraphCamera(scale: scaleX)
            camera.scaleY = GraphCamera.scaleLimits.contains(graph.scaleY) ? graph.scaleY : scaleX
            camera.axes = AxisScales(x: graph.xScale == AxisScale.log.rawValue ? .log : .linear,
                                     y: graph.yScale == AxisScale.log.rawValue ? .log : .linear)
            let fraction = Point(x: graph.originFromCentreX, y: graph.originFromCentreY)
            if fraction.x.isFinite, fraction.y.isFinite, abs(fraction.x) <= 1e6, abs(fraction.y) <= 1e6 {
                pendingOriginFraction = fraction
            }
            self.camera = camera
            route = graph.isFullScreen == true ? .graph : .calculator
            if let pane { noteGraphPane(pane) }
        }
    }

    /// The origin's offset as fractions of `pane`; zero when no pane has been laid out.
    private func originFraction(of camera: GraphCamera, in pane: PaneSize?) -> Point {
        guard let pane, pane.width > 0, pane.height > 0 else { return .zero }
        return Point(x: camera.offsetX / Double(pane.width), y: camera.offsetY / Double(pane.height))
    }

    /// The curves of `kept` that can be restored under `newest`: graphable, distinct, and as many
    /// as a graph shows.
    private static func restorableCurves(_ kept: [Program], under newest: Program) -> [Program] {
        var curves: [Program] = []
        for program in kept.prefix(4 * maximumCurves) {
            guard isGraphable(program), program != newest,
                  !curves.contains(program) else { continue }
            curves.append(program)
        }
        return Array(curves.suffix(maximumCurves - 1))
    }

    /// The saved curves of every kind that can be restored: readable, graphable, distinct, and
    /// as many as a graph shows (the newest ones).
    private static func restorableRelations(_ saved: [SavedState.SavedRelation]) -> [Relation] {
        var curves: [Relation] = []
        for relation in saved.prefix(4 * maximumCurves).compactMap(\.relation) where relation.isGraphable && !curves.contains(relation) {
            curves.append(relation)
        }
        return Array(curves.suffix(maximumCurves))
    }

    private static func isGraphable(_ program: Program) -> Bool {
        !program.isEmpty && !program.isPending
    }
}
