import Foundation
import Raster
import Testing

/// tmux 3.5a, which passes sixel through, inside `xterm -ti vt340` under Xvfb: its server of its
/// own, one session named "main" running a shell command, re-attached once after a detach.
final class SixelTmux: @unchecked Sendable {
    /// The tmux `scripts/setup --test` unpacks beside the system's 3.3a, which has no sixel.
    static let tmux = "/opt/tmux35/usr/bin/tmux"

    let socket: String
    let window: TerminalWindow

    /// Opens xterm with tmux running `command` through sh, the status line off so the pane is the window;
    /// `passthrough` sets tmux's `allow-passthrough` (off by default, as tmux's own default).
    init(on display: VirtualDisplay, columns: Int, rows: Int, command: String, passthrough: Bool = false) throws {
        socket = "gcview-sixel-\(UUID().uuidString.prefix(8))"
        let folder = Paths.temporaryFolder()
        let configuration = folder.appendingPathComponent("tmux.conf")
        try "set -g status off\nset -sg escape-time 10\nset -g allow-passthrough \(passthrough ? "on" : "off")\n".write(to: configuration, atomically: true, encoding: .utf8)
        let script = folder.appendingPathComponent("pane.sh")
        try (command + "\nsleep 600\n").write(to: script, atomically: true, encoding: .utf8)
        let tmux = "\(Self.tmux) -L \(socket) -f \(configuration.path)"
        // After a detach the first client ends; the shell attaches a second one, as a user would.
        window = try TerminalWindow(.xterm, on: display, columns: columns, rows: rows,
                                    command: "\(tmux) new-session -s main 'sh \(script.path)'; \(tmux) attach -t main; sleep 600")
    }

    deinit {
        _ = try? run(Self.tmux, ["-L", socket, "kill-server"])
    }

    /// tmux in a `columns` x `rows` xterm running the app in `folder` (its state and `w`'s pictures
    /// there), started once the shell shows, with `expression` (sin(x)*x) typed and graphed; the
    /// graph may still be on its way.
    static func appGraphingSinXTimesX(on display: VirtualDisplay, columns: Int, rows: Int,
                                      stateIn folder: URL, graphing expression: String = "sin(x)*x") throws -> SixelTmux {
        let gcview = "cd \(folder.path) && \(Paths.gcview) --state \(folder.path)/state.json --theme dark"
        let tmux = try SixelTmux(on: display, columns: columns, rows: rows,
                                 command: "echo 'press Enter to start'; read -r _; \(gcview)")
        let window = tmux.window
        #expect(try waitUntil(timeout: 30) { try window.screenshot().brightPixelCount() > 0 }, "the shell's text appears")
        try window.type("\r")
        #expect(try waitUntil(timeout: 30) { try window.screenshot().brightPixelCount() > 2000 }, "the calculator appears")
        try window.type(":\(expression)\r")
        try window.type("g")
        return tmux
    }

    /// Runs a tmux command on this server (`new-window`, `detach-client`, ...).
    @discardableResult
    func command(_ arguments: String...) throws -> Finished {
        let finished = try run(Self.tmux, ["-L", socket] + arguments)
        guard finished.status == 0 else { throw X11Failure("tmux \(arguments) failed: \(finished.stderr)") }
        return finished
    }
}

extension Screenshot {
    /// The share of `reference`'s pixels this screenshot shows with its top-left corner at `origin`.
    func share(matching reference: (width: Int, height: Int, pixels: [RGB]), at origin: (x: Int, y: Int)) -> Double {
        var matching = 0
        for y in 0..<reference.height where origin.y + y < height {
            for x in 0..<reference.width where origin.x + x < width
                && self[origin.x + x, origin.y + y].isClose(to: reference.pixels[y * reference.width + x], tolerance: 4) {
                matching += 1
            }
        }
        return Double(matching) / Double(max(reference.width * reference.height, 1))
    }
}
