import Raster
import Terminal

/// How the app chooses its protocol again inside tmux (`TmuxRechoice`): when tmux reports the
/// pane's focus, as it does when a client attaches (a detach in xterm and an attach from kitty
/// change what the pane can show), and at Ctrl-L (after `tmux set -g allow-passthrough on`).
/// The terminal's colours are asked for again then too (`AppController+Colours`).
struct ProtocolRechoice {
    /// What asks tmux again.
    let rechoice: TmuxRechoice
    /// The backend for capabilities found again, made as the start made its own.
    let backend: (TerminalCapabilities) -> any GraphicsBackend
    /// What was chosen last: a choice again that finds the same draws on as before.
    var current: Choice
    /// tmux's last answer, chosen with again when only the window changes.
    var answer: TmuxAnswer
    /// Stands for tmux in tests; nil asks the real one.
    var asking: (([String: String]) -> TmuxAnswer)?

    /// Choosing again with `rechoice` after the start chose `capabilities` from tmux's answer then.
    init(_ rechoice: TmuxRechoice, startedWith capabilities: TerminalCapabilities,
         backend: @escaping (TerminalCapabilities) -> any GraphicsBackend) {
        self.rechoice = rechoice
        self.backend = backend
        current = Choice(capabilities)
        answer = rechoice.answerAtStart
    }

    /// The part of the capabilities a backend is made from.
    struct Choice: Equatable {
        var graphicsProtocol: GraphicsProtocol
        var sixelLimit: SixelLimit?
        var sixelColorRegisters: Int?
        /// Whether tmux scales the pictures (`TerminalCapabilities.tmuxScalesPictures`).
        var isScaledByTmux: Bool

        init(_ capabilities: TerminalCapabilities) {
            graphicsProtocol = capabilities.graphicsProtocol
            sixelLimit = capabilities.sixelLimit
            sixelColorRegisters = capabilities.sixelColorRegisters
            isScaledByTmux = capabilities.tmuxScalesPictures != nil
        }
    }

    /// How often, and for how long, tmux is asked again while a client that has just attached has
    /// not named itself.
    static let settlingPause: Duration = .milliseconds(100)
    static let settlingLongest: Duration = .seconds(1)
}

extension AppController {
    /// Asks tmux again which terminals show the pane; when that changes the protocol, the next
    /// frame clears the screen and draws with the new one, and the status line says so. While a
    /// client that has just attached has not named itself, asks again every
    /// `ProtocolRechoice.settlingPause`, for `settlingLongest` at most (`chooseProtocolAgainIfDue`).
    func chooseProtocolAgain(at now: ContinuousClock.Instant = .now) {
        guard var chooser = protocolRechoice else { return }
        // The terminal that attached may be another colour too; tmux 3.4 and later answer for it
        // once it has told them, so each asking while it settles asks again.
        askTerminalColours()
        guard let outcome = chooser.rechoice.choice(window: window, asking: chooser.asking) else { return }
        if outcome.isSettling {
            let started = settling?.started ?? now
            let next = now + ProtocolRechoice.settlingPause
            settling = next < started + ProtocolRechoice.settlingLongest ? (started, next) : nil
        } else {
            settling = nil
        }
        chooser.answer = outcome.answer
        protocolRechoice = chooser
        adopt(outcome.capabilities)
    }

    /// Chooses again with tmux's last answer for the window now: the largest sixel picture
    /// depends on the cell, which another terminal (or a font size) changes.
    func chooseProtocolAgainForWindow() {
        guard let chooser = protocolRechoice else { return }
        adopt(chooser.rechoice.capabilities(window: window, answer: chooser.answer))
    }

    /// Draws as `capabilities` say from the next frame on, when that differs from the current
    /// choice; the status line says so when the protocol changed, or whether tmux scales it.
    private func adopt(_ capabilities: TerminalCapabilities) {
        guard var chooser = protocolRechoice else { return }
        let choice = ProtocolRechoice.Choice(capabilities)
        guard choice != chooser.current else { return }
        let says = choice.graphicsProtocol != chooser.current.graphicsProtocol || choice.isScaledByTmux != chooser.current.isScaledByTmux
        chooser.current = choice
        protocolRechoice = chooser
        draw(with: chooser.backend(capabilities))
        if says { showNotice(Self.notice(for: capabilities)) }
    }

    /// Asks tmux again when a settling client's time has come.
    func chooseProtocolAgainIfDue(at now: ContinuousClock.Instant = .now) {
        guard let due = settling?.next, now >= due else { return }
        chooseProtocolAgain(at: now)
    }

    /// How long until tmux is to be asked again about a settling client; nil when it is not.
    func timeUntilProtocolRechoice(after now: ContinuousClock.Instant) -> Duration? {
        settling.map { max($0.next - now, .zero) }
    }

    /// What the status line says when the protocol changed.
    static func notice(for capabilities: TerminalCapabilities) -> String {
        switch capabilities.graphicsProtocol {
        case .unicode:
            if let advice = capabilities.advice { return "Braille: " + advice + " and press Ctrl-L" }
            return "Braille now: a terminal showing this session shows no pictures through tmux"
        case .kittyPlaceholders: return "Graph now drawn with kitty graphics through tmux"
        case .sixel:
            guard let cells = capabilities.tmuxScalesPictures else { return "Graph now drawn with sixel through tmux" }
            return "Graph now in sixel, scaled by tmux (cells \(cells.tmux), terminal \(cells.terminal)): resize once"
        case .kitty: return "Graph now drawn with kitty graphics"
        case .iterm2: return "Graph now drawn with OSC 1337"
        }
    }
}
