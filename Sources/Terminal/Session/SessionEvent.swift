/// The size of the terminal window in cells and pixels, from `TIOCGWINSZ`.
public struct WindowSize: Equatable, Sendable {
    /// Character columns.
    public var columns: Int
    /// Character rows.
    public var rows: Int
    /// Width of the text area in pixels, or 0 when the terminal does not say.
    public var pixelWidth: Int
    /// Height of the text area in pixels, or 0 when the terminal does not say.
    public var pixelHeight: Int

    /// A window size given explicitly.
    public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// Pixel width of one cell, or 0 when unknown.
    public var cellWidth: Int { columns > 0 ? pixelWidth / columns : 0 }
    /// Pixel height of one cell, or 0 when unknown.
    public var cellHeight: Int { rows > 0 ? pixelHeight / rows : 0 }
}

/// What the event loop reports: input, and the signals the app must react to.
public enum SessionEvent: Equatable, Sendable {
    /// Decoded input.
    case input(InputEvent)
    /// The window changed size at least once since the last call (bursts are coalesced into one).
    case resized(WindowSize)
    /// The process was continued after a stop: raw mode is back on, redraw everything.
    case continued
    /// SIGTERM, SIGHUP or SIGINT arrived: save state and exit. A second such signal restores and exits at once.
    case terminate(signal: Int32)
    /// The terminal closed its end (end of file on input).
    case inputClosed
}
