import Foundation
import Raster
import Testing

/// The interactive calculator in Konsole (Xvfb) and foot (headless sway), driven by the keyboard
/// alone: wtype cannot move a mouse, so arrow keys pan. Konsole also runs it with OSC 1337 forced.
@Suite("Interactive in Konsole and foot", .serialized, .needs(EndToEnd.everyTerminal + ["/usr/bin/script"]))
struct InteractiveByKeysTests {
    @Test("Typing, graph, arrow-key pan, popover, resize to compact, Esc back",
          arguments: [(Emulator.x11(.konsole), nil), (.foot, nil), (.x11(.konsole), "iterm2")] as [(Emulator, String?)])
    func session(_ terminal: Emulator, _ graphics: String?) throws {
        let folder = try Paths.sharedTemporaryFolder()
        let state = folder.appendingPathComponent("state.json").path
        let forced = graphics.map { " --protocol \($0)" } ?? ""
        let window = try terminal.open(columns: 120, rows: 32, command: """
            \(ReadyMarker.command); echo 'press Enter to start'; read -r _; \(Paths.gcview) --state \(state) --theme dark\(forced); \
            sleep 600
            """)
        let name = "keys-\(terminal.name)" + (graphics.map { "-\($0)" } ?? "")
        // Start gcview once the shell's text is on screen, so the terminal is ready for keys and
        // for gcview's detection queries.
        var shot = try window.screenshot()
        #expect(try waitUntil(timeout: 30) { shot = try window.screenshot(); return shot.showsReadyMarker },
                "the shell's green ready bar appears")
        let shellOnly = shot.brightPixelCount()
        try window.type("\r")
        #expect(try waitUntil(timeout: 30) { try window.screenshot().brightPixelCount() > shellOnly + 2000 },
                "the calculator appears")
        try window.type(":sin(x)*x\r")
        try window.type("g")

        // Split view: the graph fills the right part of the window, with the typed curve in it.
        #expect(try waitUntil { shot = try window.screenshot(); return shot.graphBox.map { $0.minX > shot.width / 3 } ?? false })
        shot.save(as: "\(name)-split")
        let split = try #require(shot.graphBox, "a graph; see .build/e2e-screenshots/\(name)-split.png")
        #expect(split.maxX >= shot.width - 12, "the graph reaches the right edge")
        let curve = shot.count(of: Theme.dark.curve, in: split.minY..<(split.maxY + 1), columns: split.minX...split.maxX)
        #expect(curve > 500, "the curve of sin(x)*x is drawn (\(curve) curve pixels)")

        // Two presses of ← pan the view right by a tenth of the pane each: the y axis moves with it.
        let axisBefore = try #require(shot.axisColumn(in: split))
        let step = (split.maxX - split.minX + 1) / 10, slack = max(6, step / 5)
        try window.key("Left")
        try window.key("Left")
        var axisAfter: Int?
        // The first step's frame can be on screen before the second one: wait for both.
        _ = try waitUntil {
            shot = try window.screenshot()
            axisAfter = shot.axisColumn(in: split)
            return axisAfter.map { $0 >= axisBefore + 2 * step - slack } ?? false
        }
        shot.save(as: "\(name)-panned")
        let moved = (axisAfter ?? axisBefore) - axisBefore
        #expect(abs(moved - 2 * step) <= slack, "the axis moved \(moved) px for two steps of \(step) px")

        // The popover: a bordered box drawn over the graph, near the info button.
        let popover = try window.openPopover(over: split, from: shot)
        shot = popover.shot
        shot.save(as: "\(name)-popover-split")
        #expect(popover.boxed > popover.quiet + 300, "a bordered popover appeared (\(popover.quiet) → \(popover.boxed) border pixels)")

        // Compact width: the graph is pushed full screen, the popover becomes a sheet.
        shot = try window.resizeToCompact(from: shot)
        shot.save(as: "\(name)-popover-compact")
        #expect(shot.graphBox.map { $0.minX < 12 } ?? false, "full-screen graph in compact width")

        // i closes the sheet and Esc goes back to the calculator: no graph is left on screen.
        try window.type("i")
        Thread.sleep(forTimeInterval: 0.5)
        try window.key("Escape")
        let back = try waitUntil { shot = try window.screenshot(); return shot.graphBox == nil }
        shot.save(as: "\(name)-back")
        #expect(back, "Esc went back to the calculator and no pixels of the graph were left behind")
    }

    @Test("gcview probe picks the terminal's best protocol",
          arguments: [(Emulator.x11(.konsole), "kitty"), (.foot, "sixel")])
    func probe(_ terminal: Emulator, _ expected: String) throws {
        let folder = try Paths.sharedTemporaryFolder()
        let report = folder.appendingPathComponent("probe.txt")
        // script gives probe a terminal of its own that passes the queries out and the replies back,
        // and keeps a copy of what probe printed.
        let window = try terminal.open(columns: 100, rows: 30, command: """
            script -qfec '\(Paths.gcview) probe' \(report.path); sleep 600
            """)
        var text = ""
        _ = waitUntil(timeout: 30) {
            text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
            return text.contains("background:")
        }
        withExtendedLifetime(window) {}
        // The queries probe sent are in the copy too, on the line before its first words.
        let chosen = text.range(of: "protocol: ").map { String(text[$0.lowerBound...].prefix { $0 != "\n" }) } ?? text
        #expect(chosen.hasPrefix("protocol: \(expected) "), "\(chosen)")
    }
}
