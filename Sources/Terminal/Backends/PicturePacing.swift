/// Pictures sent no faster than the terminal takes them, for a backend whose pictures are lost
/// otherwise (`GraphicsBackend.acknowledgementQuery`).
///
/// tmux keeps what it has yet to write to a client in a buffer, and when that buffer holds more
/// than eight bytes a cell of the client's window (24 001 bytes for 100x30) at a write, it throws
/// the whole of it away and then everything more until a tenth of a second passes with less than
/// an eighth of a byte a cell sent (`tty_block_maybe` and `tty_timer_callback` in its tty.c). A
/// picture through its passthrough is some 20 KB, a playback sends 20 a second, and kitty under
/// load takes a few hundred KB a second: tmux 3.5a in kitty 0.41 discarded 1.4 MB a second of
/// `plot --animate` (`#{client_discarded}`), so kitty kept the last picture that got through (a
/// frozen graph) or the first chunks of one (a black pane).
///
/// So after each picture a question that the terminal outside answers (DA1 through the
/// passthrough) is sent, and the next picture waits for the answer: the terminal has then taken
/// everything before it, and tmux holds at most one picture for it. An answer that does not come
/// within `patience` (the question itself discarded) lets the next picture go; after three in a
/// row the terminal is taken not to answer, and pictures are no longer paced.
public struct PicturePacing: Sendable {
    /// The question written after each picture.
    public let query: [UInt8]
    /// How long a picture waits for the answer to the question after the one before it.
    public let patience: Duration
    /// When the question unanswered yet was asked.
    private var askedAt: ContinuousClock.Instant?
    /// Questions in a row that went unanswered.
    private var unanswered = 0

    /// The pacing `backend` needs; nil for a backend whose pictures are never lost so.
    public init?(backend: any GraphicsBackend, patience: Duration = .milliseconds(500)) {
        guard let query = backend.acknowledgementQuery else { return nil }
        self.query = query
        self.patience = patience
    }

    /// Whether the terminal answers at all, as far as is known: false after three questions in a row went unanswered.
    public var isPacing: Bool { unanswered < 3 }

    /// The bytes to write after a picture sent at `now`: the question, which the next picture waits for.
    public mutating func ask(at now: ContinuousClock.Instant) -> [UInt8] {
        guard isPacing else { return [] }
        askedAt = now
        return query
    }

    /// Whether a picture may be sent at `now`: the last question was answered, or waited for long enough.
    public mutating func maySend(at now: ContinuousClock.Instant) -> Bool {
        guard let askedAt else { return true }
        guard now - askedAt >= patience else { return false }
        self.askedAt = nil
        unanswered += 1
        return true
    }

    /// How long after `now` a picture may be sent without an answer; nil when none is waited for.
    public func timeUntilPatienceEnds(after now: ContinuousClock.Instant) -> Duration? {
        askedAt.map { max($0 + patience - now, .zero) }
    }

    /// Takes `reply`: true when it answers the question (a DA1 reply), so the next picture may go.
    @discardableResult
    public mutating func take(_ reply: TerminalReply) -> Bool {
        guard reply.kind == .csi, ReplyParser.parse(reply.bytes).deviceAttributes != nil else { return false }
        askedAt = nil
        unanswered = 0
        return true
    }
}
