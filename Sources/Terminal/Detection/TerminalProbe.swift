#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// Asks the terminal what it can draw, with one batch of queries and a short deadline.
public enum TerminalProbe {
    /// The kitty graphics query: does the terminal show kitty pictures?
    static let kittyQuery = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)

    /// The queries for a terminal, DA1 last: every terminal answers DA1, and in order, so its reply
    /// ends the wait. Inside tmux the kitty query is left out: tmux takes an APC for the pane's title
    /// (the status line read "Gi=31,s=1,v=1,a=q,t=d") and never passes it on.
    static func queries(insideTmux: Bool) -> [UInt8] {
        (insideTmux ? [] : kittyQuery) + otherQueries
    }

    /// The queries every terminal is sent, DA1 last.
    static let otherQueries: [UInt8] = Array((
        "\u{1B}[?1;1;0S"                                    // XTSMGRAPHICS: read colour registers
        + "\u{1B}[?2;4;0S"                                  // XTSMGRAPHICS: read maximum sixel geometry
        + "\u{1B}[16t"                                      // cell size in pixels
        + "\u{1B}[14t"                                      // text area in pixels
        + "\u{1B}]10;?\u{1B}\\"                             // default foreground colour
        + "\u{1B}]11;?\u{1B}\\"                             // default background colour
        + "\u{1B}[>0q"                                      // XTVERSION: the terminal's name and version
        + "\u{1B}[c"                                        // DA1
    ).utf8)

    /// How long the probe waits for replies by default: a terminal that never answers costs this much.
    public static let defaultTimeout: Duration = .milliseconds(240)

    /// The capabilities of the terminal on `input`/`output`; queries are only sent when both are ttys.
    ///
    /// Waits up to `timeout` for the replies (DA1, which comes last, ends the wait). When DA1 has not
    /// arrived by then, the input queue is flushed before the terminal mode is restored, so no reply that
    /// has arrived is left for the shell; to catch replies later still, call `discardLateReplies(input:until:)`
    /// before giving the terminal back (the app's session instead decodes them as `.reply`, never as keys).
    /// `winsize` defaults to `TIOCGWINSZ` on `output`; `environment` to the process's
    /// `GCVIEW_PROTOCOL`, `TMUX`, `TMUX_PANE`, `TERM_PROGRAM` and `WT_SESSION`. `override` (the CLI's `--protocol`) wins over everything.
    /// Inside tmux, when sixel is in question, tmux is asked which terminals show the pane (`askTmux`);
    /// a tmux 3.4 or later that has no colours to give yet is asked for them again (`askingTmuxForColours`),
    /// and a tmux client that has just attached is waited for (`awaitingStartingClients`).
    public static func detect(input: Int32, output: Int32, winsize: WindowSize? = nil,
                              timeout: Duration = defaultTimeout, override: GraphicsProtocol? = nil,
                              environment: [String: String]? = nil) -> TerminalCapabilities {
        let window = winsize ?? WindowSize.current(of: output)
        let environment = environment ?? processEnvironment()
        guard isatty(input) == 1, isatty(output) == 1 else {
            var capabilities = TerminalCapabilities(replies: ProbeReplies(), window: window,
                                                    environment: environment, override: override)
            capabilities.notes.insert("not a terminal: no queries sent", at: 0)
            return capabilities
        }
        let insideTmux = environment["TMUX"].map { !$0.isEmpty } ?? false
        let replies = InputMode.withRawInput(input) {
            let replies = exchange(input: input, output: output, queries: queries(insideTmux: insideTmux), timeout: timeout)
            return askingTmuxForColours(replies, input: input, output: output, environment: environment)
        }
        var tmux = asksTmux(replies: replies, environment: environment, override: override)
            ? askTmux(input: input, output: output, environment: environment,
                      tmuxParsesSixel: replies?.deviceAttributesSayIsSixel ?? false) : nil
        var settled = replies
        let waitStarted = ContinuousClock.now
        if let answer = tmux, let replies {
            (settled, tmux) = awaitingStartingClients(replies, tmux: answer, input: input, output: output, environment: environment)
        }
        let waited = ContinuousClock.now - waitStarted
        var capabilities = TerminalCapabilities(replies: settled ?? ProbeReplies(), window: window,
                                                environment: environment, override: override, tmux: tmux)
        if replies == nil { capabilities.notes.insert("could not set the terminal mode: no queries sent", at: 0) }
        if let tmux, let settled { capabilities.rechoice = TmuxRechoice(replies: settled, environment: environment, answerAtStart: tmux) }
        if waited >= StartingClient.pause {
            let milliseconds = Int(waited / .milliseconds(1))
            capabilities.notes.append("tmux: a client had just attached: waited \(milliseconds) ms for it to tell tmux its name and colours")
        }
        return capabilities
    }

    /// Reads and discards what a terminal that missed the probe's deadline still sends, with echo off,
    /// until its DA1 reply (which comes last) or `deadline`, then flushes the input queue.
    ///
    /// The grace period for slow terminals: call it before exiting (or otherwise giving the terminal back)
    /// after a probe whose capabilities say `answeredInTime` is false, so late replies neither appear on
    /// the screen nor land in the shell's input. Returns at once when `input` is not a terminal.
    public static func discardLateReplies(input: Int32, until deadline: ContinuousClock.Instant) {
        _ = InputMode.withRawInput(input) {
            var late = ReplyParser()
            readReplies(input, into: &late, until: deadline)
            tcflush(input, TCIFLUSH)
        }
    }

    /// Sends the queries and reads until DA1 arrives or the deadline passes; without DA1, flushes what is left.
    static func exchange(input: Int32, output: Int32, queries: [UInt8], timeout: Duration) -> ProbeReplies {
        var parser = ReplyParser()
        guard writeAll(output, queries) else { return parser.replies }
        readReplies(input, into: &parser, until: .now + timeout)
        if !parser.sawDeviceAttributes { tcflush(input, TCIFLUSH) }
        return parser.replies
    }

    /// Feeds what `input` sends to `parser` until it has seen DA1, input ends, or `deadline` passes.
    static func readReplies(_ input: Int32, into parser: inout ReplyParser, until deadline: ContinuousClock.Instant) {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !parser.sawDeviceAttributes {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            var request = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { break }
            parser.feed(buffer[0..<count])
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        (try? FileDescriptor(rawValue: fd).writeAll(bytes)) != nil
    }

    private static func processEnvironment() -> [String: String] {
        var environment = [String: String]()
        for name in ["GCVIEW_PROTOCOL", "TMUX", "TMUX_PANE", "TERM_PROGRAM", "WT_SESSION"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}
