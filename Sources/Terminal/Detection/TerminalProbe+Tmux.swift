#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ProbeReplies {
    /// Whether the replies come from tmux: `TMUX` is set, or tmux named itself (XTVERSION `tmux 3.5a`),
    /// as it does when gcview runs on another machine (ssh) from inside tmux, where `TMUX` is not passed on.
    func comeThroughTmux(environment: [String: String]) -> Bool {
        if let session = environment["TMUX"], !session.isEmpty { return true }
        return terminalName?.hasPrefix("tmux ") ?? false
    }
}

extension TerminalProbe {
    /// DA1 for the terminal outside tmux, wrapped in tmux's passthrough: tmux hands it on when
    /// `allow-passthrough` is on, and the terminal's reply comes back to the pane.
    static let passthroughDeviceAttributesQuery: [UInt8] = Array("\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\".utf8)

    /// How long the terminal outside has to answer through tmux; with passthrough off nothing comes.
    static let passthroughTimeout: Duration = .milliseconds(250)

    /// Whether the protocol hangs on what tmux says about the terminals outside: inside tmux, with no
    /// protocol chosen explicitly. Only then is tmux asked (kitty shows pictures through any tmux with
    /// passthrough; sixel needs a tmux whose DA1 lists 4).
    static func asksTmux(replies: ProbeReplies?, environment: [String: String], override: GraphicsProtocol?) -> Bool {
        guard let replies, override == nil, GraphicsProtocol.requested(in: environment) == nil else { return false }
        return replies.comeThroughTmux(environment: environment)
    }

    /// What tmux says about the terminals that show the pane: its clients' features (`TmuxQuery`), else
    /// the DA1 of the terminal outside, asked through tmux's passthrough on `output` and read from `input`.
    /// The terminal outside is asked through the passthrough only when `tmuxParsesSixel`: that
    /// answer can only choose sixel.
    static func askTmux(input: Int32, output: Int32, environment: [String: String], tmuxParsesSixel: Bool) -> TmuxAnswer {
        let answer = TmuxQuery.ask(environment: environment)
        guard case .unavailable(let reason) = answer, tmuxParsesSixel else { return answer }
        let outside = InputMode.withRawInput(input) {
            exchange(input: input, output: output, queries: passthroughDeviceAttributesQuery, timeout: passthroughTimeout).deviceAttributes
        }
        if let attributes = outside ?? nil { return .outerDeviceAttributes(attributes) }
        return .unavailable(reason + "; no DA1 through tmux's passthrough (allow-passthrough off?)")
    }
}
