import Foundation
import Raster
import Testing

/// The interactive calculator in real terminals under Xvfb: true-pixel graph, mouse, resize,
/// popover in both size classes, and the same graph after a restart.
@Suite("Interactive in real terminals", .serialized,
       .needs(EndToEnd.x11 + ["/usr/bin/xterm", "/usr/bin/kitty", "/usr/bin/konsole"]))
struct InteractiveInX11Tests {
    static let paper = Theme.dark.background
    static let axis = Theme.dark.axis

    @Test("Split view, drag, wheel, popover, resize to compact, restart", arguments: [TerminalWindow.Kind.xterm, .kitty, .konsole])
    func session(_ kind: TerminalWindow.Kind) throws {
        let folder = Paths.temporaryFolder()
        let state = folder.appendingPathComponent("state.json").path
        let display = try VirtualDisplay()
        let gcview = "\(Paths.gcview) --state \(state) --theme dark"
        let window = try TerminalWindow(kind, on: display, columns: 120, rows: 32,
                                        command: "\(ReadyMarker.command); echo 'press Enter to start'; read -r _; \(gcview); \(gcview); sleep 600")
        let name = "interactive-\(kind.rawValue)"
        try window.startCalculator()
        try window.type(":sin(x)*x\r")
        try window.type("g")

        // Split view: the graph fills the right part of the window.
        var shot = try window.screenshot()
        #expect(try waitUntil { shot = try window.screenshot(); return shot.graphBox.map { $0.minX > shot.width / 3 } ?? false })
        shot.save(as: "\(name)-split")
        let split = try #require(shot.graphBox)
        #expect(split.maxX >= shot.width - 12, "the graph reaches the right edge")

        // A drag to the right moves the y axis with the pointer.
        let axisBefore = try #require(shot.axisColumn(in: split))
        let y = (split.minY + split.maxY) / 2, x = (split.minX + split.maxX) / 2
        try window.xdotool(["mousemove", "--window", window.windowID, "\(x)", "\(y)", "mousedown", "1",
                            "mousemove", "--window", window.windowID, "\(x + 60)", "\(y)",
                            "mousemove", "--window", window.windowID, "\(x + 120)", "\(y)", "mouseup", "1"])
        var axisAfter: Int?
        _ = try waitUntil {
            shot = try window.screenshot()
            axisAfter = shot.axisColumn(in: split)
            // Wait for the whole drag, not its first half: kitty may draw the +60 px step
            // before the +120 px one arrives, and a shot between them is no answer.
            return axisAfter.map { abs($0 - axisBefore - 120) <= 20 } ?? false
        }
        shot.save(as: "\(name)-dragged")
        let moved = (axisAfter ?? axisBefore) - axisBefore
        #expect(abs(moved - 120) <= 20, "the axis moved \(moved) px for a 120 px drag")

        // Wheel up at the right edge zooms in about the pointer: the axis moves away from it.
        let dragged = axisAfter ?? axisBefore
        try window.xdotool(["mousemove", "--window", window.windowID, "\(split.maxX - 20)", "\(y)", "click", "4"])
        _ = try waitUntil {
            shot = try window.screenshot()
            return shot.axisColumn(in: split).map { $0 < dragged - 10 } ?? false
        }
        shot.save(as: "\(name)-zoomed")
        let zoomed = try #require(shot.axisColumn(in: split))
        #expect(zoomed < dragged - 10, "zooming about the right edge pushes the axis left: \(dragged) → \(zoomed)")

        // The popover: a bordered box drawn over the graph, near the (i).
        let popover = try window.openPopover(over: split, from: shot)
        shot = popover.shot
        shot.save(as: "\(name)-popover-split")
        #expect(popover.boxed > popover.quiet + 300, "a bordered popover appeared (\(popover.quiet) → \(popover.boxed) border pixels)")

        // A second curve on top: sin(x)*x is on the graph, so `a` opens the add line; Enter adds cos(x)
        // in the second colour (the restart below then shows both: the state file keeps the set).
        let second = Theme.dark.curveColor(1)
        func secondColourPixels(_ shot: Screenshot) -> Int {
            shot.count(of: second, in: split.minY..<(split.maxY + 1), columns: split.minX...split.maxX)
        }
        let secondBefore = secondColourPixels(shot)
        try window.type("acos(x)\r")
        #expect(try waitUntil { shot = try window.screenshot(); return secondColourPixels(shot) > secondBefore + 300 },
                "cos(x) is drawn in the second colour")
        shot.save(as: "\(name)-two-curves")

        // Help opens over the graph, drawn into the picture: its text appears in the pane, the first
        // curve stays in view around it; any key closes it.
        func pixels(of colour: RGB, _ shot: Screenshot) -> Int {
            shot.count(of: colour, in: split.minY..<(split.maxY + 1), columns: split.minX...split.maxX)
        }
        let label = Theme.dark.label, firstCurve = Theme.dark.curveColor(0)
        let quiet = pixels(of: label, shot), curve = pixels(of: firstCurve, shot)
        try window.type("?")
        #expect(try waitUntil { shot = try window.screenshot(); return pixels(of: label, shot) > quiet + 3000 },
                "the help text appears over the graph")
        shot.save(as: "\(name)-help")
        let around = pixels(of: firstCurve, shot)
        #expect(around > 50 && around < curve, "part of sin(x) × x shows around the help box (\(around) of \(curve))")
        try window.type("?")
        #expect(try waitUntil { shot = try window.screenshot(); return pixels(of: label, shot) < quiet + 500 },
                "the help box closes")

        // Compact width: the graph is pushed full screen, the popover becomes a sheet.
        shot = try window.resizeToCompact(from: shot)
        shot.save(as: "\(name)-popover-compact")
        let compact = try #require(shot.graphBox)
        #expect(compact.minX < 12, "full-screen graph in compact width")

        // Close the popover, quit, and the second gcview shows the same graph.
        try window.type("i")
        Thread.sleep(forTimeInterval: 0.8)
        let beforeQuit = try window.screenshot()
        // q ends the first gcview; the shell then starts the second one.
        try window.quitAndAwaitSecondRun(of: gcview)
        Thread.sleep(forTimeInterval: 1)
        var restarted = try window.screenshot()
        let same = try waitUntil {
            restarted = try window.screenshot()
            return restarted.matchShare(with: beforeQuit, in: compact) > 0.99
        }
        restarted.save(as: "\(name)-restarted")
        #expect(same, "after a restart the graph, origin and scale are as they were")
    }

    @Test("Without --theme the terminal's background chooses the theme, not the one the last run saved",
          arguments: [true, false])
    func themeFollowsTheTerminal(light: Bool) throws {
        let folder = Paths.temporaryFolder()
        let state = folder.appendingPathComponent("state.json").path
        // The last run saved the other theme (it ran in another terminal, or the terminal was switched since).
        let saved = #"{"version":1,"calculator":{"program":{"steps":["M"]}},"history":[],"theme":"#
            + (light ? #""dark""# : #""light""#) + "}"
        try Data(saved.utf8).write(to: URL(fileURLWithPath: state))
        let display = try VirtualDisplay()
        let window = try TerminalWindow(.xterm, on: display, columns: 120, rows: 32,
                                        command: "\(ReadyMarker.command); read -r _; \(Paths.gcview) --state \(state); sleep 600",
                                        light: light)
        #expect(try waitUntil(timeout: 30) { try window.screenshot().showsReadyMarker }, "the shell's green ready bar appears")
        try window.type("\r")
        Thread.sleep(forTimeInterval: 1)
        try window.type(":sin(x)*x\r")
        try window.type("g")
        let theme = light ? Theme.light : Theme.dark, other = light ? Theme.dark : Theme.light
        func count(_ colour: RGB, in shot: Screenshot) -> Int {
            shot.count(of: colour, in: 0..<shot.height, columns: 0...(shot.width - 1))
        }
        var shot = try window.screenshot()
        let drawn = try waitUntil {
            shot = try window.screenshot()
            return count(theme.axis, in: shot) > 1500 && count(theme.curveColor(0), in: shot) > 500
        }
        shot.save(as: "theme-\(light ? "light" : "dark")-terminal")
        let seen = "the graph is in the \(light ? "light" : "dark") theme: \(count(theme.axis, in: shot)) axis and "
            + "\(count(theme.curveColor(0), in: shot)) curve pixels in its colours"
        #expect(drawn, "\(seen)")
        // The saved theme's curve colour nowhere; in a light terminal, no dark paper either.
        let stray = (curve: count(other.curveColor(0), in: shot), paper: light ? count(Theme.dark.background, in: shot) : 0)
        #expect(stray.curve < 100 && stray.paper < 100, "nothing in the saved theme's colours: \(stray)")
        try window.type("q")
        let rewritten = waitUntil(timeout: 10) { StateFile.theme(at: state) == (light ? "light" : "dark") }
        #expect(rewritten, "the theme shown is the one saved, for a terminal that does not say: \(StateFile.theme(at: state) ?? "none")")
    }
}
