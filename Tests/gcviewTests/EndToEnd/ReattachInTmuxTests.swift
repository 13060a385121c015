import Foundation
import Raster
import TestSupport
import Testing

/// The app inside tmux 3.5a draws for the terminal that shows it now: started with no client
/// attached (braille), attached from xterm -ti vt340 (sixel), detached and attached again from
/// kitty 0.26 (no sixel, no placeholders: braille, never sixel that tmux would show kitty as
/// "SIXEL IMAGE"), and from xterm again. tmux reports the pane's focus at each attach.
@Suite("The app in tmux 3.5a attached again from another terminal", .serialized,
       .needs(EndToEnd.x11 + ["/usr/bin/xterm", "/usr/bin/kitty", SixelTmux.tmux]))
struct ReattachInTmuxTests {
    /// What the status line says on an attach to this window: tmux made it with no client, so it
    /// takes its cells as 16x32 px while xterm's are 9x19 (`scaledByTmux`).
    static let scaledSixel = "Graph now in sixel, scaled by tmux (cells 16x32, terminal 9x19): resize once"

    /// Whether the pane's text holds braille: the graph drawn as text.
    static func hasBraille(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }
    }

    @Test("Started detached, then xterm: sixel; kitty 0.26: braille; xterm again: sixel")
    func anotherTerminal() throws {
        let folder = Paths.temporaryFolder()
        let session = try DetachedSession(running: "\(Paths.gcview) --state \(folder.path)/state.json --theme dark")
        let tmux = session.tmux
        func command(_ arguments: String...) throws -> String { try session.command(arguments) }
        func pane() throws -> String { try command("capture-pane", "-p", "-t", "main") }
        var started = ""
        #expect(try waitUntil(timeout: 20) { started = try pane(); return started.contains("? help") },
                "the app starts with no client attached: \(started)")
        _ = try command("send-keys", "-t", "main", "-l", ":sin(x)*x")
        _ = try command("send-keys", "-t", "main", "Enter")
        #expect(try waitUntil { try Self.hasBraille(pane()) }, "no terminal shows the session: braille")

        let display = try VirtualDisplay()
        let attach = tmux.joined(separator: " ") + " attach -t main; sleep 600"
        var xterm: TerminalWindow? = try TerminalWindow(.xterm, on: display, columns: 100, rows: 30, command: attach)
        var text = ""
        let sixel = try waitUntil(timeout: 20) {
            text = try pane()
            return text.contains(Self.scaledSixel) && !Self.hasBraille(text)
        }
        #expect(sixel, "attached from xterm: sixel, the status line says so\n\(text)")
        var shot = try #require(xterm).screenshot()
        let curve = { (shot: Screenshot) in shot.count(of: Theme.dark.curve, in: 0..<shot.height, columns: shot.width / 2...shot.width - 1) }
        #expect(try waitUntil { shot = try #require(xterm).screenshot(); return curve(shot) > 500 }, "the curve drawn as a picture")
        shot.save(as: "tmux-reattach-xterm")

        _ = try command("detach-client", "-s", "main")
        xterm = nil
        let kitty = try TerminalWindow(.kitty, on: display, columns: 100, rows: 30, command: attach)
        let braille = try waitUntil(timeout: 20) {
            text = try pane()
            return text.contains("Braille now") && Self.hasBraille(text)
        }
        #expect(braille, "attached from kitty 0.26, which shows neither sixel nor placeholders: braille\n\(text)")
        shot = try kitty.screenshot()
        shot.save(as: "tmux-reattach-kitty")
        #expect(curve(shot) > 200, "the braille curve in kitty")

        _ = try command("detach-client", "-s", "main")
        let again = try TerminalWindow(.xterm, on: display, columns: 100, rows: 30, command: attach)
        let back = try waitUntil(timeout: 20) {
            text = try pane()
            return text.contains(Self.scaledSixel) && !Self.hasBraille(text)
        }
        #expect(back, "xterm again: sixel\n\(text)")
        #expect(try waitUntil { curve(try again.screenshot()) > 500 }, "the picture again")
        _ = try command("send-keys", "-t", "main", "q")
    }

    @Test("Without --theme: started detached (no colours to ask: dark), attached from a white xterm: light; from kitty's black: dark again")
    func themeOfTheTerminal() throws {
        let folder = Paths.temporaryFolder()
        let state = folder.appendingPathComponent("state.json").path
        let session = try DetachedSession(running: "\(Paths.gcview) --state \(state)")
        func command(_ arguments: String...) throws -> String { try session.command(arguments) }
        func pane() throws -> String { try command("capture-pane", "-p", "-t", "main") }
        #expect(try waitUntil(timeout: 20) { try pane().contains("? help") }, "the app starts with no client attached")
        _ = try command("send-keys", "-t", "main", "-l", ":sin(x)*x")
        _ = try command("send-keys", "-t", "main", "Enter")
        #expect(try waitUntil { try Self.hasBraille(pane()) }, "no terminal shows the session: braille")

        let display = try VirtualDisplay()
        let attach = session.tmux.joined(separator: " ") + " attach -t main; sleep 600"
        func curve(_ theme: Theme, _ shot: Screenshot) -> Int {
            shot.count(of: theme.curve, in: 0..<shot.height, columns: shot.width / 2...shot.width - 1)
        }
        var xterm: TerminalWindow? = try TerminalWindow(.xterm, on: display, columns: 100, rows: 30, command: attach, light: true)
        var shot = try #require(xterm).screenshot()
        let light = try waitUntil(timeout: 20) {
            shot = try #require(xterm).screenshot()
            return curve(.light, shot) > 500 && curve(.dark, shot) < 50
        }
        shot.save(as: "tmux-reattach-theme-white-xterm")
        #expect(light, "in the white xterm, the light theme's curve (\(curve(.light, shot)) px), not the dark one's (\(curve(.dark, shot)))")

        _ = try command("detach-client", "-s", "main")
        xterm = nil
        let kitty = try TerminalWindow(.kitty, on: display, columns: 100, rows: 30, command: attach)
        let dark = try waitUntil(timeout: 20) {
            shot = try kitty.screenshot()
            return curve(.dark, shot) > 200 && curve(.light, shot) < 50
        }
        shot.save(as: "tmux-reattach-theme-black-kitty")
        #expect(dark, "in kitty's black, the dark theme's braille curve (\(curve(.dark, shot)) px), not the light one's (\(curve(.light, shot)))")
        _ = try command("send-keys", "-t", "main", "q")
        #expect(waitUntil(timeout: 10) { StateFile.theme(at: state) == "dark" },
                "the theme shown last is saved: \(StateFile.theme(at: state) ?? "none")")
    }

    @Test("plot in a window tmux made with no client, xterm attached at the same size: the note that tmux scales the picture; none after a resize")
    func scaledByTmux() throws {
        let plot = "\(Paths.gcview) plot 'sin(x)' --size 360x180"
        let session = try DetachedSession(running: "n=0; while read -r _; do n=$((n + 1)); clear; \(plot); echo plotted-$n; done")
        let tmux = session.tmux
        func command(_ arguments: String...) throws -> String { try session.command(arguments) }
        let display = try VirtualDisplay()
        let xterm = try TerminalWindow(.xterm, on: display, columns: 100, rows: 30, command: tmux.joined(separator: " ") + " attach -t main; sleep 600")
        #expect(try waitUntil(timeout: 20) { try command("list-clients").contains("main") }, "xterm attached")
        Thread.sleep(forTimeInterval: 1)
        _ = try command("send-keys", "-t", "main", "Enter")
        var pane = ""
        #expect(try waitUntil { pane = try command("capture-pane", "-p", "-J", "-t", "main"); return pane.contains("plotted-1") })
        #expect(pane.contains("gcview: note: tmux scales this picture from its 16x32 px cells to the terminal's 9x19: "
                              + "not pixel for pixel until the terminal is resized once"), "\(pane)")

        // A size change makes tmux take its client's cells: the note goes.
        try xterm.resize(width: 1000, height: 600)
        Thread.sleep(forTimeInterval: 1)
        _ = try command("send-keys", "-t", "main", "Enter")
        #expect(try waitUntil { pane = try command("capture-pane", "-p", "-J", "-t", "main"); return pane.contains("plotted-2") })
        #expect(!pane.contains("tmux scales"), "\(pane)")
    }
}

/// A tmux 3.5a server of its own with one session, "main", made detached at 100x30 (no client:
/// tmux takes its cells as 16x32 px) running `command` through sh; killed when it goes.
final class DetachedSession {
    /// The tmux command line that reaches this server, for `attach -t main` and the like.
    let tmux: [String]

    init(running command: String) throws {
        let configuration = Paths.temporaryFolder().appendingPathComponent("tmux.conf")
        try "set -g status off\nset -sg escape-time 10\n".write(to: configuration, atomically: true, encoding: .utf8)
        tmux = [SixelTmux.tmux, "-L", "gcview-detached-\(UUID().uuidString.prefix(8))", "-f", configuration.path]
        _ = try self.command(["new-session", "-d", "-s", "main", "-x", "100", "-y", "30", command + "; sleep 600"])
    }

    deinit {
        _ = try? command(["kill-server"])
    }

    /// Runs a tmux command on this server, its errors in what it prints; the output.
    func command(_ arguments: [String]) throws -> String {
        try run("/bin/sh", ["-c", "exec \"$@\" </dev/null 2>&1", "sh"] + tmux + arguments).stdout
    }
}
