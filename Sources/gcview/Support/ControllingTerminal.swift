#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Terminal

/// The terminal gcview's output goes to, asked once what it can do.
enum ControllingTerminal {
    /// How long after the queries a slow terminal's replies are still waited for (and discarded) at exit.
    static let lateReplyWindow: Duration = .milliseconds(500)

    /// The capabilities of the terminal on standard output; queries go out only when both
    /// standard output and the controlling terminal are terminals.
    ///
    /// When the terminal has not answered in time, its replies may still be on their way: at exit,
    /// gcview reads and discards them (until `lateReplyWindow` after the queries) with echo off and
    /// flushes the input, so they land neither on the screen nor in the shell.
    static func probe(override: GraphicsProtocol? = nil) -> TerminalCapabilities {
        let input = isatty(STDIN_FILENO) == 1 ? STDIN_FILENO : open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        let sent = ContinuousClock.now
        let capabilities = TerminalProbe.detect(input: input, output: STDOUT_FILENO, override: override)
        let queried = input >= 0 && isatty(input) == 1 && isatty(STDOUT_FILENO) == 1
        if queried, !capabilities.answeredInTime, LateReplies.input < 0 {
            LateReplies.input = input
            LateReplies.deadline = sent + lateReplyWindow
            atexit { LateReplies.discard() }
        } else if input > STDERR_FILENO {
            close(input)
        }
        return capabilities
    }
}

/// What the exit handler needs to discard a slow terminal's late replies; set once, before `atexit`.
private enum LateReplies {
    nonisolated(unsafe) static var input: Int32 = -1
    nonisolated(unsafe) static var deadline = ContinuousClock.now

    /// Waits out the late-reply window with echo off, then flushes the terminal's input.
    static func discard() {
        TerminalProbe.discardLateReplies(input: input, until: deadline)
    }
}
