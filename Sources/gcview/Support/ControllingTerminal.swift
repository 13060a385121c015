import Foundation
import Terminal

/// The terminal gcview's output goes to, asked once what it can do.
enum ControllingTerminal {
    /// The capabilities of the terminal on standard output; queries go out only when both
    /// standard output and the controlling terminal are terminals.
    static func probe(override: GraphicsProtocol? = nil) -> TerminalCapabilities {
        let input = isatty(STDIN_FILENO) == 1 ? STDIN_FILENO : open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        defer { if input > STDERR_FILENO { close(input) } }
        return TerminalProbe.detect(input: input, output: STDOUT_FILENO, override: override)
    }
}
