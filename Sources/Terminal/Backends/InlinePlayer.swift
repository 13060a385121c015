import Raster

/// An animation played in place at the cursor, under the prompt, until a key is pressed
/// (`plot --animate` without `--output`, issue 23, item 5).
///
/// The frames sweep back and forth (0, 1, …, last, …, 1, 0, 1, …) at `framesPerSecond`, on the
/// clock: a frame that comes late is skipped, never queued, and where the backend loses pictures
/// sent faster than the terminal takes them (through tmux), the next waits for the terminal to take
/// the last (`PicturePacing`). Each frame is drawn over the last with
/// the cursor taken back to the picture's top-left cell (sixel and OSC 1337 pictures overwrite the
/// cells, kitty's replace the picture by its id, braille's redraw the cells), and the cursor is
/// back on the line under the picture between frames, so the picture ends where a one-shot `plot`
/// leaves it, the last frame shown staying on screen. One blank line is kept under the picture, so
/// a terminal that moves the cursor below a sixel picture never scrolls it.
public struct InlinePlayer {
    /// How a playback ended.
    public enum Ending: Equatable, Sendable {
        /// A key (or a paste) was pressed.
        case key
        /// The terminal's input closed.
        case inputClosed
        /// A signal asked the process to end (SIGTERM, SIGHUP, SIGINT): end with it once the
        /// terminal is restored (`SignalExit`).
        case signal(Int32)
    }

    /// The protocol's backend the frames are drawn with.
    public var backend: any GraphicsBackend
    /// One character cell in pixels.
    public var cellSize: PixelSize
    /// Frames shown a second.
    public var framesPerSecond: Double

    public init(backend: any GraphicsBackend, cellSize: PixelSize, framesPerSecond: Double) {
        self.backend = backend
        self.cellSize = PixelSize(width: max(cellSize.width, 1), height: max(cellSize.height, 1))
        self.framesPerSecond = framesPerSecond
    }

    /// The frame shown at step `step` of a back-and-forth sweep over `count` frames.
    public static func frame(atStep step: Int, of count: Int) -> Int {
        guard count > 1 else { return 0 }
        let cycle = 2 * (count - 1), k = step % cycle
        return k < count ? k : cycle - k
    }

    /// The bytes that reserve the picture's rows (and one blank line under them) below the cursor,
    /// leaving the cursor at the start of the line under the picture.
    public func reservation(rows: Int) -> [UInt8] {
        Array("\r".utf8) + Array(repeating: UInt8(ascii: "\n"), count: rows + 1) + Array("\u{1B}[1A".utf8)
    }

    /// The bytes that draw `image` over the picture `rows` tall above the cursor's line, from its
    /// top-left cell, and bring the cursor back to the start of the line under it.
    public func frameBytes(for image: IndexedImage, rows: Int) throws(ImageEncodingError) -> [UInt8] {
        try Array("\u{1B}[\(rows)A\r\u{1B}7".utf8) + backend.picture(image, cell: cellSize, column: 0)
            + Array("\u{1B}8\u{1B}[\(rows)B\r".utf8)
    }

    /// Plays `count` frames in `session` (entered inline) until a key, the end of input or a
    /// terminating signal; `render(k)` draws frame k, asked once for each frame (the bytes are kept
    /// for the sweeps back). Returns how it ended and the frames shown, in order.
    public func play(count: Int, in session: TerminalSession,
                     render: (Int) throws -> IndexedImage) throws -> (ending: Ending, shown: [Int]) {
        var encoded = [Int: [UInt8]]()
        var rows: Int?
        var shown = [Int]()
        var pacing = PicturePacing(backend: backend)
        let clock = ContinuousClock(), start = clock.now
        let interval = Duration.seconds(1) / max(framesPerSecond, 0.001)
        var step = 0
        while true {
            let k = Self.frame(atStep: step, of: count)
            if encoded[k] == nil {
                let image = try render(k)
                let height = rows ?? backend.rows(forHeight: image.height, cellHeight: cellSize.height)
                if rows == nil {
                    rows = height
                    try session.write(reservation(rows: height))
                }
                encoded[k] = try frameBytes(for: image, rows: height)
            }
            // Through tmux, the next frame waits until the terminal has taken this one (`PicturePacing`).
            try session.write((encoded[k] ?? []) + (pacing?.ask(at: clock.now) ?? []))
            shown.append(k)
            let due = start + interval * (step + 1)
            if let ending = try waitForFrame(due: due, pacing: &pacing, in: session, clock: clock) { return (ending, shown) }
            // Late frames are skipped: the step due now.
            step = max(step + 1, Int(((clock.now - start) / interval).rounded(.down)))
        }
    }

    /// Waits until `due` and until `pacing` lets the next picture go, reading keys meanwhile: how the
    /// playback ended, or nil when the next frame may be drawn.
    private func waitForFrame(due: ContinuousClock.Instant, pacing: inout PicturePacing?, in session: TerminalSession,
                              clock: ContinuousClock) throws -> Ending? {
        var ending: Ending?
        repeat {
            let now = clock.now
            let wait = max(due - now, pacing?.timeUntilPatienceEnds(after: now) ?? .zero, .zero)
            for event in try session.events(timeout: wait) {
                switch event {
                case .input(.key), .input(.paste), .input(.pasteTooLong), .input(.mouse): ending = ending ?? .key
                case .inputClosed: ending = ending ?? .inputClosed
                case .terminate(let signal): ending = .signal(signal)
                case .input(.reply(let reply)): pacing?.take(reply)
                case .input(.focus), .resized, .continued: break
                }
            }
        } while ending == nil && (clock.now < due || pacing?.maySend(at: clock.now) == false)
        return ending
    }
}
