import Foundation
import Raster
import Terminal
import TestSupport
import Testing

/// Sixel pictures through tmux 3.5a in xterm: `plot` inline and the interactive app, redrawn when
/// tmux redraws (window switch, detach and attach, resize) with nothing left behind.
@Suite("Sixel through tmux 3.5a in xterm", .serialized,
       .needs(EndToEnd.x11 + ["/usr/bin/xterm", SixelTmux.tmux, "/usr/bin/script"]))
struct SixelInTmuxTests {
    static let paper = Theme.dark.background
    static let axis = Theme.dark.axis

    @Test("plot: the picture pixel for pixel, the prompt below it, and again after a window switch and a detach")
    func plot() throws {
        let folder = Paths.temporaryFolder()
        let reference = folder.appendingPathComponent("reference.png")
        let arguments = "'sin(x)*x' --x -10:10 --size 480x240 --theme dark"
        let display = try VirtualDisplay()
        // tmux learns that xterm has sixel when it attaches: start once the terminal has drawn.
        let tmux = try SixelTmux(on: display, columns: 80, rows: 24, command: """
            echo 'press Enter to start'; read -r _
            script -qfc '\(Paths.gcview) probe' \(folder.path)/probe.txt
            \(Paths.gcview) plot \(arguments) --output \(reference.path); clear; echo before
            \(Paths.gcview) plot \(arguments); echo after-the-graph
            """)
        #expect(try waitUntil(timeout: 30) { try tmux.window.screenshot().brightPixelCount() > 0 }, "the shell's text appears")
        try tmux.window.type("\r")
        let expected = try PNGDecoder.decodeRGB([UInt8](waitForFile(reference)))
        var shot = try tmux.window.screenshot()
        // tmux pads a picture to whole cells with its colour register 0, the graph's paper: the
        // box may be up to a cell (9x19 here) larger, and the picture must be exact inside it.
        func showsGraph() throws -> Bool {
            shot = try tmux.window.screenshot()
            guard let box = shot.bounds(of: Self.paper, tolerance: 3) else { return false }
            return (480..<490).contains(box.maxX - box.minX + 1) && (240..<260).contains(box.maxY - box.minY + 1)
                && shot.share(matching: expected, at: (box.minX, box.minY)) > 0.999
        }
        let appeared = try waitUntil(showsGraph)
        shot.save(as: "tmux-sixel-plot")
        let probe = (try? String(contentsOf: folder.appendingPathComponent("probe.txt"), encoding: .utf8)) ?? ""
        #expect(probe.contains("protocol: sixel (") && probe.contains("terminal: tmux 3.5a"),
                "gcview probe inside tmux: \(probe.suffix(400))")
        #expect(appeared, "the 480x240 graph, pixel for pixel; see .build/e2e-screenshots/tmux-sixel-plot.png")
        let box = try #require(shot.bounds(of: Self.paper, tolerance: 3))
        #expect(shot.hasText(in: box.maxY + 1..<min(box.maxY + 40, shot.height)), "the prompt continues below the graph")
        #expect(!shot.hasText(in: box.minY..<box.maxY + 1, outside: box.minX...box.maxX), "no text beside the graph")

        // tmux redraws the pane from its own copy of the picture.
        try tmux.command("new-window", "-t", "main")
        #expect(try waitUntil { try tmux.window.screenshot().bounds(of: Self.paper, tolerance: 3) == nil },
                "another window hides the graph")
        try tmux.command("select-window", "-t", "main:0")
        let switched = try waitUntil(showsGraph)
        shot.save(as: "tmux-sixel-plot-switched")
        #expect(switched, "the graph is back after switching windows")
        try tmux.command("detach-client", "-s", "main")
        Thread.sleep(forTimeInterval: 0.5)
        let attached = try waitUntil(showsGraph)
        shot.save(as: "tmux-sixel-plot-attached")
        #expect(attached, "the graph is back after detach and attach")
    }

    @Test("plot in the right-hand pane of a split window: the picture lands in that pane, whole")
    func splitPane() throws {
        let display = try VirtualDisplay()
        let tmux = try SixelTmux(on: display, columns: 120, rows: 30, command: "echo left pane")
        #expect(try waitUntil(timeout: 30) { try tmux.window.screenshot().brightPixelCount() > 0 }, "the shell's text appears")
        try tmux.command("split-window", "-h", "-t", "main",
                         "\(Paths.gcview) plot 'sin(x)*x' --x -10:10 --size 320x160 --theme dark; sleep 600")
        var shot = try tmux.window.screenshot()
        // The picture's paper, padded by tmux to whole cells (9x19 here), right of the pane border.
        let landed = try waitUntil {
            shot = try tmux.window.screenshot()
            guard let box = shot.bounds(of: Self.paper, tolerance: 3) else { return false }
            return box.minX > shot.width / 2 && (320..<330).contains(box.maxX - box.minX + 1)
                && (160..<180).contains(box.maxY - box.minY + 1)
                && shot.count(of: Theme.dark.curve, in: box.minY..<(box.maxY + 1), columns: box.minX...box.maxX) > 500
        }
        shot.save(as: "tmux-sixel-split-pane")
        #expect(landed, "a 320x160 graph with its curve in the right-hand pane")
    }

    /// tmux 3.5a redraws a picture squeezed to the whole six-pixel bands of the rows it covers: at
    /// 80x24 with 19-pixel cells the graph's 22 rows (418 px) were drawn 414 px tall, a pixel row
    /// dropped every 105, and a table row's minus signs vanished. The app lays its picture over
    /// 18 rows (342 px, 57 bands) instead, and tmux draws it as sent.
    @Test("The app at 80x24 in 19-pixel cells: the picture on screen is w's PNG of it, pixel for pixel")
    func appPicturePixelForPixel() throws {
        let folder = Paths.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let display = try VirtualDisplay()
        let tmux = try SixelTmux.appGraphingSinXTimesX(on: display, columns: 80, rows: 24, stateIn: folder, graphing: "-3 + sin(x)/x")
        let window = tmux.window
        var shot = try window.screenshot()
        _ = try waitUntil { shot = try window.screenshot(); return shot.bounds(of: Self.paper, tolerance: 3) != nil }
        try window.type("w")
        var files: [String] = []
        _ = try waitUntil {
            files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
            return !files.isEmpty
        }
        let name = try #require(files.first, "w wrote the view as a PNG")
        let saved = try PNGDecoder.decodeRGB([UInt8](waitForFile(folder.appendingPathComponent(name))))
        shot = try window.screenshot()
        shot.save(as: "tmux-sixel-app-pixel-for-pixel")
        // The picture lies centred, with paper-coloured margins around it: found where it matches best.
        let origins = (0...(shot.height - saved.height)).map { (x: (shot.width - saved.width) / 2, y: $0) }
        let best = try #require(origins.max { shot.share(matching: saved, at: $0) < shot.share(matching: saved, at: $1) })
        let share = shot.share(matching: saved, at: best)
        #expect(share > 0.999, "\(saved.width)x\(saved.height) at (\(best.x), \(best.y)): \(share) of its pixels on screen")
        #expect(saved.height % 6 == 0 && (saved.height / 19) * 19 == saved.height, "the picture fills whole 19-pixel rows: \(saved.height)")
    }

    /// `plot` at the size it chooses: at 80x24 in 19-pixel cells it chose 720x399, over 22 rows that
    /// tmux squeezed by 4 pixel rows; it now chooses rows tmux draws as sent. The bytes it sent,
    /// recorded by script(1) and decoded by libsixel, are what the screen shows.
    @Test("plot at its own size in tmux: the screen shows the sixel picture it sent, pixel for pixel")
    func plotOwnSizePixelForPixel() throws {
        let folder = Paths.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let typescript = folder.appendingPathComponent("typescript")
        let display = try VirtualDisplay()
        let tmux = try SixelTmux(on: display, columns: 80, rows: 24, command: """
            echo 'press Enter to start'; read -r _; clear
            script -qfc "\(Paths.gcview) plot x --size 480x400 2>\(folder.path)/note.txt" /dev/null; clear
            script -qfc "\(Paths.gcview) plot 'x^2/4 - 3' --theme dark" \(typescript.path); echo plotted
            """)
        #expect(try waitUntil(timeout: 30) { try tmux.window.screenshot().brightPixelCount() > 0 }, "the shell's text appears")
        try tmux.window.type("\r")
        let bytes = [UInt8](waitForFile(typescript))
        var recorded = bytes
        _ = waitUntil {
            recorded = [UInt8]((try? Data(contentsOf: typescript)) ?? Data())
            return recorded.count > bytes.count || recorded.starts(with: bytes) && recorded.contains(0x5C)
        }
        Thread.sleep(forTimeInterval: 1)
        recorded = [UInt8](try Data(contentsOf: typescript))
        let start = try #require(recorded.indices.first { recorded[$0] == 0x1B && $0 + 1 < recorded.count && recorded[$0 + 1] == 0x50 })
        let end = try #require(recorded.indices.first { $0 > start && recorded[$0] == 0x1B && $0 + 1 < recorded.count && recorded[$0 + 1] == 0x5C })
        let sent = try LibSixel.decode(Array(recorded[start...(end + 1)]))
        let picture = (width: sent.width, height: sent.height, pixels: sent.pixels.map { sent.palette[Int($0)] })
        var shot = try tmux.window.screenshot()
        var share = 0.0
        _ = try waitUntil {
            shot = try tmux.window.screenshot()
            share = (0...max(shot.height - picture.height, 0)).map { shot.share(matching: picture, at: (0, $0)) }.max() ?? 0
            return share > 0.999
        }
        shot.save(as: "tmux-sixel-plot-own-size")
        #expect(share > 0.999, "the \(picture.width)x\(picture.height) picture sent: \(share) of its pixels on screen")
        // A --size whose rows tmux squeezes is drawn as asked, with a note of the rows lost and
        // of the heights near it drawn as sent (400 px covers 22 rows of 19 px, 418 drawn in 414).
        let note = try String(contentsOf: folder.appendingPathComponent("note.txt"), encoding: .utf8)
        #expect(note == "gcview: note: this tmux draws a sixel picture squeezed to whole six-pixel bands: 3 of the 400 pixel rows "
                + "will not show; 342 or 456 px tall is drawn as sent\n", "\(note)")
        let rows = (picture.height + 5) / 6 * 6
        let covered = (rows + 18) / 19
        #expect(covered * 19 % 6 == 0, "the picture covers \(covered) rows of 19 pixels, whole six-pixel bands")
    }

    @Test("The app: graph, pan, popover, window switch, detach and attach, resize to compact and back")
    func app() throws {
        let folder = Paths.temporaryFolder()
        let display = try VirtualDisplay()
        let tmux = try SixelTmux.appGraphingSinXTimesX(on: display, columns: 120, rows: 32, stateIn: folder)
        let window = tmux.window

        var shot = try window.screenshot()
        #expect(try waitUntil { shot = try window.screenshot(); return shot.graphBox.map { $0.minX > shot.width / 3 } ?? false },
                "the graph appears in the split view's right pane")
        shot.save(as: "tmux-sixel-app-split")
        let split = try #require(shot.graphBox)
        let statusRow = shot.height - shot.height / 32
        #expect(split.maxY < statusRow, "the picture stops above the status line (\(split.maxY) of \(shot.height))")

        // A pan key moves the y axis by a tenth of the pane.
        let axisBefore = try #require(shot.axisColumn(in: split))
        try window.key("Right")
        var axisAfter: Int?
        _ = try waitUntil {
            shot = try window.screenshot()
            axisAfter = shot.axisColumn(in: split)
            return axisAfter.map { abs($0 - axisBefore) > 20 } ?? false
        }
        shot.save(as: "tmux-sixel-app-panned")
        let moved = abs((axisAfter ?? axisBefore) - axisBefore)
        #expect(abs(moved - (split.maxX - split.minX + 1) / 10) <= 6, "a pan step moved the axis \(moved) px")

        // The popover is drawn into the picture.
        let popover = try window.openPopover(over: split, from: shot)
        shot = popover.shot
        shot.save(as: "tmux-sixel-app-popover")
        #expect(popover.boxed > popover.quiet + 300, "the popover appeared (\(popover.quiet) → \(popover.boxed) border pixels)")
        let withPopover = shot

        // tmux redraws the picture after a window switch and after detach and attach.
        try tmux.command("new-window", "-t", "main")
        #expect(try waitUntil { try window.screenshot().graphBox == nil }, "another window hides the graph")
        try tmux.command("select-window", "-t", "main:0")
        let switched = try waitUntil { shot = try window.screenshot(); return shot.matchShare(with: withPopover, in: split) > 0.99 }
        shot.save(as: "tmux-sixel-app-switched")
        #expect(switched, "the same picture after a window switch")
        try tmux.command("detach-client", "-s", "main")
        Thread.sleep(forTimeInterval: 0.5)
        let attached = try waitUntil { shot = try window.screenshot(); return shot.matchShare(with: withPopover, in: split) > 0.99 }
        shot.save(as: "tmux-sixel-app-attached")
        #expect(attached, "the same picture after detach and attach")

        // Compact width: the graph is pushed full screen; back to regular, nothing of it is left on the calculator.
        let wide = (width: shot.width, height: shot.height)
        shot = try window.resizeToCompact(from: shot)
        shot.save(as: "tmux-sixel-app-compact")
        #expect(shot.graphBox.map { $0.minX < 12 } ?? false, "full-screen graph in compact width")
        try window.resize(width: wide.width, height: wide.height)
        _ = try waitUntil { shot = try window.screenshot(); return shot.graphBox.map { $0.minX > shot.width / 3 } ?? false }
        shot.save(as: "tmux-sixel-app-regular-again")
        #expect(shot.graphBox.map { $0.minX > shot.width / 3 } ?? false, "split view again")
        // A picture left behind would be columns of paper; anti-aliased text has a few scattered pixels.
        let leftover = (0..<(shot.width / 3)).filter { x in
            shot.count(of: Self.paper, in: 0..<shot.height, columns: x...x) * 3 >= shot.height
        }
        #expect(leftover.isEmpty, "no picture left behind on the calculator: paper columns \(leftover.prefix(5))…")
    }
}

/// The contents of `url` once it exists and is not empty, waiting up to 30 seconds.
func waitForFile(_ url: URL) -> Data {
    var data = Data()
    _ = waitUntil(timeout: 30) {
        data = (try? Data(contentsOf: url)) ?? Data()
        return !data.isEmpty
    }
    return data
}
