import Foundation

/// A tmux server of its own, running one command in a window of a given size.
final class TmuxSession: @unchecked Sendable {
    let socket: String
    private static let tmux = "/usr/bin/tmux"

    /// Starts `command` through sh in a detached `columns` x `rows` window.
    init(columns: Int, rows: Int, command: String, environment: [String: String] = [:]) throws {
        socket = "gcview-test-\(UUID().uuidString.prefix(8))"
        let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        // The tmux server outlives this call: it must not inherit the pipes `run` reads to the end.
        let inner = "env \(exports) sh -c \"\(command); echo EXIT=\\$?; sleep 600\""
        let started = try run("/bin/sh", ["-c", "exec \"$0\" \"$@\" </dev/null >/dev/null 2>&1", Self.tmux, "-L", socket,
                                          "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", inner])
        guard started.status == 0 else { throw X11Failure("tmux did not start: \(started.stderr)") }
        _ = try run(Self.tmux, ["-L", socket, "set-option", "-g", "window-size", "manual"])
    }

    deinit {
        close()
    }

    /// Kills the server: the window closes under whatever runs in it.
    func close() {
        _ = try? run(Self.tmux, ["-L", socket, "kill-server"])
    }

    /// Sends keys as tmux names them (`Escape`, `Enter`, `C-c`) or literal text with `literal`.
    func send(_ keys: String..., literal: Bool = false) throws {
        _ = try run(Self.tmux, ["-L", socket, "send-keys"] + (literal ? ["-l"] : []) + keys)
    }

    /// The visible text of the pane.
    func screen() throws -> String {
        try run(Self.tmux, ["-L", socket, "capture-pane", "-p"]).stdout
    }

    /// Resizes the window.
    func resize(columns: Int, rows: Int) throws {
        _ = try run(Self.tmux, ["-L", socket, "resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// A tmux format value of the pane, such as `#{alternate_on}` or `#{cursor_flag}`.
    func value(_ format: String) throws -> String {
        try run(Self.tmux, ["-L", socket, "display-message", "-p", format]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until `condition` holds for the screen; returns the last screen seen.
    @discardableResult
    func waitFor(timeout: TimeInterval = 10, where condition: (String) -> Bool) throws -> String {
        var last = ""
        _ = try waitUntil(timeout: timeout) {
            last = try screen()
            return condition(last)
        }
        return last
    }

    /// Waits until the screen contains `text`; returns the last screen seen.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 10) throws -> String {
        try waitFor(timeout: timeout) { $0.contains(text) }
    }
}
