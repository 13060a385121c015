import AppTestSupport
import Foundation
@testable import App
import Raster
import Terminal
import TestSupport
import Testing

/// Issue 23, item 4: during playback the next frames are rendered ahead on the pane's worker, so
/// the loop that reads keys never waits behind a render. Driven in real time, as the app's loop
/// drives the controller: wait for the next frame or a key, apply keys, advance on the clock, draw.
@Suite("Playback rendered ahead", .serialized)
struct PlaybackAheadTests {
    /// One frame the loop drew with a new playback value in it.
    struct ShownFrame {
        var bytes: [UInt8]
        var value: Double
        /// The playback's frame in its cycle.
        var cycleFrame: Int
        /// The screen's text once the frame was drawn.
        var text: String
    }

    /// Plays `controller`'s first parameter (already started) in real time for `duration`, as the
    /// app's loop does, and returns each frame drawn whose playback frame is new.
    static func play(_ controller: AppController, for duration: Duration) -> [ShownFrame] {
        let clock = ContinuousClock(), end = clock.now + duration
        var shown = [ShownFrame](), last = controller.model.playback?.frame
        controller.advancePlayback(to: clock.now)
        while clock.now < end {
            let wait = controller.timeUntilNextPlaybackFrame(after: clock.now) ?? .milliseconds(10)
            if wait > .zero { usleep(UInt32(max(wait / .microseconds(1), 1))) }
            controller.advancePlayback(to: clock.now)
            let frame = controller.frame()
            guard let playback = controller.model.playback, playback.frame != last, !frame.isEmpty else { continue }
            last = playback.frame
            shown.append(ShownFrame(bytes: frame, value: controller.model.slider(playback.name).value, cycleFrame: playback.frame,
                                    text: SliderTests.screenText(controller)))
        }
        return shown
    }

    @Test("Frames shown during playback come from the worker, in order, each the true curve for its value and with its readout")
    func framesInOrderAndTrue() throws {
        let controller = SliderTests.controller("sin(a x)", window: WindowSize(columns: 80, rows: 24))
        controller.apply(.graph)
        controller.images.renderAhead { BoxGlyphs() }
        // a on 1…3, a sweep of about half a second (five times faster): a step of 1/16 a frame.
        SliderTests.type("\t\r[1, 3]\r", into: controller)
        SliderTests.type(">>>>> ", into: controller)
        _ = controller.frame()
        let playback = try #require(controller.model.playback)
        let pane = try #require(controller.graphPane)
        let viewport = try #require(controller.model.viewport(in: pane))

        let shown = Self.play(controller, for: .milliseconds(1500))
        #expect(shown.count >= 20, "\(shown.count) frames in 1.5 s")
        // Every frame after the first was rendered ahead, none on the loop.
        let ahead = controller.images.framesAhead
        #expect(ahead.framesTaken >= shown.count - 1, "\(ahead.framesTaken) of \(shown.count) frames from the worker")

        let cycle = 2 * playback.framesPerSweep
        var previous: ShownFrame?
        for (index, frame) in shown.enumerated() {
            // In order: each frame a few frames of the cycle after the one before, never back.
            if let previous {
                let step = (frame.cycleFrame - previous.cycleFrame + cycle) % cycle
                #expect((1..<cycle / 4).contains(step), "frame \(index): \(previous.cycleFrame) → \(frame.cycleFrame)")
            }
            let pictures = FrameInspector(frame.bytes).sixelImages()
            #expect(pictures.count == 1, "frame \(index): \(pictures.count) pictures")
            guard let picture = try pictures.first?.get() else { continue }
            let a = frame.value
            let own = SliderTests.agreement(of: picture, in: viewport) { sin(a * $0) }
            #expect(own > 0.95, "frame \(index): a = \(a), agreement \(own)")
            if let previous, abs(previous.value - a) > 0.05 {
                let b = previous.value
                let stale = SliderTests.agreement(of: picture, in: viewport) { sin(b * $0) }
                #expect(own > stale + 0.1, "frame \(index) shows a = \(a) (\(own)), not the frame before's \(b) (\(stale))")
            }
            let readout = "a = " + PopoverNumber.text(a)
            #expect(frame.text.contains(readout), "frame \(index): \(readout)")
            previous = frame
        }
    }

    @Test("Every key sent is answered, even when a turn of the loop outlasts the run")
    func everyKeyAnswered() throws {
        // A run far shorter than a frame's turn of the loop: keys fall due while it is busy.
        let report = try PlaybackBenchmark(graphicsProtocol: .sixel, frames: 0)
            .runLive(for: .milliseconds(20), rendersAhead: true, keys: 40)
        #expect(report.keyLatencies.count == 40, "\(report.keyLatencies.count) of 40 keys answered")
    }

    @Test("During playback every key is answered while the worker renders: no frame is rendered on the loop")
    func keysNeverWaitForARender() throws {
        // 1600x1000 in a debug build: a frame takes longer to render than a frame lasts (40 to 70 ms
        // here), so a frame rendered on the loop would hold keys back. What is checked is that none
        // is: every frame shown came from the worker, and every key was read and answered. How long
        // keys wait is a figure for `gcview bench` ("playback live"), not a timed test: other
        // suites share these cores.
        let report = try PlaybackBenchmark(graphicsProtocol: .sixel, frames: 0)
            .runLive(for: .seconds(2), rendersAhead: true, keys: 40)
        #expect(report.keyLatencies.count == 40)
        #expect(report.keyLatencies.allSatisfy { $0 < .seconds(1) }, "a key waited a second: \(report.keyLatencies)")
        #expect(report.framesShown >= 5 && report.framesRenderedAhead >= report.framesShown - 1,
                "\(report.framesRenderedAhead) of \(report.framesShown) frames rendered ahead")
    }
}
