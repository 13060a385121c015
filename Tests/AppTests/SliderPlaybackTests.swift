import AppTestSupport
import Foundation
@testable import App
import Raster
import SystemPackage
import Terminal
import TestSupport
import Testing

/// Issue 23, items 3 and 4: playback on the clock, sliders in the state file, and hostile values
/// with the popover open in every protocol.
@Suite("Slider playback and state")
struct SliderPlaybackTests {
    static func type(_ text: String, into controller: AppController) {
        SliderTests.type(text, into: controller)
    }

    @Test("Space plays the first parameter back and forth across its range: 4 s a sweep, by the clock, not by frames drawn")
    func playsOnTheClock() throws {
        let controller = SliderTests.controller("sin(a x)")
        let start = ContinuousClock.now
        Self.type(" ", into: controller)
        #expect(controller.model.playback?.name == "a")
        controller.advancePlayback(to: start)
        // a = 1 is 0.55 of −10…10: 0.45 of a 4 s sweep (1.8 s) to the top, whatever the calls between.
        for tenth in 1...18 { controller.advancePlayback(to: start + .milliseconds(100 * tenth)) }
        #expect(controller.model.slider("a").value == 10)
        // Slow frames: one call 2 s later is half a sweep down.
        controller.advancePlayback(to: start + .milliseconds(3800))
        #expect(abs(controller.model.slider("a").value - 0) < 1e-9)
        controller.advancePlayback(to: start + .milliseconds(5800))
        #expect(controller.model.slider("a").value == -10)
        // The picture and the readout follow: the curve is sin(−10 x).
        let function = try #require(controller.model.graphed?.function)
        #expect(isClose(try #require(function(0.3)), sin(-3)))
        _ = controller.frame()
        #expect(SliderTests.screenText(controller).contains("a = -10"), "the readout moves with the graph")
        Self.type(" ", into: controller)
        #expect(controller.model.playback == nil, "Space pauses")
        controller.advancePlayback(to: start + .milliseconds(9000))
        #expect(controller.model.slider("a").value == -10)
    }

    @Test("> makes a sweep 1.5 times faster, < 1.5 times slower, and the playback keeps that pace")
    func pace() throws {
        let controller = SliderTests.controller("sin(a x)")
        Self.type("  ", into: controller)
        Self.type(">", into: controller)
        #expect(isClose(controller.model.sweepSeconds, 4 / 1.5))
        Self.type("<<", into: controller)
        #expect(isClose(controller.model.sweepSeconds, 4 * 1.5))
        // A 6 s sweep from a = 1: the top after 0.45 × 6 = 2.7 s.
        let start = ContinuousClock.now
        Self.type(" ", into: controller)
        controller.advancePlayback(to: start)
        controller.advancePlayback(to: start + .milliseconds(2700))
        #expect(controller.model.slider("a").value == 10)
    }

    @Test("Space plays the focused slider; a key during playback answers in the next frame; a hand on the slider stops it")
    func keysDuringPlayback() throws {
        let controller = SliderTests.controller("a x + b")
        Self.type("\t\t\u{1B}[B ", into: controller)
        #expect(controller.model.playback?.name == "b")
        let start = ContinuousClock.now
        controller.advancePlayback(to: start)
        controller.advancePlayback(to: start + .milliseconds(500))
        _ = controller.frame()
        Self.type("i", into: controller)
        #expect(controller.model.isPopoverOpen, "i opens the popover while b plays")
        #expect(!controller.frame().isEmpty)
        Self.type("\u{1B}[A\u{1B}[C", into: controller)
        #expect(controller.model.slider("a").value == 1.2 && controller.model.playback?.name == "b", "a moves, b plays on")
        Self.type("\u{1B}[B\u{1B}[C", into: controller)
        #expect(controller.model.playback == nil, "a step of b stops its playback")
    }

    @Test("w during playback saves a GIF of one sweep, lower end to upper; each frame the true curve of its value")
    func savesSweep() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gcview-sweep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let controller = SliderTests.controller("sin(a x)", window: WindowSize(columns: 60, rows: 20))
        controller.apply(.graph)
        controller.pictureFolder = FilePath(folder.path)
        Self.type("\t\r[1, 3]\r \u{1B}[C", into: controller)
        // The → stopped the playback: start it again.
        Self.type(" w", into: controller)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 1 && files[0].hasSuffix(".gif"), "\(files)")
        #expect(controller.model.notice?.hasPrefix("Saved a sweep of a in ") == true, "\(controller.model.notice ?? "")")
        guard ImageMagickGIF.isAvailable, let file = files.first else { return }
        let pane = try #require(controller.graphPane)
        let viewport = try #require(controller.model.viewport(in: pane))
        let frames = try ImageMagickGIF.frames(of: folder.appendingPathComponent(file), width: pane.width, height: pane.height)
        #expect(frames.count == SweepAnimation.frameCount(width: pane.width, height: pane.height))
        for (k, pixels) in frames.enumerated() where k % 10 == 0 || k == frames.count - 1 {
            let a = 1 + 2 * Double(k) / Double(frames.count - 1)
            let image = IndexedImage(rgb: pixels, width: pane.width, height: pane.height)
            let agreement = SliderTests.agreement(of: image, in: viewport) { sin(a * $0) }
            #expect(agreement > 0.95, "frame \(k): a = \(a), \(agreement)")
        }
    }

    @Test("Slider values and ranges are saved and restored; a file from before sliders loads; a bad slider is dropped, the rest kept")
    func stateRoundTrip() throws {
        let controller = SliderTests.controller("a sin(b x)")
        Self.type("\t\t\r[-2, 7]\r3.5\r\u{1B}[B\r0.25\r>", into: controller)
        let saved = controller.savedState()
        let data = try JSONEncoder().encode(saved)
        let decoded = try JSONDecoder().decode(SavedState.self, from: data)
        var restored = AppModel(restoring: decoded, pane: Panes.split)
        #expect(restored.slider("a") == Slider(value: 3.5, lower: -2, upper: 7))
        #expect(restored.slider("b") == Slider(value: 0.25, lower: -10, upper: 10))
        #expect(isClose(restored.sweepSeconds, 4 / 1.5))
        let function = try #require(restored.graphed?.function)
        #expect(isClose(try #require(function(2)), 3.5 * sin(0.5)))
        restored.apply(.graph, graphPane: Panes.split)

        // A file from before sliders: no "parameters" at all.
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var graph = try #require(object["graph"] as? [String: Any])
        #expect(graph["parameters"] != nil && graph["sweepSeconds"] != nil)
        graph["parameters"] = nil
        graph["sweepSeconds"] = nil
        object["graph"] = graph
        let old = try JSONDecoder().decode(SavedState.self, from: JSONSerialization.data(withJSONObject: object))
        let fresh = AppModel(restoring: old, pane: Panes.split)
        #expect(fresh.slider("a") == .standard && fresh.graphed != nil)

        // A slider with no width, one with its value outside, one not a parameter: dropped, the good one kept.
        let json = #"{"version":1,"calculator":{"program":{"steps":[]}},"history":[],"graph":{"program":"#
            + String(decoding: try JSONEncoder().encode(saved.graph?.program), as: UTF8.self)
            + #","scaleX":50,"scaleY":50,"originFromCentreX":0,"originFromCentreY":0,"parameters":{"a":{"value":2,"lower":2,"upper":2},"#
            + #""b":{"value":20,"lower":0,"upper":1},"x":{"value":0,"lower":-1,"upper":1},"c":{"value":0.5,"lower":0,"upper":1}}}}"#
        let hostile = try JSONDecoder().decode(SavedState.self, from: Data(json.utf8))
        let model = AppModel(restoring: hostile, pane: Panes.split)
        #expect(model.slider("a") == .standard && model.slider("b") == .standard && model.sliders["x"] == nil)
        #expect(model.sliderNames == ["a", "b"])
    }

    @Test("Hostile values with the popover open, in every protocol: 1e308, −1e308…1e308, a range of no width refused, every value undefined",
          arguments: GraphicsProtocol.allCases)
    func hostile(_ graphicsProtocol: GraphicsProtocol) throws {
        for expression in ["sin(a x)", "ln(a - 11) + x", "a x^2"] {
            let controller = SliderTests.controller(expression, graphicsProtocol)
            var screen = KittyScreen(cell: SliderTests.cell)
            func check(_ what: String) {
                let frame = controller.frame()
                let inspector = FrameInspector(frame)
                #expect(inspector.problems.isEmpty, "\(expression) \(what): \(inspector.problems)")
                if graphicsProtocol == .kitty { #expect(screen.take(frame).isEmpty, "\(expression) \(what)") }
                if let camera = controller.model.camera {
                    #expect([camera.scaleX, camera.scaleY, camera.offsetX, camera.offsetY].allSatisfy { $0.isFinite })
                }
            }
            Self.type("i\t\t", into: controller)
            check("popover open")
            Self.type("1e308\r", into: controller)
            #expect(controller.model.slider("a").value == 1e308)
            check("a = 1e308")
            Self.type("\r[-1e308, 1e308]\r", into: controller)
            check("−1e308…1e308")
            for _ in 0..<3 { Self.type("\u{1B}[1;2D", into: controller) }
            #expect(controller.model.slider("a").value.isFinite)
            check("stepped across a range wider than a double")
            Self.type("\rnan\r", into: controller)
            check("NaN typed")
            controller.apply(.dismiss)
            Self.type("\r[5, 5]\r", into: controller)
            #expect(controller.model.slider("a").lower < controller.model.slider("a").upper)
            controller.apply(.dismiss)
            check("a range of no width refused")
            Self.type(" ", into: controller)
            let start = ContinuousClock.now
            controller.advancePlayback(to: start)
            for step in 1...5 {
                controller.advancePlayback(to: start + .milliseconds(700 * step))
                check("playing, step \(step)")
            }
            Self.type("f", into: controller)
            check("fitted while playing")
        }
    }
}

extension IndexedImage {
    /// An image of `rgb` pixels, each colour a palette entry (at most 256 colours kept; others are the first).
    init(rgb: [RGB], width: Int, height: Int) {
        var palette = [RGB](), index = [RGB: UInt8]()
        for color in rgb where index[color] == nil && palette.count < 256 {
            index[color] = UInt8(palette.count)
            palette.append(color)
        }
        self.init(width: width, height: height, palette: palette.isEmpty ? [RGB(0, 0, 0)] : palette)
        for (offset, color) in rgb.enumerated() { pixels[offset] = index[color] ?? 0 }
    }
}
