import Foundation
import Testing

/// The interactive calculator driven through tmux: keys in, screen text out (Unicode fallback).
@Suite("Interactive in tmux", .serialized, .needs(["/usr/bin/tmux"]))
struct InteractiveInTmuxTests {
    /// gcview with a state file of its own in `folder`.
    static func command(_ folder: URL, _ extra: String = "") -> String {
        "\(Paths.gcview) --state \(folder.appendingPathComponent("state.json").path) \(extra)"
    }

    /// gcview started in an 80x30 window with its state in `folder`, ready for keys.
    static func launch(in folder: URL) throws -> TmuxSession {
        let tmux = try TmuxSession(columns: 80, rows: 30, command: command(folder))
        try tmux.waitFor("? help")
        return tmux
    }

    /// Graphs y = x, which pushes the graph full screen in compact width.
    static func graphX(in tmux: TmuxSession) throws {
        try tmux.send("x=g", literal: true)
        try tmux.waitFor("‹ Calculator")
    }

    @Test("Typing on the keyboard works the calculator")
    func typing() throws {
        let folder = Paths.temporaryFolder()
        let tmux = try Self.launch(in: folder)
        try tmux.send("7+3*2=", literal: true)
        let screen = try tmux.waitFor { $0.contains("20\n") }
        #expect(screen.contains("20\n") && screen.contains("× 2 ="), "\(screen)")
        try tmux.send("BSpace")
        try tmux.send("c", literal: true)
        let cleared = try tmux.screen()
        #expect(!cleared.contains("7 + 3 × 2"), "C clears the program")
    }

    @Test("The graph button is dimmed while pending, then pushes the graph; Esc goes back")
    func graphAndBack() throws {
        let folder = Paths.temporaryFolder()
        let tmux = try Self.launch(in: folder)
        try tmux.send("m+", literal: true)
        let pending = try tmux.waitFor("M + …")
        #expect(pending.contains("↗"), "the graph button stays legible (dimmed) while + is pending")
        try tmux.send("g", literal: true)
        // Digits typed after g show on the calculator only if g left it on screen: once they
        // are there, g has been handled.
        try tmux.send("12345", literal: true)
        let typed = try tmux.waitFor("12345")
        #expect(typed.contains("12345"), "the digits typed after g reach the calculator")
        #expect(!typed.contains("‹ Calculator"), "g does nothing while pending")
        try tmux.send("=g", literal: true)
        let graph = try tmux.waitFor("‹ Calculator")
        #expect(graph.contains("y = x + 12345"))
        #expect(graph.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille curve on screen")
        try tmux.send("Escape")
        let back = try tmux.waitFor("↗")
        #expect(!back.contains("‹ Calculator"))
    }

    @Test("Resizing across the width threshold switches layouts and keeps the typed number")
    func resize() throws {
        let folder = Paths.temporaryFolder()
        let tmux = try Self.launch(in: folder)
        try Self.graphX(in: tmux)
        try tmux.send("Escape")
        Thread.sleep(forTimeInterval: 0.2)  // a key right after Esc would read as Alt-key
        try tmux.send("12.5", literal: true)
        try tmux.waitFor("12.5")
        #expect(try !tmux.screen().contains("sin⁻¹"), "compact grid first")
        try tmux.resize(columns: 120, rows: 30)
        // A frame can be caught half written: wait for its last parts too.
        let wide = try tmux.waitFor { $0.contains("sin⁻¹") && $0.contains("Tab focus") && $0.contains("y = x") }
        #expect(wide.contains("Tab focus"), "split view")
        #expect(wide.contains("y = x"), "the graph is beside the calculator")
        #expect(wide.contains("12.5"), "the number being typed survives")
        try tmux.resize(columns: 120, rows: 12)
        let short = try tmux.waitFor { $0.contains("rand") && !$0.contains("┌") }
        #expect(short.contains("12.5"), "compact height: the wide grid, still typing")
        try tmux.resize(columns: 80, rows: 30)
        let compact = try tmux.waitFor { $0.contains("┌") && !$0.contains("sin⁻¹") }
        #expect(!compact.contains("sin⁻¹") && compact.contains("12.5"))
    }

    @Test("q quits and restores the terminal")
    func quit() throws {
        let folder = Paths.temporaryFolder()
        let tmux = try Self.launch(in: folder)
        #expect(try tmux.value("#{alternate_on}") == "1")
        try tmux.send("q", literal: true)
        try tmux.waitFor("EXIT=0")
        #expect(try tmux.value("#{alternate_on}") == "0", "left the alternate screen")
        #expect(try tmux.value("#{cursor_flag}") == "1", "cursor visible again")
        #expect(try tmux.value("#{mouse_any_flag}") == "0", "mouse reporting off")
    }

    @Test("When the terminal goes away gcview exits instead of spinning")
    func hangUp() throws {
        let folder = Paths.temporaryFolder()
        let tmux = try Self.launch(in: folder)
        let pattern = "^\(Paths.gcview) --state \(folder.path)"
        #expect(try run("/usr/bin/pgrep", ["-f", pattern]).status == 0)
        tmux.close()
        let gone = try waitUntil(timeout: 5) { try run("/usr/bin/pgrep", ["-f", pattern]).status != 0 }
        if !gone { _ = try? run("/usr/bin/pkill", ["-KILL", "-f", pattern]) }
        #expect(gone, "gcview exited after its terminal closed")
    }

    @Test("Ctrl-Z restores the terminal; continuing brings the app back, redrawn")
    func suspend() throws {
        let folder = Paths.temporaryFolder()
        let tmux = try Self.launch(in: folder)
        try tmux.send("42", literal: true)
        try tmux.waitFor("42")
        try tmux.send("C-z")
        let restored = try waitUntil(timeout: 5) { try tmux.value("#{alternate_on}") == "0" }
        #expect(restored, "the alternate screen is left while stopped")
        #expect(try tmux.value("#{cursor_flag}") == "1")
        _ = try run("/usr/bin/pkill", ["-CONT", "-f", "^\(Paths.gcview) --state \(folder.path)"])
        let back = try tmux.waitFor { $0.contains("? help") && $0.contains("42") }
        #expect(back.contains("42"), "redrawn with the number still there")
        #expect(try tmux.value("#{alternate_on}") == "1")
    }

    /// The state file in `folder` as JSON objects.
    static func savedState(in folder: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("state.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The saved graph's scales and origin: `scaleX`, `scaleY`, `originFromCentreX`, `originFromCentreY`.
    static func savedView(in folder: URL) throws -> [String: Double] {
        let graph = try #require(try savedState(in: folder)["graph"] as? [String: Any])
        var view = [String: Double]()
        for key in ["scaleX", "scaleY", "originFromCentreX", "originFromCentreY"] {
            view[key] = try #require(graph[key] as? Double, "\(key) in \(graph)")
        }
        return view
    }

    @Test("SIGTERM saves what was typed since the last save, restores the terminal and ends by the signal (143)")
    func terminate() throws {
        let folder = Paths.temporaryFolder()
        let tmux = try Self.launch(in: folder)
        // Graphing saves at once; the number typed afterwards is saved only on the way out.
        try Self.graphX(in: tmux)
        try tmux.send("Escape")
        Thread.sleep(forTimeInterval: 0.2)  // a key right after Esc would read as Alt-key
        try tmux.send("4217", literal: true)
        try tmux.waitFor("4217")
        let calculator = try Self.savedState(in: folder)["calculator"] as? [String: Any]
        #expect(calculator?["typed"] as? String != "4217", "not saved before the signal")
        _ = try run("/usr/bin/pkill", ["-TERM", "-f", "^\(Paths.gcview) --state \(folder.path)"])
        let screen = try tmux.waitFor("EXIT=")
        #expect(screen.contains("EXIT=143\n"), "\(screen)")
        #expect(screen.contains("gcview: terminated by SIGTERM"), "\(screen)")
        #expect(try tmux.value("#{alternate_on}") == "0")
        let saved = try Self.savedState(in: folder)["calculator"] as? [String: Any]
        #expect(saved?["typed"] as? String == "4217", "the typed number was saved: \(String(describing: saved))")
    }

    @Test("Ctrl-L draws the screen again after another program wrote over it, with the cursor hidden and the mouse on again")
    func redraw() throws {
        let folder = Paths.temporaryFolder()
        let tmux = try Self.launch(in: folder)
        try Self.graphX(in: tmux)
        let clean = try tmux.waitFor { $0.contains("y = x") && $0.contains("? help") }
        #expect(try tmux.value("#{cursor_flag}") == "0" && tmux.value("#{mouse_button_flag}") == "1")
        // What another program might write to the terminal (a `wall` message, a background job):
        // text over the graph, the cursor shown, mouse reporting off.
        let tty = try tmux.value("#{pane_tty}")
        let scribble = try #require(FileHandle(forWritingAtPath: tty))
        scribble.write(Data("\u{1B}[5;10HSCRIBBLED OVER THE GRAPH\u{1B}[12;3Hmore of it\u{1B}[?25h\u{1B}[?1002l".utf8))
        try scribble.close()
        let spoiled = try tmux.waitFor("SCRIBBLED")
        #expect(spoiled != clean)
        #expect(try tmux.value("#{cursor_flag}") == "1" && tmux.value("#{mouse_button_flag}") == "0")

        try tmux.send("C-l")
        let again = try tmux.waitFor { !$0.contains("SCRIBBLED") && !$0.contains("more of it") && $0.contains("? help") }
        #expect(again == clean, "the same screen as before, line for line")
        #expect(try tmux.value("#{cursor_flag}") == "0", "the cursor hidden again")
        #expect(try tmux.value("#{mouse_button_flag}") == "1", "mouse reporting on again")
        try tmux.send("q", literal: true)
        try tmux.waitFor("EXIT=0")
    }

    @Test("Quit and start again: the same graph, origin and scale are back")
    func persistence() throws {
        let folder = Paths.temporaryFolder()
        var before = ""
        var panned = [String: Double]()
        do {
            let tmux = try Self.launch(in: folder)
            try tmux.send(":", literal: true)
            try tmux.send("x^2-3", literal: true)
            try tmux.send("Enter")
            try tmux.send("g", literal: true)
            try tmux.waitFor("‹ Calculator")
            // Graphing saved the standard view.
            let standard = try Self.savedView(in: folder)
            try tmux.send("l", "l", "k", "-", literal: true)
            Thread.sleep(forTimeInterval: 0.5)
            before = try tmux.screen()
            try tmux.send("q", literal: true)
            try tmux.waitFor("EXIT=0")
            panned = try Self.savedView(in: folder)
            #expect(panned["originFromCentreX"] != standard["originFromCentreX"], "l l moved the origin: \(panned)")
            #expect(panned["originFromCentreY"] != standard["originFromCentreY"], "k moved the origin: \(panned)")
            #expect(panned["scaleX"] != standard["scaleX"], "- zoomed: \(panned)")
        }
        let tmux = try TmuxSession(columns: 80, rows: 30, command: Self.command(folder))
        try tmux.waitFor("‹ Calculator")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try tmux.screen() == before, "the same picture, panned and zoomed as it was")
        // A typed number makes the quit save again, with the view as restored.
        try tmux.send("Escape")
        Thread.sleep(forTimeInterval: 0.2)  // a key right after Esc would read as Alt-key
        try tmux.send("7", literal: true)
        try tmux.waitFor { $0.contains("↗") }
        try tmux.send("q", literal: true)
        try tmux.waitFor("EXIT=0")
        let restored = try Self.savedView(in: folder)
        for (key, value) in panned {
            #expect(abs((restored[key] ?? .nan) - value) <= 1e-9 * max(1, abs(value)), "\(key): \(restored) after, \(panned) before")
        }
    }

    @Test("A corrupt state file is set aside with a warning, never overwritten")
    func corruptState() throws {
        let folder = Paths.temporaryFolder()
        let file = folder.appendingPathComponent("state.json")
        try Data("{\"version\": 1, \"calculator\": tru".utf8).write(to: file)
        let tmux = try TmuxSession(columns: 80, rows: 30, command: Self.command(folder))
        try tmux.waitFor("? help")
        try tmux.send("q", literal: true)
        let screen = try tmux.waitFor("EXIT=0")
        #expect(screen.contains("gcview: warning: state file"), "\(screen)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let aside = try #require(names.first { $0.hasPrefix("state.json.corrupt-") })
        #expect(try Data(contentsOf: folder.appendingPathComponent(aside)) == Data("{\"version\": 1, \"calculator\": tru".utf8))
    }

    @Test("A state file that is not gcview's (a password file named by mistake) is left as it is: a warning, keys pressed and quit, nothing moved or saved over it")
    func foreignState() throws {
        let folder = Paths.temporaryFolder()
        let file = folder.appendingPathComponent("state.json")
        let text = Data("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n".utf8)
        try text.write(to: file)
        let tmux = try TmuxSession(columns: 80, rows: 30, command: Self.command(folder))
        try tmux.waitFor("? help")
        try tmux.send("7+8=", literal: true)
        try tmux.send("q", literal: true)
        let screen = try tmux.waitFor("EXIT=0")
        #expect(screen.contains("gcview: warning: state file"), "\(screen)")
        // The pane wraps the warning at 80 columns.
        #expect(screen.replacingOccurrences(of: "\n", with: "").contains("gcview's state is a JSON object and it is not, so it is left where it is; nothing is saved"),
                "\(screen)")
        #expect(try Data(contentsOf: file) == text, "the file is as it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.json"], "nothing set aside or left beside it")
    }
}
