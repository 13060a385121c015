import SystemPackage
import SystemSupport

/// Asks the tmux server gcview runs under which terminals show its pane: `tmux list-clients`, run as a
/// program (no shell) with a deadline, its answer read as untrusted bytes (`TmuxClients(listing:)`).
public enum TmuxQuery {
    /// How long tmux has to answer; it takes a few milliseconds.
    static let timeout: Duration = .seconds(1)
    /// The longest answer read: 64 clients of long names fit many times over.
    static let outputLimit = 16 << 10

    /// The program and arguments that ask, from `TMUX` (`socket,server pid,session id`) and `TMUX_PANE`;
    /// nil when `TMUX` is not of that form.
    ///
    /// The program is the server's own binary (`/proc/PID/exe`, when it is a tmux), so client and server
    /// speak the same protocol even when another tmux comes first in `PATH`; else `tmux` from `PATH`.
    static func command(environment: [String: String],
                        serverBinary: (String) -> String? = serverBinary(pid:)) -> (program: String, arguments: [String])? {
        guard let tmux = environment["TMUX"] else { return nil }
        let fields = tmux.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count >= 3 else { return nil }
        let session = String(fields[fields.count - 1]), pid = String(fields[fields.count - 2])
        let socket = fields.dropLast(2).joined(separator: ",")
        guard !socket.isEmpty, isNumber(pid) else { return nil }
        let target: String
        if let pane = environment["TMUX_PANE"], pane.hasPrefix("%"), isNumber(String(pane.dropFirst())) {
            target = pane
        } else if isNumber(session) {
            target = "$" + session
        } else {
            return nil
        }
        return (serverBinary(pid) ?? "tmux", ["-S", socket, "list-clients", "-t", target, "-F", TmuxClients.format])
    }

    /// The arguments that ask tmux whether it passes sequences on for the same target:
    /// `display-message -p -t TARGET '#{allow-passthrough}'`.
    static func passthroughArguments(listing arguments: [String]) -> [String] {
        Array(arguments.prefix(2)) + ["display-message", "-p", "-t", arguments.count > 4 ? arguments[4] : "", "#{allow-passthrough}"]
    }

    /// `/proc/PID/exe` when that process runs a program named tmux (a stale `TMUX` could name any
    /// process, which must not be run); nil elsewhere.
    static func serverBinary(pid: String) -> String? {
        let link = "/proc/\(pid)/exe"
        guard let target = SystemCall.linkTarget(FilePath(link)) else { return nil }
        let name = target.split(separator: UInt8(ascii: "/")).last ?? []
        return name.starts(with: Array("tmux".utf8)) ? link : nil
    }

    /// tmux's clients for the pane gcview runs in, or why they could not be learned.
    public static func ask(environment: [String: String]) -> TmuxAnswer {
        ask(environment: environment, serverBinary: serverBinary(pid:))
    }

    /// tmux's clients, asked of the program `serverBinary` finds for the server's pid.
    static func ask(environment: [String: String], serverBinary: (String) -> String?) -> TmuxAnswer {
        guard let session = environment["TMUX"], !session.isEmpty else {
            return .unavailable("TMUX is not set: tmux runs elsewhere (ssh?)")
        }
        guard let command = command(environment: environment, serverBinary: serverBinary) else {
            return .unavailable("TMUX is not socket,pid,session")
        }
        do {
            let bytes = try ChildProcess.output(of: command.program, arguments: command.arguments,
                                                timeout: timeout, limit: outputLimit)
            guard var clients = TmuxClients(listing: bytes) else { return .unavailable("tmux's answer was unreadable") }
            let passthrough = try? ChildProcess.output(of: command.program, arguments: passthroughArguments(listing: command.arguments),
                                                       timeout: timeout, limit: 64)
            clients.allowsPassthrough = passthrough.flatMap(TmuxClients.allowsPassthrough)
            return .clients(clients)
        } catch {
            return .unavailable("tmux list-clients \(error)")
        }
    }

    private static func isNumber(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 10 && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}
