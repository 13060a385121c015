#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Glyphs
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
        let (driver, sink) = try startPlaying(rendersAhead: false)
        let controller = driver.controller
        defer { try? sink.close() }
        func write(_ bytes: [UInt8]) { _ = try? sink.writeAll(bytes) }
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

    /// The app with the curve graphed and Space pressed (frames rendered ahead on the pane's
    /// worker when `rendersAhead`), its first frames written to /dev/null, which is returned open
    /// for the rest; throws when the layout has no graph pane to play in.
    private func startPlaying(rendersAhead: Bool) throws -> (PanFrameDriver, FileDescriptor) {
        let driver = try PanFrameDriver(graphicsProtocol: graphicsProtocol, expression: expression,
                                        xRange: xRange, paneSize: paneSize)
        if rendersAhead { driver.controller.images.renderAhead { try? FreeTypeGlyphs.system() } }
        let sink = try FileDescriptor.open("/dev/null", .writeOnly)
        _ = try? sink.writeAll(driver.firstFrame)
        _ = try? sink.writeAll(driver.frame(afterInput: Array(" ".utf8)))
        guard driver.controller.model.playback != nil else {
            try? sink.close()
            throw InteractiveError.noGraphPaneForBenchmark
        }
        return (driver, sink)
    }

    /// What a playback in real time measured.
    package struct LiveReport: Sendable {
        /// The graph pane in pixels.
        package var pane: PixelSize
        /// How long the playback ran.
        package var elapsed: Duration
        /// The playback's frames shown (each a new value on the clock).
        package var framesShown: Int
        /// How many of them were rendered ahead on the worker.
        package var framesRenderedAhead: Int
        /// The main loop's time for each frame it drew, from the clock's advance to its bytes
        /// written, sorted: the longest a key can wait behind a frame.
        package var loopTimes: [Duration]
        /// Each key's time from its arrival to its frame written, sorted.
        package var keyLatencies: [Duration]
        /// Frames shown a second.
        package var framesPerSecond: Double {
            let seconds = elapsed / .seconds(1)
            return seconds > 0 ? Double(framesShown) / seconds : 0
        }
    }

    /// Plays the first parameter in real time for `duration`, as the app's loop does (it waits for
    /// the next frame or a key, applies keys, advances on the clock, draws, writes to /dev/null),
    /// with `keys` Tab presses arriving at spread-out moments; frames are rendered ahead on the
    /// pane's worker when `rendersAhead`, all on the loop's thread otherwise (before issue 23's
    /// render-ahead). Measures the frames shown, the loop's time per frame and each key's latency.
    package func runLive(for duration: Duration, rendersAhead: Bool, keys: Int) throws -> LiveReport {
        let (driver, sink) = try startPlaying(rendersAhead: rendersAhead)
        let controller = driver.controller
        defer { try? sink.close() }
        func write(_ bytes: [UInt8]) { _ = try? sink.writeAll(bytes) }
        let clock = ContinuousClock()
        let start = clock.now, end = start + duration
        // Keys spread over the run, each at a different moment of its frame (a golden-ratio stride).
        var arrivals = (0..<keys).map { key in
            let phase = (Double(key) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1)
            return start + duration * ((Double(key) + phase) / Double(max(keys, 1)))
        }
        var loopTimes = [Duration](), latencies = [Duration]()
        var shown = 0, lastFrame = controller.model.playback?.frame
        controller.advancePlayback(to: start)
        // Until every key has arrived and been answered, even past the end: on a loaded machine the
        // last turn of the loop can end after the last keys' moments, and they were left unsent.
        while clock.now < end || !arrivals.isEmpty {
            let timeout = controller.timeUntilNextPlaybackFrame(after: clock.now) ?? .milliseconds(10)
            // The wait ends when a frame is due or a key arrives, whichever comes first.
            var wake = clock.now + timeout
            if let key = arrivals.first, key < wake { wake = key }
            Self.sleep(until: wake, clock: clock)
            let now = clock.now
            let arrived = arrivals.prefix { $0 <= now }
            arrivals.removeFirst(arrived.count)
            if !arrived.isEmpty { driver.handle(input: Array(repeating: 9, count: arrived.count)) }
            let drawn = clock.now
            controller.advancePlayback(to: drawn)
            let frame = controller.frame()
            write(frame)
            let written = clock.now
            if !frame.isEmpty { loopTimes.append(written - drawn) }
            latencies += arrived.map { written - $0 }
            if !frame.isEmpty, controller.model.playback?.frame != lastFrame {
                shown += 1
                lastFrame = controller.model.playback?.frame
            }
        }
        return LiveReport(pane: driver.pane, elapsed: clock.now - start, framesShown: shown,
                          framesRenderedAhead: controller.images.framesAhead.framesTaken,
                          loopTimes: loopTimes.sorted(), keyLatencies: latencies.sorted())
    }

    /// Sleeps until `deadline` on `clock` (at once when it has passed).
    private static func sleep(until deadline: ContinuousClock.Instant, clock: ContinuousClock) {
        let wait = deadline - clock.now
        guard wait > .zero else { return }
        let (seconds, attoseconds) = wait.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        _ = nanosleep(&request, nil)
    }
}
