import Foundation
import Raster
import Testing

/// tmux 3.5a inside kitty 0.41 (Debian 13, the chroot `scripts/setup --test` makes): tmux lists sixel in
/// its DA1 although kitty shows none, and draws a sixel sent there as the text "SIXEL IMAGE (WxH)" over
/// rows of `+`. gcview asks tmux about its client and draws braille instead: `plot` and the app.
///
/// tmux's own `capture-pane` never shows that placeholder, so each test compares it with a screenshot:
/// every cell tmux holds blank must be dark on the screen, and the braille tmux holds must be there.
@Suite("kitty 0.41 + tmux 3.5a (Debian 13 chroot): kitty pictures through the passthrough, else braille; never tmux's sixel placeholder", .serialized,
       .needs(EndToEnd.x11 + ["/usr/sbin/chroot"] + Trixie.programs))
struct KittyTmuxTests {
    static let columns = 100, rows = 30

    /// The braille characters, U+2800 to U+28FF, in tmux's copy of the pane (the blank pattern aside).
    static func brailleCount(_ rows: [String]) -> Int {
        rows.joined().unicodeScalars.count { (0x2801...0x28FF).contains($0.value) }
    }

    @Test("plot 'sin(x)*x': probe says why braille, and the screen shows tmux's braille and nothing else")
    func plot() throws {
        let (tmux, display, probe) = try Self.probeAndPlot(passthrough: false)
        defer { withExtendedLifetime(display) {} }
        let pane = try tmux.paneRows()
        #expect(probe.contains("protocol: unicode (") && probe.contains("terminal: tmux 3.5a"), "\(probe.suffix(600))")
        #expect(probe.contains("protocol: unicode (braille): kitty(0.41.1) shows kitty pictures through tmux once passthrough is on: "
                               + "add 'set -g allow-passthrough on'"), "probe says how to see pictures: \(probe.suffix(600))")
        #expect(Self.brailleCount(pane) > 300, "tmux holds the braille curve")
        // plot says so too, above the graph (scrolled into tmux's history by now).
        let history = try tmux.command("capture-pane", "-p", "-J", "-S", "-200", "-t", "main").stdout
        #expect(history.contains("gcview: note: drawn in braille; for pictures, run tmux set -g allow-passthrough on"),
                "\(history.suffix(400))")

        Thread.sleep(forTimeInterval: 0.5)
        let (shot, inked) = try tmux.screenshotWithInkedBlankCells(columns: Self.columns, rows: Self.rows, savedAs: "kitty-tmux-plot")
        #expect(inked.isEmpty, "cells blank in tmux but inked on screen (a placeholder): \(inked.prefix(8)); see kitty-tmux-plot.png")
        #expect(shot.count(of: Theme.dark.curve, in: 0..<shot.height, columns: 0...(shot.width - 1)) > 500,
                "the braille curve in its colour on the screen")
    }

    @Test("The app: type an expression, graph it; braille in the pane, no placeholder; passthrough turned on and Ctrl-L: kitty pictures")
    func app() throws {
        let (tmux, display) = try Self.startApp(passthrough: false)
        defer { withExtendedLifetime(display) {} }
        let window = tmux.window
        var rows = [String]()
        let advised = try waitUntil(timeout: 10) {
            rows = try tmux.paneRows()
            return rows.contains { $0.contains("Braille: for pictures, run tmux set -g allow-passthrough on and press Ctrl-L") }
        }
        #expect(advised, "the status line says how to see pictures: \(rows.suffix(3))")
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

        // The advice followed: passthrough on, then Ctrl-L, and kitty's pictures through tmux.
        _ = try tmux.command("set-option", "-g", "allow-passthrough", "on")
        try window.key("ctrl+l")
        let placed = try waitUntil(timeout: 20) {
            pane = try tmux.paneRows()
            return Self.placeholderCount(pane) > 1000 && Self.brailleCount(pane) == 0
        }
        #expect(placed, "placeholder cells, no braille: \(pane.suffix(3))")
        #expect(pane.contains { $0.contains("Graph now drawn with kitty graphics through tmux") }, "\(pane.suffix(2))")
        var pictured = try window.screenshot()
        #expect(try waitUntil(timeout: 20) {
            pictured = try window.screenshot()
            return Self.curvePixels(pictured, from: pictured.width / 3) > 1500
        }, "kitty draws the picture: \(Self.curvePixels(pictured)) curve pixels; see kitty-tmux-app-ctrl-l.png")
        pictured.save(as: "kitty-tmux-app-ctrl-l")
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

    /// The kitty image id of the app's graph (`InteractiveApp.kittyImageID`).
    static let appImageID = 7001

    /// The app in kitty in tmux, 120x32, started and showing the calculator; the display lives as long as it is held.
    /// `state` is the state file's text to start from; `reattachable` as `KittyTmux` takes it.
    static func startApp(passthrough: Bool, state: String? = nil,
                         reattachable: Bool = false) throws -> (tmux: KittyTmux, display: VirtualDisplay) {
        let folder = try Trixie.temporaryFolder()
        let gcview = try Trixie.installGcview(in: folder)
        if let state { try Data(state.utf8).write(to: folder.outside.appendingPathComponent("state.json")) }
        let display = try VirtualDisplay()
        let tmux = try KittyTmux(on: display, columns: 120, rows: 32, folder: folder, command: """
            echo 'press Enter to start'; read -r _
            \(gcview) --state \(folder.inside)/state.json --theme dark
            """, passthrough: passthrough, reattachable: reattachable)
        let window = tmux.window
        #expect(try waitUntil(timeout: 60) { try window.screenshot().brightPixelCount() > 0 }, "the shell's text appears")
        Thread.sleep(forTimeInterval: 1)
        try window.type("\r")
        #expect(try waitUntil(timeout: 30) { try window.screenshot().brightPixelCount() > 2000 }, "the calculator appears")
        return (tmux, display)
    }

    /// kitty with tmux running `gcview probe` (kept in probe.txt), then `gcview plot 'sin(x)*x'`:
    /// the session once plot has ended, and what probe said. The display lives as long as it is held.
    static func probeAndPlot(passthrough: Bool) throws -> (tmux: KittyTmux, display: VirtualDisplay, probe: String) {
        let folder = try Trixie.temporaryFolder()
        let gcview = try Trixie.installGcview(in: folder)
        let display = try VirtualDisplay()
        // kitty under software GL answers slowly at first: start once the shell's text is drawn.
        let tmux = try KittyTmux(on: display, columns: Self.columns, rows: Self.rows, folder: folder, command: """
            echo 'press Enter to start'; read -r _; clear
            script -qfc '\(gcview) probe' \(folder.inside)/probe.txt; clear
            \(gcview) plot 'sin(x)*x' --theme dark; echo after-the-graph
            """, passthrough: passthrough)
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
        return (tmux, display, probe)
    }

    /// The placeholder cells (U+10EEEE) in tmux's copy of the pane.
    static func placeholderCount(_ rows: [String]) -> Int {
        rows.joined().unicodeScalars.count { $0.value == 0x10EEEE }
    }

    /// Pixels of the dark theme's curve colour in the screenshot's columns from `left` on.
    static func curvePixels(_ shot: Screenshot, from left: Int = 0) -> Int {
        shot.count(of: Theme.dark.curve, in: 0..<shot.height, columns: left...(shot.width - 1))
    }

    @Test("allow-passthrough on: plot draws a kitty picture over placeholder cells that tmux holds as text; probe says so")
    func plotThroughPassthrough() throws {
        let (tmux, display, probe) = try Self.probeAndPlot(passthrough: true)
        defer { withExtendedLifetime(display) {} }
        let pane = try tmux.paneRows()
        #expect(probe.contains("protocol: kitty-placeholders: kitty graphics through tmux's passthrough"), "\(probe.suffix(600))")
        #expect(Self.placeholderCount(pane) > 1000, "tmux holds the placeholder cells: \(Self.placeholderCount(pane))")
        #expect(Self.brailleCount(pane) == 0, "no braille")
        var shot = try tmux.window.screenshot()
        #expect(try waitUntil(timeout: 20) { shot = try tmux.window.screenshot(); return Self.curvePixels(shot) > 2000 },
                "kitty draws the picture: \(Self.curvePixels(shot)) curve pixels; see kitty-tmux-placeholders-plot.png")
        shot.save(as: "kitty-tmux-placeholders-plot")
    }

    @Test("gcview as the session's own command, started with kitty: it waits for kitty to name itself to tmux, then placeholders on kitty's background")
    func startedWithTheSession() throws {
        let folder = try Trixie.temporaryFolder()
        let gcview = try Trixie.installGcview(in: folder)
        let display = try VirtualDisplay()
        defer { withExtendedLifetime(display) {} }
        // No wait for kitty: gcview asks tmux in the same instant its client starts (probeAndPlot waits).
        let tmux = try KittyTmux(on: display, columns: Self.columns, rows: Self.rows, folder: folder, command: """
            script -qfc '\(gcview) probe' \(folder.inside)/probe.txt; echo probe-ended
            """, passthrough: true)
        var probe = ""
        let ended = waitUntil(timeout: 60) {
            probe = (try? String(contentsOf: folder.outside.appendingPathComponent("probe.txt"), encoding: .utf8)) ?? ""
            // tmux's server may not be listening yet.
            return (try? tmux.paneRows())?.contains("probe-ended") ?? false
        }
        #expect(ended, "probe ended: \(probe.suffix(600))")
        #expect(probe.contains("protocol: kitty-placeholders: kitty graphics through tmux's passthrough"), "\(probe.suffix(900))")
        #expect(probe.contains("background: #000000 (dark)"), "kitty's black, told to tmux after gcview first asked: \(probe.suffix(900))")
    }

    @Test("allow-passthrough on: the app's graph is a kitty picture; it pans, goes with a window switch and comes back, and fits a split pane")
    func appThroughPassthrough() throws {
        let (tmux, display) = try Self.startApp(passthrough: true)
        defer { withExtendedLifetime(display) {} }
        let window = tmux.window
        try window.type(":sin(x)*x\r")
        var shot = try window.screenshot()
        let drawn = try waitUntil(timeout: 30) { shot = try window.screenshot(); return Self.curvePixels(shot, from: shot.width / 3) > 1000 }
        shot.save(as: "kitty-tmux-placeholders-app")
        #expect(drawn, "the graph is a picture in the pane: \(Self.curvePixels(shot, from: shot.width / 3)) curve pixels")
        let rows = try tmux.paneRows()
        #expect(Self.placeholderCount(rows) > 1000 && Self.brailleCount(rows) == 0, "placeholder cells, no braille")
        let before = shot
        try window.type("l")
        let panned = try waitUntil(timeout: 20) {
            shot = try window.screenshot()
            return Self.curvePixels(shot, from: shot.width / 3) > 1000 && shot.pixels != before.pixels
        }
        #expect(panned, "a pan draws the moved graph")

        try tmux.command("new-window", "-t", "main")
        let gone = try waitUntil(timeout: 20) { Self.curvePixels(try window.screenshot()) < 50 }
        #expect(gone, "another window: the picture goes")
        try tmux.command("select-window", "-t", "main:0")
        let back = try waitUntil(timeout: 20) { shot = try window.screenshot(); return Self.curvePixels(shot, from: shot.width / 3) > 1000 }
        shot.save(as: "kitty-tmux-placeholders-window-back")
        #expect(back, "back on the app's window, tmux draws the placeholder cells again and kitty the picture over them")

        try tmux.command("split-window", "-h", "-t", "main:0")
        try tmux.command("select-pane", "-t", "main:0.0")
        let split = try waitUntil(timeout: 20) {
            shot = try window.screenshot()
            return Self.curvePixels(shot) > 300 && Self.curvePixels(shot, from: shot.width * 3 / 5) < 50
        }
        shot.save(as: "kitty-tmux-placeholders-split")
        #expect(split, "in the left half of a split, the graph redrawn to fit, nothing of it in the right pane")
        try window.type("q")
    }

    @Test("allow-passthrough on: a slider playing redraws the graph frame after frame, and tmux discards nothing (issue 49)")
    func appPlaybackThroughPassthrough() throws {
        let (tmux, display) = try Self.startApp(passthrough: true)
        defer { withExtendedLifetime(display) {} }
        let window = tmux.window
        try window.type(":sin(a x)\r")
        var shot = try window.screenshot()
        #expect(try waitUntil(timeout: 30) { shot = try window.screenshot(); return Self.curvePixels(shot, from: shot.width / 3) > 1000 },
                "the graph is drawn")
        Thread.sleep(forTimeInterval: 1)
        try window.key("Tab")
        try window.key("Tab")
        try window.type(" ")
        Thread.sleep(forTimeInterval: 2)
        // The graph pane's pixels in four screenshots half a second apart: a frozen picture repeats.
        var graphs = [[RGB]]()
        for index in 0..<4 {
            shot = try window.screenshot()
            shot.save(as: "kitty-tmux-playback-\(index)")
            graphs.append((0..<(shot.height * 9 / 10)).flatMap { y in ((shot.width / 3)..<shot.width).map { shot.pixels[y * shot.width + $0] } })
            Thread.sleep(forTimeInterval: 0.5)
        }
        let distinct = graphs.indices.count { index in !graphs[..<index].contains(graphs[index]) }
        #expect(distinct == 4, "\(distinct) different graphs in 4 screenshots while playing; see kitty-tmux-playback-*.png")
        let discarded = try tmux.command("display-message", "-p", "#{client_discarded}").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(discarded == "0", "tmux threw away \(discarded) bytes it could not pass on to kitty in time")
        try window.type("q")
    }

    @Test("allow-passthrough on: the app's graph comes back after tmux detaches and attaches again, the true curve",
          arguments: [false, true])
    func appAfterDetachAndAttach(dropped: Bool) throws {
        // A graph of x at 40 pixels a unit with the origin in the middle: the scale the truth uses.
        let state = #"{"version":1,"calculator":{"program":{"steps":["M"]}},"history":[],"theme":"dark","graph":"#
            + #"{"program":{"steps":["M"]},"scaleX":40,"scaleY":40,"originFromCentreX":0,"originFromCentreY":0}}"#
        let (tmux, display) = try Self.startApp(passthrough: true, state: state, reattachable: true)
        defer { withExtendedLifetime(display) {} }
        let window = tmux.window
        try window.type(":3 sin(x)\r")
        var shot = try window.screenshot()
        var agreement = 0.0
        let drawn = try waitUntil(timeout: 30) {
            shot = try window.screenshot()
            agreement = SliderInX11Tests.agreement(shot) { 3 * sin($0) }
            return agreement > 0.95
        }
        shot.save(as: "kitty-tmux-placeholders-before-detach")
        #expect(drawn, "the picture is the true curve before the detach: \(agreement) of columns agree")

        try tmux.command("detach-client", "-s", "main")
        let detached = try waitUntil(timeout: 20) {
            shot = try window.screenshot()
            return Self.curvePixels(shot) < 50 && (try? tmux.command("list-clients").stdout.isEmpty) == true
        }
        shot.save(as: "kitty-tmux-placeholders-detached")
        #expect(detached, "detached: kitty shows its shell, not the picture")
        if dropped {
            // kitty 0.41 keeps a virtual placement when tmux leaves and enters its alternate screen
            // again; a terminal that drops it (as kitty drops every other placement there) is made
            // here: the shell outside tmux deletes the picture, with its data, in that screen.
            try window.type("printf '\\033[?1049h\\033_Ga=d,d=I,i=\(Self.appImageID)\\033\\\\\\033[?1049l'\r")
            Thread.sleep(forTimeInterval: 1)
        }

        try window.type("\r")
        let back = try waitUntil(timeout: 20) {
            shot = try window.screenshot()
            agreement = SliderInX11Tests.agreement(shot) { 3 * sin($0) }
            return agreement > 0.95
        }
        shot.save(as: "kitty-tmux-placeholders-attached\(dropped ? "-dropped" : "")")
        #expect(back, "attached again: the graph shows the true curve (\(agreement) of columns agree); see kitty-tmux-placeholders-attached\(dropped ? "-dropped" : "").png")
        try window.type("q")
    }
}
