#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ProbeReplies {
    /// tmux's release from its XTVERSION name; nil when the name is not tmux's or has no release in it.
    var tmuxRelease: TmuxRelease? { TmuxRelease(name: terminalName) }

    /// Whether these replies come from a tmux that answers OSC 10 and 11 with the colours of the
    /// terminal outside but had not been told them yet: tmux 3.4 and later (`input_osc_11` in its
    /// `input.c`) say nothing until their client's own reply has arrived. tmux 3.3a never answers
    /// with the terminal's colours, so it is not asked again.
    func awaitTmuxColours(environment: [String: String]) -> Bool {
        guard background == nil, deviceAttributes != nil, comeThroughTmux(environment: environment),
              let release = tmuxRelease else { return false }
        return release.isAtLeast(3, 4)
    }

    /// These replies with the colours of `later`, where it has them.
    func withColours(of later: ProbeReplies) -> ProbeReplies {
        var replies = self
        replies.background = later.background ?? background
        replies.foreground = later.foreground ?? foreground
        return replies
    }
}

/// How long the probe waits for what tmux learns of a terminal that has just attached.
///
/// tmux asks a client's terminal for its XTVERSION, DA1 and colours when the client starts, and
/// until they arrive it knows the terminal only by `TERM`: a kitty is `xterm-kitty`, whose version,
/// and so whether it shows placeholders, is unknown. gcview started as a new session's command asks
/// in those first milliseconds. kitty 0.41 under software GL (Debian 13) told tmux its colours
/// 38 to 58 ms after the pane's program started (6 starts), and without this wait 6 of 6 such
/// starts of `gcview probe` chose braille, with no background.
enum StartingClient {
    /// A client attached this many seconds ago or less may still be starting: tmux's times are
    /// whole seconds.
    static let window = 2
    /// The longest the probe waits for such clients, and the pause between askings.
    static let longestWait: Duration = .milliseconds(600)
    static let pause: Duration = .milliseconds(25)
}

extension TerminalProbe {
    /// The terminal's default foreground and background colours asked for (OSC 10 and 11): what
    /// the app asks again at Ctrl-L and when another terminal attaches to its tmux session.
    public static let colourQuestions: [UInt8] = Array((
        "\u{1B}]10;?\u{1B}\\"                               // default foreground colour
        + "\u{1B}]11;?\u{1B}\\"                             // default background colour
    ).utf8)

    /// The colour queries alone, DA1 last: what is asked again of a tmux that had no answer yet.
    static let colourQueries: [UInt8] = colourQuestions + Array("\u{1B}[c".utf8)   // DA1, which tmux answers itself

    /// How often, and how far apart, tmux is asked for the colours again.
    ///
    /// A pane started with its session (`tmux new-session gcview`) can ask before tmux's client has
    /// heard the terminal's reply. In xterm with tmux 3.5a, 3 of 20 such starts of a small C program
    /// that asks in a loop had no answer at first and were answered at the second asking, 5 ms
    /// later (gcview: 1 start in 30). A tmux whose terminal never tells costs these retries (about
    /// 50 ms) at each start; a slower terminal is waited for when tmux says its client is new
    /// (`awaitingStartingClients`).
    static let colourRetries = 4
    static let colourRetryPause: Duration = .milliseconds(10)
    /// How long tmux has to answer one asking: it answers DA1 itself, at once.
    static let colourRetryTimeout: Duration = .milliseconds(100)

    /// `replies` with the colours tmux gives when asked again, `colourRetries` times at most,
    /// while `awaitTmuxColours` holds. Runs with the terminal's input raw (inside the probe's mode).
    static func askingTmuxForColours(_ replies: ProbeReplies, input: Int32, output: Int32,
                                     environment: [String: String]) -> ProbeReplies {
        var replies = replies
        for _ in 0..<colourRetries where replies.awaitTmuxColours(environment: environment) {
            pause(colourRetryPause)
            guard let again = askColours(input: input, output: output) else { break }
            replies = replies.withColours(of: again)
        }
        return replies
    }

    /// While tmux says a client attached in the last seconds and it has not told tmux its name (or,
    /// to a tmux 3.4+, its colours), asks again every `StartingClient.pause`, for
    /// `StartingClient.longestWait` at most: the colours of the pane's terminal, and tmux's clients
    /// (`askTmux`, or `askingTmux` in tests). `now` is the time in seconds since 1970.
    static func awaitingStartingClients(_ replies: ProbeReplies, tmux: TmuxAnswer, input: Int32, output: Int32,
                                        environment: [String: String], now: () -> Int = secondsSince1970,
                                        askingTmux: (() -> TmuxAnswer)? = nil) -> (ProbeReplies, TmuxAnswer) {
        var replies = replies, tmux = tmux
        let deadline = ContinuousClock.now + StartingClient.longestWait
        while isWaiting(for: tmux, replies: replies, environment: environment, now: now()), ContinuousClock.now < deadline {
            pause(StartingClient.pause)
            if replies.awaitTmuxColours(environment: environment),
               let again = InputMode.withRawInput(input, { askColours(input: input, output: output) }) ?? nil {
                replies = replies.withColours(of: again)
            }
            tmux = askingTmux?() ?? askTmux(input: input, output: output, environment: environment,
                                            tmuxParsesSixel: replies.deviceAttributesSayIsSixel)
        }
        return (replies, tmux)
    }

    /// Whether tmux has a client that attached in the last seconds and has not yet told tmux its
    /// name, or its colours where this tmux would pass them on.
    static func isWaiting(for tmux: TmuxAnswer, replies: ProbeReplies, environment: [String: String], now: Int) -> Bool {
        guard case .clients(let answer) = tmux else { return false }
        let young = answer.starting(at: now)
        guard !young.isEmpty else { return false }
        return young.contains { !$0.namedItself } || replies.awaitTmuxColours(environment: environment)
    }

    /// The colours the terminal gives when asked alone; nil when no DA1 came back in time (what
    /// arrived then is flushed). Runs with the terminal's input raw.
    private static func askColours(input: Int32, output: Int32) -> ProbeReplies? {
        let replies = exchange(input: input, output: output, queries: colourQueries, timeout: colourRetryTimeout)
        return replies.deviceAttributes == nil ? nil : replies
    }

    /// Seconds since 1970 (`time(2)`), as tmux prints a client's `#{client_created}`.
    static func secondsSince1970() -> Int { Int(time(nil)) }

    private static func pause(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var left = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        while true {
            var request = left
            guard nanosleep(&request, &left) != 0, errno == EINTR else { return }
        }
    }
}
