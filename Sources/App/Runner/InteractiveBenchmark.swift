import Foundation
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
        /// Median time from a pan key's bytes to its frame written.
        public var medianKeyToFrame: Duration
        /// The bytes of one such frame.
        public var frameBytes: Int
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

    public init(graphicsProtocol: GraphicsProtocol, runs: Int) {
        self.graphicsProtocol = graphicsProtocol
        self.runs = runs
    }

    /// Runs the measurement for `sin(x)*x` in split view with a 1600x1000 pixel graph pane.
    public func run() throws -> Report {
        // 10x20 pixel cells; 217x52 cells give a 160x50-cell graph pane beside the calculator.
        let window = WindowSize(columns: 217, rows: 52, pixelWidth: 2170, pixelHeight: 1040)
        let presenter = GraphPresenter(graphicsProtocol: graphicsProtocol, maximumSixelSize: nil,
                                       glyphs: try? FreeTypeGlyphs.system())
        let controller = AppController(model: AppModel(), window: window, cell: .assumedCell,
                                       presenter: presenter, theme: .dark)
        controller.apply(.openExpressionLine)
        controller.apply(.editExpression(.insert("sin(x)*x")))
        controller.apply(.editExpression(.submit))
        controller.apply(.graph)
        guard let pane = controller.graphPane else { throw InteractiveError.noGraphPaneForBenchmark }
        let sink = try FileDescriptor.open("/dev/null", .writeOnly)
        defer { try? sink.close() }
        func write(_ bytes: [UInt8]) { _ = try? sink.writeAll(bytes) }
        write(controller.frame())

        var decoder = InputDecoder()
        let clock = ContinuousClock()
        var times = [Duration]()
        var frameBytes = 0
        for index in 0..<runs {
            let key: [UInt8] = index % 2 == 0 ? Array("\u{1B}[C".utf8) : Array("\u{1B}[D".utf8)
            let elapsed = clock.measure {
                for event in decoder.decode(key) { controller.handle(.input(event)) }
                let frame = controller.frame()
                frameBytes = frame.count
                write(frame)
            }
            times.append(elapsed)
        }
        times.sort()

        let before = controller.model.camera?.offsetX ?? 0
        let framesBefore = controller.framesDrawn
        let burstKeys = 100
        let burst = Array(repeating: Array("\u{1B}[D".utf8), count: burstKeys).flatMap { $0 }
        // The loop applies every event that has arrived before it draws.
        for event in decoder.decode(burst) { controller.handle(.input(event)) }
        write(controller.frame())
        let after = controller.model.camera?.offsetX ?? 0
        return Report(pane: PixelSize(width: pane.width, height: pane.height),
                      medianKeyToFrame: times[times.count / 2], frameBytes: frameBytes,
                      burstFrames: controller.framesDrawn - framesBefore, burstKeys: burstKeys,
                      burstOffset: after - before, expectedBurstOffset: Double(burstKeys) * Double(pane.width) / 10)
    }
}
