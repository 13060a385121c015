import Glyphs
import Raster
import Terminal

/// The app's own controller with an expression graphed, driven by pan keys without a terminal:
/// what `InteractiveBenchmark` (`gcview bench`) and the package-benchmark harness time.
package final class PanFrameDriver {
    /// The controller the app runs.
    let controller: AppController
    /// The graph pane in pixels.
    package let pane: PixelSize
    /// The x range across the pane before the first pan.
    package let xRange: ClosedRange<Double>
    /// The first frame: the whole screen with the graph.
    package let firstFrame: [UInt8]
    private var decoder = InputDecoder()
    private var keysPressed = 0

    /// `expression` graphed over `xRange` in a pane of `paneSize` (split view where a window
    /// allows one, else the pushed graph), with y fitted as the `f` key does.
    package init(graphicsProtocol: GraphicsProtocol, expression: String, xRange: ClosedRange<Double>,
                paneSize: PixelSize) throws {
        let window = Self.window(forPane: paneSize)
        let presenter = GraphPresenter(backend: graphicsProtocol.backend(kittyImageID: InteractiveApp.kittyImageID),
                                       glyphs: try? FreeTypeGlyphs.system())
        controller = AppController(model: AppModel(), window: window, cell: .assumedCell,
                                   presenter: presenter, theme: .dark)
        controller.apply(.openExpressionLine)
        controller.apply(.editExpression(.insert(expression)))
        controller.apply(.editExpression(.submit))
        controller.apply(.graph)
        guard let graphPane = controller.graphPane, let scale = controller.model.camera?.scaleX else {
            throw InteractiveError.noGraphPaneForBenchmark
        }
        // Show xRange across the pane, then fit y as the `f` key does.
        let wantedScale = Double(graphPane.width) / (xRange.upperBound - xRange.lowerBound)
        controller.apply(.zoom(factor: wantedScale / scale, about: nil))
        let middle = (xRange.lowerBound + xRange.upperBound) / 2
        controller.apply(.moveOrigin(to: Point(x: Double(graphPane.width) / 2 - middle * wantedScale,
                                               y: Double(graphPane.height) / 2)))
        controller.apply(.fit)
        guard let shown = controller.model.camera?.viewport(width: graphPane.width, height: graphPane.height).xRange else {
            throw InteractiveError.noGraphPaneForBenchmark
        }
        pane = PixelSize(width: graphPane.width, height: graphPane.height)
        self.xRange = shown
        firstFrame = controller.frame()
    }

    /// The window whose split view gives a graph pane of `pane` (or the nearest narrower one),
    /// in 10x20 cells; a window exactly the pane's width, where the graph is pushed full screen,
    /// when no window splits at that size.
    static func window(forPane pane: PixelSize) -> WindowSize {
        let cell = PixelSize.assumedCell
        let graphColumns = max(pane.width / cell.width, 1)
        // The title bar and the status line take a row each.
        let rows = max(pane.height / cell.height, 1) + 2
        let candidates = (graphColumns...(graphColumns + 200)).compactMap { columns -> (Int, Int)? in
            let layout = ScreenLayout(columns: columns, rows: rows, route: .calculator)
            guard layout.isSplit, let graph = layout.graph, graph.columns <= graphColumns else { return nil }
            return (columns, graph.columns)
        }
        let columns = candidates.max(by: { $0.1 < $1.1 })?.0 ?? graphColumns
        return WindowSize(columns: columns, rows: rows, pixelWidth: columns * cell.width, pixelHeight: rows * cell.height)
    }

    /// One pan key (right and left by turns, so the view stays put) from its bytes to its frame;
    /// returns the frame's bytes.
    package func panFrame() -> [UInt8] {
        let key = keysPressed % 2 == 0 ? "\u{1B}[C" : "\u{1B}[D"
        keysPressed += 1
        return frame(afterInput: Array(key.utf8))
    }

    /// Applies `bytes` of input to the controller, drawing nothing.
    package func handle(input bytes: [UInt8]) {
        for event in decoder.decode(bytes) { controller.handle(.input(event)) }
    }

    /// The frame after `bytes` of input, all applied before it is drawn as the app's loop does.
    package func frame(afterInput bytes: [UInt8]) -> [UInt8] {
        for event in decoder.decode(bytes) { controller.handle(.input(event)) }
        return controller.frame()
    }
}
