import Brain

extension AppModel {
    /// The state to save, with the origin as a fraction of `pane` (the graph pane now on screen).
    func savedState(pane: PaneSize?, theme: String?) -> SavedState {
        let calculator = SavedState.Calculator(program: keypad.program, memory: keypad.memory,
                                               typed: keypad.typedText)
        var graph: SavedState.Graph?
        if let graphed, let camera {
            let width = Double(max(pane?.width ?? 1, 1)), height = Double(max(pane?.height ?? 1, 1))
            graph = SavedState.Graph(program: graphed.program, scaleX: camera.scaleX, scaleY: camera.scaleY,
                                     originFromCentreX: camera.offsetX / width,
                                     originFromCentreY: camera.offsetY / height,
                                     isFullScreen: route == .graph)
        }
        return SavedState(calculator: calculator, graph: graph, theme: theme, history: history.entries)
    }

    /// The model as saved; values out of range fall back to defaults. `pane` is the graph pane now.
    init(restoring saved: SavedState, pane: PaneSize?) {
        self.init()
        keypad.program = saved.calculator.program
        if let memory = saved.calculator.memory, memory.isFinite {
            keypad.memory = memory
        }
        for character in (saved.calculator.typed ?? "").prefix(64) {
            if let keys = Key.keys(from: String(character)) {
                keys.forEach { keypad.press($0) }
            }
        }
        history = History(entries: saved.history)
        if let graph = saved.graph {
            graphed = GraphedProgram(program: graph.program)
            let width = Double(pane?.width ?? 0), height = Double(pane?.height ?? 0)
            var camera = GraphCamera(scale: graph.scaleX,
                                     offsetX: graph.originFromCentreX * width,
                                     offsetY: graph.originFromCentreY * height)
            camera.scaleY = graph.scaleY
            let fractionsAreSane = abs(graph.originFromCentreX) <= 1e4 && abs(graph.originFromCentreY) <= 1e4
            self.camera = camera.isSane && fractionsAreSane ? camera : GraphCamera.standard(cellHeight: pane?.cellHeight ?? 20)
            route = graph.isFullScreen == true ? .graph : .calculator
        }
    }
}
