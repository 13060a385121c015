/// The protocol chosen again inside tmux, where the terminals that show the pane change while
/// gcview runs: a detach in xterm and an attach from kitty, a second client, `allow-passthrough`
/// turned on. tmux is asked again about its clients (`TmuxQuery`: a child process, nothing written
/// to the terminal); the replies of the start (tmux's own DA1, the sizes, the colours) are kept,
/// as they are tmux's, whichever terminal shows it.
///
/// `TerminalProbe.detect` makes one when it chose by asking tmux, that is inside tmux with no
/// protocol given (`--protocol`, `GCVIEW_PROTOCOL`).
public struct TmuxRechoice: Sendable, Equatable {
    /// The probe's replies, its colour retries and waits included.
    let replies: ProbeReplies
    let environment: [String: String]
    /// tmux's answer at the start, for `capabilities(window:answer:)` before any choice again.
    public let answerAtStart: TmuxAnswer

    /// What a choice again found.
    public struct Outcome: Sendable, Equatable {
        /// The capabilities with tmux's answer now.
        public var capabilities: TerminalCapabilities
        /// tmux's answer, for `capabilities(window:answer:)` when only the window changes.
        public var answer: TmuxAnswer
        /// Whether a client attached in the last seconds has not told tmux its name yet: kitty
        /// takes tens of milliseconds to, and until then it may look like a terminal that shows
        /// less. Ask again shortly.
        public var isSettling: Bool
    }

    /// The choice with tmux's answer now, for a window of `window`; nil when tmux could not be
    /// asked (then the choice of the start stands). `now` is the time in seconds since 1970, as
    /// tmux gives a client's creation; `asking` stands for tmux in tests.
    public func choice(window: WindowSize?, now: Int? = nil, asking: (([String: String]) -> TmuxAnswer)? = nil) -> Outcome? {
        let answer = asking?(environment) ?? TmuxQuery.ask(environment: environment)
        guard case .clients(let clients) = answer else { return nil }
        let now = now ?? TerminalProbe.secondsSince1970()
        let isSettling = clients.starting(at: now).contains { !$0.namedItself }
        return Outcome(capabilities: capabilities(window: window, answer: answer), answer: answer, isSettling: isSettling)
    }

    /// The capabilities with tmux's `answer` for a window of `window`. The cell and text area
    /// tmux reported at the start are its client's then (16x32 px with none attached): the
    /// window's pixels, which tmux sets from the client now, are taken instead when it has them.
    public func capabilities(window: WindowSize?, answer: TmuxAnswer) -> TerminalCapabilities {
        let hasPixels = window.map { $0.pixelWidth > 0 && $0.pixelHeight > 0 } ?? false
        return TerminalCapabilities(replies: hasPixels ? replies.withoutPixelSizes : replies, window: window,
                                    environment: environment, tmux: answer)
    }
}
