import FoundationEssentials
import Raster
import SystemPackage
import Terminal

/// Measures the interactive loop without a terminal: pan keys decoded, applied and drawn by the
/// same controller the app runs, each frame written to /dev/null.
package struct InteractiveBenchmark {
    /// What was measured.
    package struct Report: Sendable {
        /// The graph pane in pixels.
        package var pane: PixelSize
        /// The x-range the pane showed when the pan keys began.
        package var xRange: ClosedRange<Double>
        /// Median time from a pan key's bytes to its frame written.
        package var medianKeyToFrame: Duration
        /// The bytes of one such frame.
        package var frameBytes: Int
        /// The bytes of each timed frame, sorted: pans back and forth, which stay near where they began.
        package var stepBytes: [Int]
        /// A walk of pan keys past the margins (`walk`): each frame's bytes and time, sorted.
        package var walkBytes: [Int]
        package var walkTimes: [Duration]
        /// Kitty only: with the x axis pushed below the pane (its labels pinned to the bottom edge,
        /// in a strip of their own), the bytes of each step along the labels (left and right: the
        /// graph and the strip placed again) and across them (up and down: the graph placed again), with
        /// the patches over labels a window cuts, sorted.
        package var pinnedAlongBytes: [Int]
        package var pinnedAcrossBytes: [Int]
        /// Frames drawn for a burst of `burstKeys` pan keys arriving together.
        package var burstFrames: Int
        package var burstKeys: Int
        /// The origin's move after the burst, and what `burstKeys` steps should give.
        package var burstOffset: Double
        package var expectedBurstOffset: Double
    }

    /// The graphics protocol of the frames.
    package var graphicsProtocol: GraphicsProtocol
    /// Pan keys timed one by one.
    package var runs: Int
    /// The expression graphed, typed on the expression line as a user would.
    package var expression: String
    /// The x-range the graph starts on; its y-range is fitted (`f`).
    package var xRange: ClosedRange<Double>
    /// The graph pane wanted, in pixels (10x20 cells: the width is rounded down to whole cells).
    package var paneSize: PixelSize

    package init(graphicsProtocol: GraphicsProtocol, runs: Int, expression: String = "sin(x)*x",
                xRange: ClosedRange<Double> = -10...10, paneSize: PixelSize = PixelSize(width: 1600, height: 1000)) {
        self.graphicsProtocol = graphicsProtocol
        self.runs = runs
        self.expression = expression
        self.xRange = xRange
        self.paneSize = paneSize
    }

    /// The walk's pan keys, true for right: 4 right, 8 left, 8 right, four tenths of the pane
    /// either side of where it began.
    static let walk = Array(repeating: true, count: 4) + Array(repeating: false, count: 8) + Array(repeating: true, count: 8)

    /// Runs the measurement: the expression graphed over `xRange` (in split view where the size
    /// allows), then pan keys.
    package func run() throws -> Report {
        let driver = try PanFrameDriver(graphicsProtocol: graphicsProtocol, expression: expression,
                                        xRange: xRange, paneSize: paneSize)
        let controller = driver.controller, pane = driver.pane
        let sink = try FileDescriptor.open("/dev/null", .writeOnly)
        defer { try? sink.close() }
        func write(_ bytes: [UInt8]) { _ = try? sink.writeAll(bytes) }
        write(driver.firstFrame)

        let clock = ContinuousClock()
        var times = [Duration]()
        var frameBytes = 0
        var stepBytes = [Int]()
        for _ in 0..<runs {
            let elapsed = clock.measure {
                let frame = driver.panFrame()
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
                let frame = driver.frame(afterInput: Array((key ? "\u{1B}[C" : "\u{1B}[D").utf8))
                bytes = frame.count
                write(frame)
            })
            walkBytes.append(bytes)
        }

        var pinnedAlong = [Int](), pinnedAcross = [Int]()
        if controller.presenter.backend.layeredPictures != nil {
            let up = Array("\u{1B}[A".utf8), down = Array("\u{1B}[B".utf8)
            let right = Array("\u{1B}[C".utf8), left = Array("\u{1B}[D".utf8)
            // Back where the walk began (the y axis well inside), then up until the x axis is below.
            for _ in 0..<4 { write(driver.frame(afterInput: left)) }
            for _ in 0..<20 where !controller.xLabelsArePinned {
                write(driver.frame(afterInput: up))
            }
            // Steps back and forth, so the view stays inside the panorama.
            for step in 0..<8 {
                let frame = driver.frame(afterInput: step % 2 == 0 ? right : left)
                write(frame)
                pinnedAlong.append(frame.count)
            }
            for step in 0..<8 {
                let frame = driver.frame(afterInput: step % 2 == 0 ? up : down)
                write(frame)
                pinnedAcross.append(frame.count)
            }
        }

        let before = controller.model.camera?.offsetX ?? 0
        let framesBefore = controller.framesDrawn
        let burstKeys = 100
        let burst = Array(repeating: Array("\u{1B}[D".utf8), count: burstKeys).flatMap { $0 }
        // The loop applies every event that has arrived before it draws.
        write(driver.frame(afterInput: burst))
        let after = controller.model.camera?.offsetX ?? 0
        return Report(pane: pane, xRange: driver.xRange,
                      medianKeyToFrame: times[times.count / 2], frameBytes: frameBytes, stepBytes: stepBytes,
                      walkBytes: walkBytes.sorted(), walkTimes: walkTimes.sorted(),
                      pinnedAlongBytes: pinnedAlong.sorted(), pinnedAcrossBytes: pinnedAcross.sorted(),
                      burstFrames: controller.framesDrawn - framesBefore, burstKeys: burstKeys,
                      burstOffset: after - before, expectedBurstOffset: Double(burstKeys * max(pane.width / 10, 1)))
    }
}
