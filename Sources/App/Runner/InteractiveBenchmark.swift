import FoundationEssentials
import Glyphs
import Raster
import SystemPackage
import Terminal

/// Measures the interactive loop without a terminal: pan keys decoded, applied and drawn by the
/// same controller the app runs, each frame written to /dev/null.
public struct InteractiveBenchmark {
    /// What was measured.
    public struct Report: Sendable {
        /// The graph pane in pixels.
        public var pane: PixelSize
        /// The x-range the pane showed when the pan keys began.
        public var xRange: ClosedRange<Double>
        /// Median time from a pan key's bytes to its frame written.
        public var medianKeyToFrame: Duration
        /// The bytes of one such frame.
        public var frameBytes: Int
        /// The bytes of each timed frame, sorted: pans back and forth, which stay near where they began.
        public var stepBytes: [Int]
        /// A walk of pan keys past the margins (`walk`): each frame's bytes and time, sorted.
        public var walkBytes: [Int]
        public var walkTimes: [Duration]
        /// Frames drawn for a burst of `burstKeys` pan keys arriving together.
        public var burstFrames: Int
        public var burstKeys: Int
        /// The origin's move after the burst, and what `burstKeys` steps should give.
        public var burstOffset: Double
        public var expectedBurstOffset: Double
    }

    /// The graphics protocol of the frames.
    public var graphicsProtocol: GraphicsProtocol
    /// Pan keys timed one by one.
    public var runs: Int
    /// The expression graphed, typed on the expression line as a user would.
    public var expression: String
    /// The x-range the graph starts on; its y-range is fitted (`f`).
    public var xRange: ClosedRange<Double>
    /// The graph pane wanted, in pixels (10x20 cells: the width is rounded down to whole cells).
    public var paneSize: PixelSize

    public init(graphicsProtocol: GraphicsProtocol, runs: Int, expression: String = "sin(x)*x",
                xRange: ClosedRange<Double> = -10...10, paneSize: PixelSize = PixelSize(width: 1600, height: 1000)) {
        self.graphicsProtocol = graphicsProtocol
        self.runs = runs
        self.expression = expression
        self.xRange = xRange
        self.paneSize = paneSize
    }

    /// The window whose split view gives a graph pane of `paneSize` (or the nearest narrower one),
    /// in 10x20 cells; a window exactly the pane's width, where the graph is pushed full screen,
    /// when no window splits at that size.
    func window() -> WindowSize {
        let cell = PixelSize.assumedCell
        let graphColumns = max(paneSize.width / cell.width, 1)
        // The title bar and the status line take a row each.
        let rows = max(paneSize.height / cell.height, 1) + 2
        let candidates = (graphColumns...(graphColumns + 200)).compactMap { columns -> (Int, Int)? in
            let layout = ScreenLayout(columns: columns, rows: rows, route: .calculator)
            guard layout.isSplit, let graph = layout.graph, graph.columns <= graphColumns else { return nil }
            return (columns, graph.columns)
        }
        let columns = candidates.max(by: { $0.1 < $1.1 })?.0 ?? graphColumns
        return WindowSize(columns: columns, rows: rows, pixelWidth: columns * cell.width, pixelHeight: rows * cell.height)
    }

    /// The walk's pan keys, true for right: 4 right, 8 left, 8 right, four tenths of the pane
    /// either side of where it began.
    static let walk = Array(repeating: true, count: 4) + Array(repeating: false, count: 8) + Array(repeating: true, count: 8)

    /// Runs the measurement: the expression graphed over `xRange` (in split view where the size
    /// allows), then pan keys.
    public func run() throws -> Report {
        let window = window()
        let presenter = GraphPresenter(backend: graphicsProtocol.backend(kittyImageID: InteractiveApp.kittyImageID),
                                       glyphs: try? FreeTypeGlyphs.system())
        let controller = AppController(model: AppModel(), window: window, cell: .assumedCell,
                                       presenter: presenter, theme: .dark)
        controller.apply(.openExpressionLine)
        controller.apply(.editExpression(.insert(expression)))
        controller.apply(.editExpression(.submit))
        controller.apply(.graph)
        guard let pane = controller.graphPane, let scale = controller.model.camera?.scaleX else {
            throw InteractiveError.noGraphPaneForBenchmark
        }
        // Show xRange across the pane, then fit y as the `f` key does.
        let wantedScale = Double(pane.width) / (xRange.upperBound - xRange.lowerBound)
        controller.apply(.zoom(factor: wantedScale / scale, about: nil))
        let middle = (xRange.lowerBound + xRange.upperBound) / 2
        controller.apply(.moveOrigin(to: Point(x: Double(pane.width) / 2 - middle * wantedScale, y: Double(pane.height) / 2)))
        controller.apply(.fit)
        guard let shown = controller.model.camera?.viewport(width: pane.width, height: pane.height).xRange else {
            throw InteractiveError.noGraphPaneForBenchmark
        }
        let sink = try FileDescriptor.open("/dev/null", .writeOnly)
        defer { try? sink.close() }
        func write(_ bytes: [UInt8]) { _ = try? sink.writeAll(bytes) }
        write(controller.frame())

        var decoder = InputDecoder()
        let clock = ContinuousClock()
        var times = [Duration]()
        var frameBytes = 0
        var stepBytes = [Int]()
        for index in 0..<runs {
            let key: [UInt8] = index % 2 == 0 ? Array("\u{1B}[C".utf8) : Array("\u{1B}[D".utf8)
            let elapsed = clock.measure {
                for event in decoder.decode(key) { controller.handle(.input(event)) }
                let frame = controller.frame()
                frameBytes = frame.count
                write(frame)
            }
            times.append(elapsed)
            stepBytes.append(frameBytes)
        }
        times.sort()
        stepBytes.sort()

        // A walk past the margins that keeps both axes in view: kitty sends a new panorama (here on
        // the main loop, as the benchmark renders nothing ahead) when the view leaves the last one.
        var walkBytes = [Int](), walkTimes = [Duration]()
        for key in Self.walk {
            var bytes = 0
            walkTimes.append(clock.measure {
                for event in decoder.decode(Array((key ? "\u{1B}[C" : "\u{1B}[D").utf8)) { controller.handle(.input(event)) }
                let frame = controller.frame()
                bytes = frame.count
                write(frame)
            })
            walkBytes.append(bytes)
        }

        let before = controller.model.camera?.offsetX ?? 0
        let framesBefore = controller.framesDrawn
        let burstKeys = 100
        let burst = Array(repeating: Array("\u{1B}[D".utf8), count: burstKeys).flatMap { $0 }
        // The loop applies every event that has arrived before it draws.
        for event in decoder.decode(burst) { controller.handle(.input(event)) }
        write(controller.frame())
        let after = controller.model.camera?.offsetX ?? 0
        return Report(pane: PixelSize(width: pane.width, height: pane.height), xRange: shown,
                      medianKeyToFrame: times[times.count / 2], frameBytes: frameBytes, stepBytes: stepBytes,
                      walkBytes: walkBytes.sorted(), walkTimes: walkTimes.sorted(),
                      burstFrames: controller.framesDrawn - framesBefore, burstKeys: burstKeys,
                      burstOffset: after - before, expectedBurstOffset: Double(burstKeys * max(pane.width / 10, 1)))
    }
}
