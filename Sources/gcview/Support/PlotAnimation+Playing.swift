#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster
import Terminal

extension PlotAnimation {
    /// Plays `frames` in the terminal on standard output, in place under the prompt, back and forth
    /// at `--fps` until a key is pressed; the last frame shown stays and the cursor ends under it.
    /// The terminal is in raw mode (keys read, not echoed) only while it plays, and restored on
    /// every way out: a key, the end of input, an error, a signal (SIGTERM, SIGHUP, SIGINT end the
    /// process with that signal once it is restored; the session's handlers restore it for the rest).
    func play(_ frames: inout AnimationFrames, backend: any GraphicsBackend, cell: PixelSize) throws {
        // Keys come from standard input when it is the terminal, else from the controlling terminal.
        let input = isatty(STDIN_FILENO) == 1 ? STDIN_FILENO : open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard input >= 0, isatty(input) == 1 else {
            if input > STDERR_FILENO { close(input) }
            throw PlotError.cannotPlay("no terminal to read a key from; write a GIF with --output FILE.gif")
        }
        defer { if input != STDIN_FILENO { close(input) } }
        let session: TerminalSession
        do throws(TerminalError) {
            session = try TerminalSession(input: input, output: STDOUT_FILENO)
            try session.enterInline()
        } catch {
            throw PlotError.cannotPlay("\(error)")
        }
        let player = InlinePlayer(backend: backend, cellSize: cell, framesPerSecond: framesPerSecond)
        let ending: InlinePlayer.Ending
        do {
            defer { session.restore() }
            ending = try player.play(count: self.frames, in: session) { k in frames.image(k) }.ending
        }
        if case .signal(let signal) = ending { SignalExit.end(by: signal) }
    }
}
