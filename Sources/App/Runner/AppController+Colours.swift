import Raster
import Terminal

/// The terminal's colours after the start. At Ctrl-L, inside tmux when a terminal attaches
/// (tmux reports the pane's focus), and when the terminal reports that its colours turned dark or
/// light (DEC mode 2031, which the session turns on), the app asks for them again (OSC 10 and 11). A session started
/// detached had no terminal to ask, and the one that attaches later may be light where the last
/// was dark: without `--theme`, the app then draws in the theme the background calls for.
/// `W`'s screen shots take the colours the terminal gives, whatever the theme.
extension AppController {
    /// Asks the terminal for its colours with the next write (`takeQuestions`).
    func askTerminalColours() {
        questions = TerminalProbe.colourQuestions
    }

    /// What the app asks the terminal, to be written after the frame; asked once.
    func takeQuestions() -> [UInt8] {
        defer { questions = [] }
        return questions
    }

    /// Takes what `reply` says of the terminal's colours: OSC 10 or 11, or a report that they
    /// turned dark or light (then asked for, to have them exactly); other replies say nothing here.
    func take(_ reply: TerminalReply) {
        let said = ReplyParser.parse(reply.bytes)
        if said.turnedDark != nil { askTerminalColours() }
        guard reply.kind == .osc else { return }
        // The foreground comes first (OSC 10 is asked first), the background right after it.
        if let foreground = said.foreground {
            terminalColors = (foreground, terminalColors?.background ?? theme.background)
        }
        // The theme follows the background alone.
        guard let background = said.background else { return }
        terminalColors = (terminalColors?.foreground ?? theme.label, background)
        let wanted: Theme = TerminalCapabilities.isDark(background) ? .dark : .light
        // Said by the colours themselves: the status line keeps what the attach said of the protocol.
        if followsTerminalColours { draw(in: wanted) }
    }
}
