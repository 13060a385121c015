#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ProbeReplies {
    /// tmux's release from its XTVERSION name (`tmux 3.5a` is 3.5; a development build,
    /// `tmux next-3.6`, is 3.6); nil when the name is not tmux's or has no release in it.
    var tmuxRelease: (major: Int, minor: Int)? {
        guard let name = terminalName, name.hasPrefix("tmux ") else { return nil }
        let release = name.dropFirst("tmux ".count).drop { !$0.isASCII || !$0.isNumber }
        let numbers = release.split(separator: ".", maxSplits: 1).map { $0.prefix { $0.isASCII && $0.isNumber } }
        guard numbers.count == 2, let major = Int(numbers[0]), let minor = Int(numbers[1]) else { return nil }
        return (major, minor)
    }

    /// Whether these replies come from a tmux that answers OSC 10 and 11 with the colours of the
    /// terminal outside but had not been told them yet: tmux 3.4 and later (`input_osc_11` in its
    /// `input.c`) say nothing until their client's own reply has arrived. tmux 3.3a never answers
    /// with the terminal's colours, so it is not asked again.
    func awaitTmuxColours(environment: [String: String]) -> Bool {
        guard background == nil, deviceAttributes != nil, comeThroughTmux(environment: environment),
              let release = tmuxRelease else { return false }
        return release >= (3, 4)
    }
}

extension TerminalProbe {
    /// The colour queries alone, DA1 last: what is asked again of a tmux that had no answer yet.
    static let colourQueries: [UInt8] = Array((
        "\u{1B}]10;?\u{1B}\\"                               // default foreground colour
        + "\u{1B}]11;?\u{1B}\\"                             // default background colour
        + "\u{1B}[c"                                        // DA1, which tmux answers itself
    ).utf8)

    /// How often, and how far apart, tmux is asked for the colours again.
    ///
    /// A pane started with its session (`tmux new-session gcview`) can ask before tmux's client has
    /// heard the terminal's reply: tmux asks the terminal when the client starts, and gcview starts
    /// in a few milliseconds. In xterm with tmux 3.5a, 3 of 20 such starts of a small C program
    /// that asks in a loop had no answer at first and were answered at the second asking, 5 ms
    /// later (gcview: 1 start in 10). A tmux whose terminal never tells costs these retries (about
    /// 50 ms) at each start.
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
            var parser = ReplyParser()
            guard writeAll(output, colourQueries) else { break }
            readReplies(input, into: &parser, until: .now + colourRetryTimeout)
            if !parser.sawDeviceAttributes { tcflush(input, TCIFLUSH); break }
            replies.background = parser.replies.background
            replies.foreground = parser.replies.foreground ?? replies.foreground
        }
        return replies
    }

    private static func pause(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var left = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        while true {
            var request = left
            guard nanosleep(&request, &left) != 0, errno == EINTR else { return }
        }
    }
}
