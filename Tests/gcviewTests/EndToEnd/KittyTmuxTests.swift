import Foundation
import Raster
import Testing

/// tmux 3.5a inside kitty 0.41 (Debian 13, the chroot `scripts/setup --test` makes): tmux lists sixel in
/// its DA1 although kitty shows none, and draws a sixel sent there as the text "SIXEL IMAGE (WxH)" over
/// rows of `+`. gcview asks tmux about its client and draws braille instead: `plot` and the app.
///
/// tmux's own `capture-pane` never shows that placeholder, so each test compares it with a screenshot:
/// every cell tmux holds blank must be dark on the screen, and the braille tmux holds must be there.
@Suite("kitty 0.41 + tmux 3.5a (Debian 13 chroot): braille, never tmux's sixel placeholder", .serialized,
       .needs(EndToEnd.x11 + ["/usr/sbin/chroot"] + Trixie.programs))
struct KittyTmuxTests {
    static let columns = 100, rows = 30

    /// The braille characters, U+2800 to U+28FF, in tmux's copy of the pane (the blank pattern aside).
    static func brailleCount(_ rows: [String]) -> Int {
        rows.joined().unicodeScalars.count { (0x2801...0x28FF).contains($0.value) }
    }

    @Test("plot 'sin(x)*x': probe says why braille, and the screen shows tmux's braille and nothing else")
    func plot() throws {
        let folder = try Trixie.temporaryFolder()
        let gcview = try Trixie.installGcview(in: folder)
        let display = try VirtualDisplay()
        // kitty under software GL answers slowly at first: start once the shell's text is drawn.
        let tmux = try KittyTmux(on: display, columns: Self.columns, rows: Self.rows, folder: folder, command: """
            echo 'press Enter to start'; read -r _; clear
            script -qfc '\(gcview) probe' \(folder.inside)/probe.txt; clear
            \(gcview) plot 'sin(x)*x' --theme dark; echo after-the-graph
            """)
        #expect(try waitUntil(timeout: 60) { try tmux.window.screenshot().brightPixelCount() > 0 }, "the shell's text appears")
        Thread.sleep(forTimeInterval: 1)
        try tmux.window.type("\r")
        var pane = [String]()
        let finished = try waitUntil(timeout: 30) {
            pane = try tmux.paneRows()
            return pane.contains("after-the-graph")
        }
        #expect(finished, "plot ended: \(pane.joined(separator: "\n"))")
        let probe = (try? String(contentsOf: folder.outside.appendingPathComponent("probe.txt"), encoding: .utf8)) ?? ""
        #expect(probe.contains("protocol: unicode (") && probe.contains("terminal: tmux 3.5a"), "\(probe.suffix(600))")
        #expect(probe.contains("protocol: unicode (braille): tmux's client kitty(0.41.1) has no sixel (client_termfeatures"),
                "probe says why: \(probe.suffix(600))")
        #expect(Self.brailleCount(pane) > 300, "tmux holds the braille curve")

        Thread.sleep(forTimeInterval: 0.5)
        let (shot, inked) = try tmux.screenshotWithInkedBlankCells(columns: Self.columns, rows: Self.rows, savedAs: "kitty-tmux-plot")
        #expect(inked.isEmpty, "cells blank in tmux but inked on screen (a placeholder): \(inked.prefix(8)); see kitty-tmux-plot.png")
        #expect(shot.count(of: Theme.dark.curve, in: 0..<shot.height, columns: 0...(shot.width - 1)) > 500,
                "the braille curve in its colour on the screen")
    }

    @Test("The app: type an expression, graph it; braille in the pane, no placeholder")
    func app() throws {
        let folder = try Trixie.temporaryFolder()
        let gcview = try Trixie.installGcview(in: folder)
        let display = try VirtualDisplay()
        let tmux = try KittyTmux(on: display, columns: 120, rows: 32, folder: folder, command: """
            echo 'press Enter to start'; read -r _
            \(gcview) --state \(folder.inside)/state.json --theme dark
            """)
        let window = tmux.window
        #expect(try waitUntil(timeout: 60) { try window.screenshot().brightPixelCount() > 0 }, "the shell's text appears")
        Thread.sleep(forTimeInterval: 1)
        try window.type("\r")
        #expect(try waitUntil(timeout: 30) { try window.screenshot().brightPixelCount() > 2000 }, "the calculator appears")
        try window.type(":sin(x)*x\r")
        try window.type("g")
        var pane = [String]()
        let graphed = try waitUntil(timeout: 30) {
            pane = try tmux.paneRows()
            return Self.brailleCount(pane) > 200
        }
        #expect(graphed, "the graph is braille in tmux's copy of the pane: \(pane.joined(separator: "\n"))")
        Thread.sleep(forTimeInterval: 0.5)
        let (shot, inked) = try tmux.screenshotWithInkedBlankCells(columns: 120, rows: 32, savedAs: "kitty-tmux-app")
        #expect(inked.isEmpty, "cells blank in tmux but inked on screen (a placeholder): \(inked.prefix(8)); see kitty-tmux-app.png")
        #expect(shot.count(of: Theme.dark.curve, in: 0..<shot.height, columns: (shot.width / 3)...(shot.width - 1)) > 300,
                "the braille curve in the graph pane on the screen")
        try window.type("q")
    }

    @Test("Over ssh from inside tmux (no TMUX to ask): kitty's DA1 through tmux's passthrough says braille")
    func noTmuxVariable() throws {
        let folder = try Trixie.temporaryFolder()
        let gcview = try Trixie.installGcview(in: folder)
        let display = try VirtualDisplay()
        let outside = "env -u TMUX -u TMUX_PANE"
        let tmux = try KittyTmux(on: display, columns: Self.columns, rows: Self.rows, folder: folder, command: """
            echo 'press Enter to start'; read -r _; clear
            \(outside) script -qfc '\(gcview) probe' \(folder.inside)/probe.txt; clear
            \(outside) \(gcview) plot 'sin(x)*x' --theme dark; echo after-the-graph
            """, passthrough: true)
        #expect(try waitUntil(timeout: 60) { try tmux.window.screenshot().brightPixelCount() > 0 }, "the shell's text appears")
        Thread.sleep(forTimeInterval: 1)
        try tmux.window.type("\r")
        var pane = [String]()
        #expect(try waitUntil(timeout: 30) { pane = try tmux.paneRows(); return pane.contains("after-the-graph") }, "plot ended")
        let probe = (try? String(contentsOf: folder.outside.appendingPathComponent("probe.txt"), encoding: .utf8)) ?? ""
        #expect(probe.contains("protocol: unicode (braille): the terminal outside tmux has no sixel (its DA1 through passthrough"),
                "\(probe.suffix(600))")
        #expect(Self.brailleCount(pane) > 300, "tmux holds the braille curve")
        Thread.sleep(forTimeInterval: 0.5)
        let (_, inked) = try tmux.screenshotWithInkedBlankCells(columns: Self.columns, rows: Self.rows,
                                                                savedAs: "kitty-tmux-no-TMUX-plot")
        #expect(inked.isEmpty, "cells blank in tmux but inked on screen: \(inked.prefix(8)); see kitty-tmux-no-TMUX-plot.png")
    }
}
