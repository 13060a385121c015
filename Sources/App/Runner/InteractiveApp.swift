#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Glyphs
import Raster
import Synchronization
import SystemPackage
import SystemSupport
import Terminal

/// Why the interactive calculator could not run; `description` is the line users see.
package enum InteractiveError: Error, CustomStringConvertible {
    /// The state file named with `--state` cannot hold the state (`problem` says why).
    case unusableStatePath(path: FilePath, problem: String)
    /// Standard input or output is not a terminal.
    case notATerminal
    /// Raw mode or the alternate screen could not be entered.
    case cannotTakeOverTerminal(TerminalError)
    /// The terminal failed while the calculator ran.
    case terminalFailed(TerminalError)
    /// The benchmark's layout has no graph pane to draw into.
    case noGraphPaneForBenchmark

    package var description: String {
        switch self {
        case .unusableStatePath(let path, let problem): "--state \(path.shown): \(problem)"
        case .notATerminal: "the interactive calculator needs a terminal; try 'gcview plot' or 'gcview eval'"
        case .cannotTakeOverTerminal(let error): "cannot take over the terminal: \(error)"
        case .terminalFailed(let error): "terminal error: \(error)"
        case .noGraphPaneForBenchmark: "no graph pane in the benchmark layout"
        }
    }
}

/// The full-screen graphing calculator: probes the terminal, restores the saved state, runs the
/// event loop, and saves on the way out. The terminal is restored on every exit path.
package struct InteractiveApp {
    /// Where the state is kept.
    package enum StateChoice: Sendable {
        /// Neither read nor saved (`--no-state`).
        case none
        /// The default file: when it cannot be used, the app runs without saving and says why.
        case standard(FilePath)
        /// A file the person named (`--state`): when it cannot be used, the app does not start.
        case named(FilePath)
    }

    /// Where the state is kept.
    package var state: StateChoice
    /// The graphics protocol, or nil to detect it.
    package var graphicsProtocol: GraphicsProtocol?
    /// true for dark, false for light, nil to follow the saved choice or the terminal.
    package var prefersDark: Bool?

    /// Whether text and braille are coloured; false when NO_COLOR asks for none (pictures keep their colours).
    package var inColour = true

    /// The kitty image id of the graph: each frame's picture replaces the last one in place.
    static let kittyImageID: UInt32 = 7001

    /// An app with these options.
    package init(state: StateChoice, graphicsProtocol: GraphicsProtocol?, prefersDark: Bool?) {
        self.state = state
        self.graphicsProtocol = graphicsProtocol
        self.prefersDark = prefersDark
    }

    /// Whether the app takes the dark theme: as `--theme` chose; else as the terminal's background
    /// says (OSC 11), so a terminal switched to light shows a light graph at the next start; else as
    /// the last run saved (a terminal that does not say, or a tmux session started detached); else dark.
    static func isDark(chosen: Bool?, terminal: Bool?, lastRun: String?) -> Bool {
        chosen ?? terminal ?? lastRun.map { $0 != "light" } ?? true
    }

    /// The most reads of waiting input before a frame is drawn anyway.
    static let maximumDrains = 64

    /// Whether `event` means no more input will come.
    static func endsInput(_ event: SessionEvent) -> Bool {
        switch event {
        case .inputClosed, .terminate: true
        default: false
        }
    }

    /// The events for the next frame: waits up to `timeout` (nil: for ever) for some, then takes
    /// everything already waiting, up to `maximumDrains` more reads, so a burst is drawn once.
    static func batch<Failure: Error>(
        timeout: Duration?, read: (Duration?) throws(Failure) -> [SessionEvent]
    ) throws(Failure) -> [SessionEvent] {
        var events = try read(timeout)
        // A closed terminal reports itself on every call, so stop at the end of input.
        for _ in 0..<maximumDrains where !events.contains(where: endsInput) {
            let more = try read(.zero)
            if more.isEmpty { break }
            events += more
        }
        return events
    }

    /// The default state file: `$XDG_STATE_HOME/gcview/state.json`, from the environment's bytes.
    package static var defaultStateFile: FilePath { StateStore.defaultFile() }

    /// Why `file` cannot be the state file (a link, device, FIFO or directory), or nil when it can.
    package static func problem(withStateFile file: FilePath) -> String? {
        StateStore.problem(with: file)
    }

    /// How the app ended.
    package struct Outcome {
        /// Lines to print once the terminal is restored.
        package var warnings: [String]
        /// The signal (SIGTERM, SIGHUP, SIGINT) that asked the app to end, which the process should
        /// end with; nil when the person quit.
        package var signal: Int32?
    }

    /// The store to read and save with, or nil to save nothing; a warning when the default file
    /// cannot be used. Throws when a file named with `--state` cannot.
    func stateStore() throws(InteractiveError) -> (store: StateStore?, warning: String?) {
        switch state {
        case .none:
            return (nil, nil)
        case .named(let file):
            if let problem = Self.problem(withStateFile: file) { throw .unusableStatePath(path: file, problem: problem) }
            return (StateStore(file: file), nil)
        case .standard(let file):
            if let problem = Self.problem(withStateFile: file) {
                return (nil, "state file \(file.shown): \(problem); nothing is saved")
            }
            return (StateStore(file: file), nil)
        }
    }

    /// Runs until the person quits or a signal asks it to end; the terminal is restored by then.
    package func run() throws(InteractiveError) -> Outcome {
        var (store, stateWarning) = try stateStore()
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw .notATerminal
        }
        var warnings = stateWarning.map { [$0] } ?? []
        var saved: SavedState?
        switch store?.load() {
        case .state(let state)?: saved = state
        case .unreadable(let reason, let setAside)?:
            let shown = store?.file.shown ?? ""
            if let setAside {
                warnings.append("state file \(shown) ignored: \(reason); kept as \(setAside)")
            } else {
                // Left where it is, so never replaced either.
                warnings.append("state file \(shown) ignored: \(reason); nothing is saved")
                store = nil
            }
        default: break
        }
        // Before the terminal is taken over: nothing that can block runs in raw mode.
        let font = Self.labelFont()

        let capabilities = TerminalProbe.detect(input: STDIN_FILENO, output: STDOUT_FILENO, override: graphicsProtocol)
        let inColour = inColour
        let makeBackend = { (capabilities: TerminalCapabilities) -> any GraphicsBackend in
            capabilities.graphicsProtocol.backend(kittyImageID: Self.kittyImageID, largestSixel: capabilities.maxSixelSize,
                                                  sixelRegisters: capabilities.sixelColorRegisters,
                                                  sixelSqueezedToWholeBands: capabilities.sixelSqueezedToWholeBands,
                                                  inColour: inColour)
        }
        let backend = makeBackend(capabilities)
        let session: TerminalSession
        do throws(TerminalError) {
            session = try TerminalSession(input: STDIN_FILENO, output: STDOUT_FILENO)
            try session.enter()
            // tmux reports the pane's focus, a reattach among the changes: the picture is sent again
            // then, and inside tmux the protocol is chosen again (the terminal may be another).
            if backend.abilities.sendsAgainOnFocus || capabilities.rechoice != nil { try session.reportFocus() }
        } catch {
            throw .cannotTakeOverTerminal(error)
        }
        defer { session.restore() }

        let window = session.size()
        let cell = window.cellWidth > 0 && window.cellHeight > 0
            ? PixelSize(width: window.cellWidth, height: window.cellHeight)
            : capabilities.cellSize ?? .assumedCell
        let presenter = GraphPresenter(backend: backend, glyphs: font.glyphs)
        let isDark = Self.isDark(chosen: prefersDark, terminal: capabilities.isDark, lastRun: saved?.theme)
        let controller = AppController(model: AppModel(), window: window, cell: cell, presenter: presenter,
                                       theme: isDark ? .dark : .light, inColour: inColour)
        // What the terminal shows where a style leaves colours to it, for `W`'s screen shots.
        if let background = capabilities.background {
            controller.terminalColors = (capabilities.foreground ?? controller.theme.label, background)
        }
        // GCVIEW_KITTY_PANORAMA=0: kitty gets the whole picture at each pan, freshly rendered (for a
        // terminal that mishandles source rectangles, and to compare with the panorama).
        let layered = ProcessInfo.processInfo.environment["GCVIEW_KITTY_PANORAMA"] != "0"
        let fontFile = font.glyphs?.font
        let makePane = { (presenter: GraphPresenter, theme: Theme) -> any PicturePane in
            let pane = picturePane(for: presenter, theme: theme, layered: layered)
            if let fontFile {
                // The worker's own face, from the bytes already read; a face that cannot be made
                // (FreeType out of memory) draws that panorama without labels, and says so once.
                pane.renderAhead(glyphs: Self.facesAhead(from: fontFile))
            } else {
                // No font: a playback's frames are still rendered ahead, without labels, as on the main loop.
                pane.framesAhead.enable { nil }
            }
            return pane
        }
        controller.makePicturePane = makePane
        controller.images = makePane(presenter, controller.theme)
        controller.followsTerminalColours = prefersDark == nil
        controller.protocolRechoice = capabilities.rechoice.map {
            ProtocolRechoice($0, startedWith: capabilities, backend: makeBackend)
        }
        if capabilities.rechoice == nil {
            controller.windowFollowing = WindowFollowing(capabilities: capabilities, backend: makeBackend)
        }
        if let saved { controller.restore(saved) }
        // A tmux setting away from pictures (kitty with passthrough off): said at start, and Ctrl-L
        // asks tmux again (as a reattach does).
        let scaled = capabilities.tmuxScalesPictures.map { "Scaled by tmux: its cells \($0.tmux), the terminal's \($0.terminal); resize once" }
        if let notice = font.notice ?? stateWarning ?? capabilities.advice.map({ "Braille: " + $0 + " and press Ctrl-L" }) ?? scaled {
            controller.showNotice(notice)
        }

        var lastSaved = controller.savedState()
        func save() {
            guard let store else { return }
            let state = controller.savedState()
            guard state != lastSaved else { return }
            do throws(StateStoreError) {
                try store.save(state)
                lastSaved = state
            } catch {
                if !warnings.contains(error.description) { warnings.append(error.description) }
            }
        }

        do throws(TerminalError) {
            try session.write(controller.frame())
            while !controller.isQuitting {
                // A kitty panorama rendered ahead is swapped in by the first frame after it is ready;
                // a playing parameter's next frame is due on the clock.
                var timeout: Duration? = controller.images.isWorkingAhead ? .milliseconds(10)
                    : controller.needsFollowUpFrame ? .milliseconds(150) : nil
                if let due = controller.timeUntilNextPlaybackFrame(after: .now) { timeout = min(timeout ?? due, due) }
                if let due = controller.timeUntilProtocolRechoice(after: .now) { timeout = min(timeout ?? due, due) }
                // Take everything already waiting before drawing: one frame for the newest state.
                let events = try Self.batch(timeout: timeout) { (wait: Duration?) throws(TerminalError) in
                    try session.events(timeout: wait)
                }
                for event in events {
                    if case .input(.key(.control("z"))) = event {
                        save()
                        session.suspend()
                    } else {
                        // Ctrl-L draws the whole screen again (the controller), in the modes it needs.
                        if case .input(.key(.control("l"))) = event { try session.enterModesAgain() }
                        controller.handle(event)
                    }
                }
                controller.chooseProtocolAgainIfDue()
                controller.advancePlayback(to: .now)
                if controller.graphChangedSinceLastCheck() { save() }
                if !controller.isQuitting { try session.write(controller.frame() + controller.takeQuestions()) }
            }
        } catch {
            save()
            throw .terminalFailed(error)
        }
        save()
        if let failure = Self.facesAheadFailure.withLock({ $0 }) {
            warnings.append("panorama labels not drawn: \(failure)")
        }
        // A signal that came while the app was already on its way out (its last save) still ends it.
        return Outcome(warnings: warnings, signal: controller.terminatingSignal ?? session.requestedTermination)
    }

    /// The font for graph labels from the process's environment (`GCVIEW_FONT` byte for byte), with
    /// the monospace face for help and lists in the picture (`GCVIEW_MONO_FONT`), or nil; and the
    /// status-line notice saying what could not be used.
    static func labelFont() -> (glyphs: FreeTypeGlyphs?, notice: String?) {
        labelFont { (purpose) throws(GlyphError) in try FreeTypeGlyphs(font: FontFile.system(for: purpose)) }
    }

    /// The fonts for graph labels and cells with `GCVIEW_FONT` and `GCVIEW_MONO_FONT` from `environment`.
    static func labelFont(environment: [String: String]) -> (glyphs: FreeTypeGlyphs?, notice: String?) {
        labelFont { (purpose) throws(GlyphError) in try FreeTypeGlyphs.system(for: purpose, environment: environment) }
    }

    private static func labelFont(
        _ open: (FontFile.Purpose) throws(GlyphError) -> FreeTypeGlyphs
    ) -> (glyphs: FreeTypeGlyphs?, notice: String?) {
        let glyphs: FreeTypeGlyphs
        do {
            glyphs = try open(.labels)
        } catch .noSystemFont {
            return (nil, "No font found: graph labels are not drawn (gcview probe shows where it looked)")
        } catch {
            return (nil, "No font: \(error); graph labels are not drawn")
        }
        do {
            glyphs.cellFace = try open(.cells)
        } catch .noSystemFont {
            return (glyphs, "No monospace font found: help and lists use the label font (gcview probe shows where it looked)")
        } catch {
            return (glyphs, "No monospace font: \(error); help and lists use the label font")
        }
        return (glyphs, nil)
    }

    /// Makes faces for the panorama worker from `file`'s bytes, read once. A face that cannot be
    /// made (FreeType out of memory) leaves that panorama without labels, and the reason is kept
    /// in `facesAheadFailure` for a warning once the terminal is restored.
    static func facesAhead(from file: FontFile) -> @Sendable () -> FreeTypeGlyphs? {
        { () -> FreeTypeGlyphs? in
            do throws(GlyphError) {
                return try FreeTypeGlyphs(font: file)
            } catch {
                facesAheadFailure.withLock { $0 = error.description }
                return nil
            }
        }
    }

    /// Why the panorama worker could not make a face, if it could not.
    static let facesAheadFailure = Mutex<String?>(nil)
}
