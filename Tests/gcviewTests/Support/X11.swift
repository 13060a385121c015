import Foundation
import TestSupport
import Testing
import Raster
import Terminal

/// A headless X server for one test suite.
final class VirtualDisplay: @unchecked Sendable {
    let name: String
    private let server: Process

    /// Starts Xvfb on a display number it picks itself and waits until it accepts clients.
    ///
    /// `-displayfd` lets the server choose a free number and say it once it is ready, so suites
    /// starting displays at the same time never race for one number.
    init(width: Int = 1600, height: Int = 1000) throws {
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        let ready = Pipe()
        server.standardOutput = ready
        server.standardError = FileHandle.nullDevice
        try launch(server)
        var said = Data()
        let deadline = Date().addingTimeInterval(10)
        while !said.contains(UInt8(ascii: "\n")) {
            guard Date() < deadline, server.isRunning else { throw X11Failure("Xvfb did not start") }
            said.append(ready.fileHandleForReading.availableData)
        }
        let number = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard Int(number) != nil else { throw X11Failure("Xvfb said \(number) instead of a display number") }
        name = ":" + number
    }

    deinit {
        stop(server)
    }

    /// Runs an X client (xdotool, import) on this display.
    func client(_ executable: String, _ arguments: [String], timeout: TimeInterval = 20) throws -> Finished {
        try run(executable, arguments, environment: ["DISPLAY": name], timeout: timeout)
    }
}

/// An X11 failure in a test's setup.
struct X11Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A terminal emulator window under Xvfb running one shell command.
final class TerminalWindow: DrivenTerminal, @unchecked Sendable {
    /// The X11 terminals the end-to-end tests drive.
    enum Kind: String, CaseIterable, Sendable {
        case xterm, mlterm, kitty, konsole
    }

    let display: VirtualDisplay
    let kind: Kind
    let windowID: String
    private let process: Process
    /// Konsole's own runtime, config and cache folders, removed with the window.
    private let privateFolder: URL?

    /// Opens `kind` with `columns`x`rows` cells running `command` through sh.
    /// `colorRegisters` is the sixel colour registers xterm offers (others ignore it). With `root`, the
    /// terminal is the one installed in that chroot (`Trixie`), run there on this display. With
    /// `light`, xterm is black on white (the others ignore it). `kittyOptions` are kitty's `-o` settings
    /// besides the tests' own (others ignore them).
    init(_ kind: Kind, on display: VirtualDisplay, columns: Int = 100, rows: Int = 30, command: String,
         environment: [String: String] = [:], colorRegisters: Int = 256, root: String? = nil, light: Bool = false,
         kittyOptions: [String] = []) throws {
        self.display = display
        self.kind = kind
        let title = "gcview-e2e-\(kind.rawValue)-\(UUID().uuidString.prefix(8))"
        process = Process()
        var arguments: [String]
        switch kind {
        case .xterm:
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xterm")
            arguments = ["-ti", "vt340", "-geometry", "\(columns)x\(rows)", "-b", "0", "-title", title,
                         "-fa", "DejaVu Sans Mono", "-fs", "11", "-bg", light ? "white" : "black", "-fg", light ? "black" : "white",
                         "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: \(colorRegisters)",
                         "-xrm", "XTerm*allowWindowOps: true", "-e", "sh", "-c", command]
        case .mlterm:
            process.executableURL = URL(fileURLWithPath: "/usr/bin/mlterm")
            arguments = ["-g", "\(columns)x\(rows)", "-T", title, "--sb=false", "-w", "14", "--bg", "black", "--fg", "white",
                         "-e", "sh", "-c", command]
        case .kitty:
            process.executableURL = URL(fileURLWithPath: "/usr/bin/kitty")
            arguments = ["--title", title, "-o", "initial_window_width=\(columns)c",
                         "-o", "initial_window_height=\(rows)c", "-o", "remember_window_size=no",
                         "-o", "font_size=11", "-o", "background=#000000", "-o", "foreground=#ffffff",
                         "-o", "window_padding_width=0", "-o", "placement_strategy=top-left"]
                + kittyOptions.flatMap { ["-o", $0] } + ["sh", "-c", command]
        case .konsole:
            // Konsole sets its own window title from the shell: it is found by its class instead,
            // alone on its display. The profile gives a black screen, no scroll bar (2 = hidden) and
            // no "Size: 80 x 24" hint over the text when the window opens or is resized.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/konsole")
            arguments = ["--separate", "--hide-menubar", "--hide-tabbar", "-p", "Font=DejaVu Sans Mono,11",
                         "-p", "ColorScheme=WhiteOnBlack", "-p", "ScrollBarPosition=2", "-p", "ShowTerminalSizeHint=false",
                         "-p", "TerminalColumns=\(columns)", "-p", "TerminalRows=\(rows)", "-e", "sh", "-c", command]
        }
        var settings = ["DISPLAY": display.name, "LIBGL_ALWAYS_SOFTWARE": "1"]
        if kind == .konsole {
            // Konsole needs an XDG_RUNTIME_DIR of mode 0700, and should not write root's own config.
            let folder = Paths.temporaryFolder()
            for (variable, name) in [("XDG_RUNTIME_DIR", "runtime"), ("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache")] {
                let sub = folder.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
                settings[variable] = sub.path
            }
            privateFolder = folder
        } else {
            privateFolder = nil
        }
        if let root, let terminal = process.executableURL?.path {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/chroot")
            arguments = [root, terminal] + arguments
        }
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(settings.merging(environment) { $1 }) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try launch(process)
        let search = kind == .konsole ? ["search", "--sync", "--onlyvisible", "--class", "konsole"]
                                      : ["search", "--sync", "--name", title]
        // xdotool's search ends in failure at once when a window it looks at goes away meanwhile
        // (X's BadWindow: a window of the test before closing, or one the terminal makes and drops
        // as it starts; CI met it once, in under 5 s): search again until the minute is up.
        let deadline = Date().addingTimeInterval(60)
        var found = try display.client("/usr/bin/xdotool", search, timeout: 60)
        while found.status != 0 || found.stdout.isEmpty, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.5)
            found = try display.client("/usr/bin/xdotool", search, timeout: max(deadline.timeIntervalSinceNow, 1))
        }
        // Konsole also has windows that are never shown; the visible main window comes last.
        guard let id = found.stdout.split(separator: "\n").last.map(String.init), found.status == 0 else {
            throw X11Failure("\(kind) window did not appear: \(found.stderr.prefix(300))")
        }
        windowID = id
    }

    deinit {
        stop(process)
        if let privateFolder { try? FileManager.default.removeItem(at: privateFolder) }
    }

    /// What the window shows now.
    func screenshot() throws -> Screenshot {
        // A window that has just appeared may not be viewable yet: import fails, so try again.
        var shot = try display.client("/usr/bin/import", ["-window", windowID, "-depth", "8", "png24:-"])
        for _ in 0..<10 where shot.status != 0 {
            Thread.sleep(forTimeInterval: 0.2)
            shot = try display.client("/usr/bin/import", ["-window", windowID, "-depth", "8", "png24:-"])
        }
        guard shot.status == 0 else { throw X11Failure("import failed: \(shot.stderr)") }
        let decoded = try PNGDecoder.decodeRGB([UInt8](shot.stdoutBytes))
        return Screenshot(width: decoded.width, height: decoded.height, pixels: decoded.pixels, png: shot.stdoutBytes)
    }

    /// Types text into the window.
    func type(_ text: String) throws {
        try checked(display.client("/usr/bin/xdotool", ["windowfocus", "--sync", windowID, "type", "--delay", "30", text]))
    }

    /// Presses a key chord such as `Escape`, `Left` or `ctrl+c`.
    func key(_ name: String) throws {
        try checked(display.client("/usr/bin/xdotool", ["windowfocus", "--sync", windowID, "key", name]))
    }

    /// Throws when xdotool failed, so a key or click that never arrived cannot pass unnoticed.
    private func checked(_ finished: Finished) throws {
        guard finished.status == 0 else { throw X11Failure("xdotool exited with \(finished.status): \(finished.stderr)") }
    }

    /// Resizes the window to this many pixels.
    func resize(width: Int, height: Int) throws {
        _ = try display.client("/usr/bin/xdotool", ["windowsize", "--sync", windowID, "\(width)", "\(height)"])
    }

    /// Runs raw xdotool arguments on this display (mouse moves, clicks, drags).
    func xdotool(_ arguments: [String]) throws {
        try checked(display.client("/usr/bin/xdotool", arguments))
    }
}

/// Kills `process` and reaps it.
func stop(_ process: Process) {
    guard process.processIdentifier > 0 else { return }
    kill(process.processIdentifier, SIGKILL)
    _ = reap(process)
}

/// Waits until `condition` holds, polling, for at most `timeout` seconds.
func waitUntil(timeout: TimeInterval = 15, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.2)
    }
    return try condition()
}
