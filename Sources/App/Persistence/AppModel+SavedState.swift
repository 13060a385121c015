import Brain
import Raster

extension AppModel {
    /// The longest program restored; deeper ones are not a person's and could exhaust the stack.
    static let maximumRestoredSteps = 1000

    /// The state to save, with the origin as a fraction of `pane` (the graph pane now on screen,
    /// else the last one laid out).
    func savedState(pane: PaneSize?, theme: String?) -> SavedState {
        let calculator = SavedState.Calculator(program: keypad.program, memory: keypad.memory,
                                               typed: keypad.typedText)
        var graph: SavedState.Graph?
        if let graphed, let camera {
            let fraction = pendingOriginFraction ?? originFraction(of: camera, in: pane ?? lastGraphPane)
            graph = SavedState.Graph(program: graphed.program, scaleX: camera.scaleX, scaleY: camera.scaleY,
                                     originFromCentreX: fraction.x, originFromCentreY: fraction.y,
                                     isFullScreen: route == .graph,
                                     kept: keptCurves.isEmpty ? nil : keptCurves.map(\.program))
        }
        return SavedState(calculator: calculator, graph: graph, theme: theme, history: history.entries)
    }

    /// The model as saved; values out of range fall back to defaults. `pane` is the graph pane now,
    /// if one is laid out; otherwise the origin is placed when the first one is.
    init(restoring saved: SavedState, pane: PaneSize?) {
        self.init()
        if let program = Self.restorable(saved.calculator.program) {
            keypad.program = program
        }
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
        var entries: [History.Entry] = []
        for entry in saved.history.prefix(4 * History.capacity) {
            guard let program = Self.restorable(entry.program), Self.isGraphable(program) else { continue }
            let kept = Self.restorableCurves(entry.kept ?? [], under: program)
            let restored = History.Entry(description: program.description, program: program,
                                         kept: kept.isEmpty ? nil : kept)
            if !entries.contains(where: { History.reading(of: $0) == History.reading(of: restored) }) {
                entries.append(restored)
            }
        }
        history = History(entries: entries)
        if let graph = saved.graph, let program = Self.restorable(graph.program), Self.isGraphable(program) {
            graphed = GraphedProgram(program: program)
            keptCurves = Self.restorableCurves(graph.kept ?? [], under: program).map(GraphedProgram.init(program:))
            let standard = GraphCamera.standard(cellHeight: pane?.cellHeight)
            let scaleX = GraphCamera.scaleLimits.contains(graph.scaleX) ? graph.scaleX : standard.scaleX
            var camera = GraphCamera(scale: scaleX)
            camera.scaleY = GraphCamera.scaleLimits.contains(graph.scaleY) ? graph.scaleY : scaleX
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

    /// `program` if it is short enough to restore.
    private static func restorable(_ program: Program) -> Program? {
        program.steps.count <= maximumRestoredSteps ? program : nil
    }

    /// The curves of `kept` that can be restored under `newest`: graphable, distinct, and as many
    /// as a graph shows.
    private static func restorableCurves(_ kept: [Program], under newest: Program) -> [Program] {
        var curves: [Program] = []
        for program in kept.prefix(4 * maximumCurves) {
            guard let program = restorable(program), isGraphable(program), program != newest,
                  !curves.contains(program) else { continue }
            curves.append(program)
        }
        return Array(curves.suffix(maximumCurves - 1))
    }

    private static func isGraphable(_ program: Program) -> Bool {
        !program.isEmpty && !program.evaluate().isPending
    }
}
