import Foundation
import SystemSupport
import Testing
import TestSupport
@testable import Terminal

/// Asking tmux as a program: bounded in time and size, no shell, and against a real tmux server.
@Suite("Asking tmux about its clients", .serialized)
struct TmuxQueryTests {
    /// A stand-in for tmux: a shell script that does `body`, in a folder of its own.
    static func fakeTmux(_ body: String) throws -> String {
        let folder = RemovedAtExit.folder(named: "gcview-fake-tmux")
        let script = folder.appendingPathComponent("tmux")
        try ("#!/bin/sh\n" + body + "\n").write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    static let environment = ["TMUX": "/tmp/gcview-no-such-socket,4242,0", "TMUX_PANE": "%1"]

    @Test("The output of a program that exits 0, its arguments passed as they are")
    func output() throws {
        let echo = try ChildProcess.output(of: "/bin/echo", arguments: ["a b", "$HOME", ";", "*"], timeout: .seconds(5), limit: 100)
        #expect(String(decoding: echo, as: UTF8.self) == "a b $HOME ; *\n", "no shell between")
        let searched = try ChildProcess.output(of: "printf", arguments: ["%s", "x"], timeout: .seconds(5), limit: 100)
        #expect(searched == Array("x".utf8), "a bare name is looked up in PATH")
    }

    @Test("Failures: missing program, exit status, signal, deadline, too much output")
    func failures() throws {
        #expect(throws: ChildProcessFailure.couldNotStart(.noSuchFileOrDirectory)) {
            try ChildProcess.output(of: "/nonexistent/tmux", arguments: [], timeout: .seconds(5), limit: 100)
        }
        #expect(throws: ChildProcessFailure.exited(3)) {
            try ChildProcess.output(of: "/bin/sh", arguments: ["-c", "echo partial; exit 3"], timeout: .seconds(5), limit: 100)
        }
        #expect(throws: ChildProcessFailure.killed(signal: SIGTERM)) {
            try ChildProcess.output(of: "/bin/sh", arguments: ["-c", "kill -TERM $$"], timeout: .seconds(5), limit: 100)
        }
        let start = ContinuousClock.now
        #expect(throws: ChildProcessFailure.timedOut) {
            try ChildProcess.output(of: "/bin/sleep", arguments: ["30"], timeout: .milliseconds(300), limit: 100)
        }
        #expect(ContinuousClock.now - start < .seconds(10), "the sleeper was killed, not waited for")
        #expect(throws: ChildProcessFailure.timedOut, "output closed but the program lingers") {
            try ChildProcess.output(of: "/bin/sh", arguments: ["-c", "exec >&-; sleep 30"], timeout: .milliseconds(300), limit: 100)
        }
        #expect(throws: ChildProcessFailure.tooMuchOutput(limit: 1000)) {
            try ChildProcess.output(of: "/usr/bin/yes", arguments: [], timeout: .seconds(5), limit: 1000)
        }
    }

    @Test("A hostile or broken tmux gives braille's reason, never a hang or a picture", arguments: [
        ("exec /usr/bin/yes sixel", "answered more than 16384 bytes"),
        ("sleep 30", "no answer in time"),
        ("echo 'no server running' >&2; exit 1", "exited with status 1"),
        ("printf 'sixel\\033[2J xterm'", "unreadable"),
    ])
    func hostileTmux(body: String, reason: String) throws {
        let fake = try Self.fakeTmux(body)
        let answer = TmuxQuery.ask(environment: Self.environment, serverBinary: { _ in fake })
        guard case .unavailable(let said) = answer else {
            Issue.record("expected no answer, got \(answer)")
            return
        }
        #expect(said.contains(reason), "\(said)")
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-xterm-vt340"))
        let capabilities = TerminalCapabilities(replies: replies, window: nil, environment: Self.environment, tmux: answer)
        #expect(capabilities.graphicsProtocol == .unicode)
    }

    @Test("What the fake tmux is asked: list-clients on the server's socket for the pane")
    func arguments() throws {
        let fake = try Self.fakeTmux("[ \"$7\" = '\(TmuxClients.format)' ] || exit 9\n"
            + "printf 'sixel\\t\\t%s: %s\\n' \"$#\" \"$1 $2 $3 $4 $5 $6\"")
        let answer = TmuxQuery.ask(environment: Self.environment, serverBinary: { _ in fake })
        guard case .clients(let tmux) = answer else {
            Issue.record("the fake tmux refused its arguments: \(answer)")
            return
        }
        #expect(tmux.clients.map(\.name) == ["7: -S /tmp/gcview-no-such-socket list-clients -t %1 -F"])
        #expect(tmux.clients.first?.features == ["sixel"])
    }

    @Test("A real tmux server with no client attached: asked through its own binary, it lists none",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")))
    func realServer() throws {
        for binary in ["/usr/bin/tmux", "/opt/tmux35/usr/bin/tmux"] where FileManager.default.isExecutableFile(atPath: binary) {
            let socket = "gcview-query-\(UUID().uuidString.prefix(8))"
            // The server it forks keeps no pipe of ours: the start returns as soon as the session exists.
            _ = try ChildProcess.output(of: binary, arguments: ["-L", socket, "-f", "/dev/null", "new-session", "-d", "sleep 600"],
                                        timeout: .seconds(10), limit: 1000)
            defer {
                _ = try? ChildProcess.output(of: binary, arguments: ["-L", socket, "kill-server"], timeout: .seconds(10), limit: 1000)
            }
            let said = try ChildProcess.output(of: binary, arguments: ["-L", socket, "display-message", "-p",
                                                                       "#{socket_path},#{pid},#{session_id} #{pane_id}"],
                                               timeout: .seconds(5), limit: 1000)
            let parts = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
            try #require(parts.count == 2)
            let tmux = parts[0].replacingOccurrences(of: ",$", with: ",")
            let environment = ["TMUX": tmux, "TMUX_PANE": String(parts[1])]
            let pid = String(tmux.split(separator: ",")[1])
            #expect(TmuxQuery.serverBinary(pid: pid) == "/proc/\(pid)/exe", "\(binary)'s server is found by its pid")
            // tmux's own default: allow-passthrough off.
            #expect(TmuxQuery.ask(environment: environment) == .clients(TmuxClients(clients: [], allowsPassthrough: false)),
                    "\(binary): \(environment)")
        }
    }
}
