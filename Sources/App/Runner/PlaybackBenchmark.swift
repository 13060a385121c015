import FoundationEssentials
import Raster
import SystemPackage
import Terminal

/// Measures playback (issue 23, item 6) without a terminal: a parameter played by the app's own
/// controller, each frame of the sweep rendered, encoded and written to /dev/null, on the one
/// thread that runs the loop.
package struct PlaybackBenchmark {
    /// What was measured.
    package struct Report: Sendable {
        /// The graph pane in pixels.
        package var pane: PixelSize
        /// Each frame's time, from the clock's tick to its bytes written, sorted.
        package var frameTimes: [Duration]
        /// Each frame's bytes, sorted.
        package var frameBytes: [Int]
        /// Frames a second at the median frame's time.
        package var framesPerSecond: Double {
            let median = frameTimes[frameTimes.count / 2] / .seconds(1)
            return median > 0 ? 1 / median : 0
        }
    }

    package var graphicsProtocol: GraphicsProtocol
    /// Frames timed.
    package var frames: Int
    /// The expression played, with the parameter `a`.
    package var expression: String
    package var xRange: ClosedRange<Double>
    package var paneSize: PixelSize

    package init(graphicsProtocol: GraphicsProtocol, frames: Int, expression: String = "sin(a x)*x",
                 xRange: ClosedRange<Double> = -10...10, paneSize: PixelSize = PixelSize(width: 1600, height: 1000)) {
        self.graphicsProtocol = graphicsProtocol
        self.frames = frames
        self.expression = expression
        self.xRange = xRange
        self.paneSize = paneSize
    }

    /// Plays the first parameter (Space) and times `frames` frames of it, one frame of the clock each.
    package func run() throws -> Report {
        let driver = try PanFrameDriver(graphicsProtocol: graphicsProtocol, expression: expression,
                                        xRange: xRange, paneSize: paneSize)
        let controller = driver.controller
        let sink = try FileDescriptor.open("/dev/null", .writeOnly)
        defer { try? sink.close() }
        func write(_ bytes: [UInt8]) { _ = try? sink.writeAll(bytes) }
        write(driver.firstFrame)
        write(driver.frame(afterInput: Array(" ".utf8)))
        guard controller.model.playback != nil else { throw InteractiveError.noGraphPaneForBenchmark }
        let clock = ContinuousClock()
        var times = [Duration](), bytes = [Int]()
        for _ in 0..<frames {
            var count = 0
            times.append(clock.measure {
                controller.apply(.slider(.advance(frames: 1)))
                let frame = controller.frame()
                count = frame.count
                write(frame)
            })
            bytes.append(count)
        }
        return Report(pane: driver.pane, frameTimes: times.sorted(), frameBytes: bytes.sorted())
    }
}
