#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Glyphs
import Raster
import Terminal

/// Why the interactive calculator could not run; `description` is the line users see.
public enum InteractiveError: Error, CustomStringConvertible {
    /// `--state` names something that cannot hold the state (`problem` says why).
    case unusableStatePath(path: String, problem: String)
    /// Standard input or output is not a terminal.
    case notATerminal
    /// Raw mode or the alternate screen could not be entered.
    case cannotTakeOverTerminal(TerminalError)
    /// The terminal failed while the calculator ran.
    case terminalFailed(TerminalError)
    /// The benchmark's layout has no graph pane to draw into.
    case noGraphPaneForBenchmark

    public var description: String {
        switch self {
        case .unusableStatePath(let path, let problem): "--state \(path): \(problem)"
        case .notATerminal: "the interactive calculator needs a terminal; try 'gcview plot' or 'gcview eval'"
        case .cannotTakeOverTerminal(let error): "cannot take over the terminal: \(error)"
        case .terminalFailed(let error): "terminal error: \(error)"
        case .noGraphPaneForBenchmark: "no graph pane in the benchmark layout"
        }
    }
}

/// The full-screen graphing calculator: probes the terminal, restores the saved state, runs the
/// event loop, and saves on the way out. The terminal is restored on every exit path.
public struct InteractiveApp {
    /// The state file, or nil to save nothing.
    public var statePath: String?
    /// The graphics protocol, or nil to detect it.
    public var graphicsProtocol: GraphicsProtocol?
    /// true for dark, false for light, nil to follow the saved choice or the terminal.
    public var prefersDark: Bool?

    /// The kitty image id of the graph: each frame's picture replaces the last one in place.
    static let kittyImageID: UInt32 = 7001

    /// An app with these options.
    public init(statePath: String?, graphicsProtocol: GraphicsProtocol?, prefersDark: Bool?) {
        self.statePath = statePath
        self.graphicsProtocol = graphicsProtocol
        self.prefersDark = prefersDark
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

    /// The default state file: `$XDG_STATE_HOME/gcview/state.json`.
    public static var defaultStatePath: String { StateStore.defaultPath() }

    /// Why `path` cannot be the state file (a device, FIFO or directory), or nil when it can.
    public static func problem(withStatePath path: String) -> String? {
        StateStore.problem(withPath: path)
    }

    /// Runs until the person quits; returns warnings to print once the terminal is restored.
    public func run() throws(InteractiveError) -> [String] {
        if let statePath, let problem = Self.problem(withStatePath: statePath) {
            throw .unusableStatePath(path: statePath, problem: problem)
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw .notATerminal
        }
        var warnings = [String]()
        let store = statePath.map { StateStore(path: $0) }
        var saved: SavedState?
        switch store?.load() {
        case .state(let state)?: saved = state
        case .unreadable(let reason, let setAside)?:
            warnings.append("state file \(store?.path ?? "") ignored: \(reason)"
                + (setAside.map { "; kept as \($0)" } ?? ""))
        default: break
        }

        let capabilities = TerminalProbe.detect(input: STDIN_FILENO, output: STDOUT_FILENO, override: graphicsProtocol)
        let session: TerminalSession
        do throws(TerminalError) {
            session = try TerminalSession(input: STDIN_FILENO, output: STDOUT_FILENO)
            try session.enter()
        } catch {
            throw .cannotTakeOverTerminal(error)
        }
        defer { session.restore() }

        let window = session.size()
        let cell = window.cellWidth > 0 && window.cellHeight > 0
            ? PixelSize(width: window.cellWidth, height: window.cellHeight)
            : capabilities.cellSize ?? .assumedCell
        let font = Self.labelFont(environment: ProcessInfo.processInfo.environment)
        let backend = capabilities.graphicsProtocol.backend(kittyImageID: Self.kittyImageID,
                                                            largestSixel: capabilities.maxSixelSize,
                                                            sixelRegisters: capabilities.sixelColorRegisters)
        let presenter = GraphPresenter(backend: backend, glyphs: font.glyphs)
        let isDark = prefersDark ?? saved?.theme.map { $0 != "light" } ?? capabilities.isDark ?? true
        let controller = AppController(model: AppModel(), window: window, cell: cell, presenter: presenter,
                                       theme: isDark ? .dark : .light)
        // GCVIEW_KITTY_PANORAMA=0: kitty gets the whole picture at each pan, freshly rendered (for a
        // terminal that mishandles source rectangles, and to compare with the panorama).
        if ProcessInfo.processInfo.environment["GCVIEW_KITTY_PANORAMA"] == "0" { controller.images.panorama = nil }
        if font.glyphs != nil {
            let environment = ProcessInfo.processInfo.environment
            controller.images.panorama?.glyphsAhead = { try? FreeTypeGlyphs.system(environment: environment) }
        }
        if let saved { controller.restore(saved) }
        if let notice = font.notice { controller.showNotice(notice) }

        var lastSaved = controller.savedState(themeName: isDark ? "dark" : "light")
        func save() {
            guard let store else { return }
            let state = controller.savedState(themeName: isDark ? "dark" : "light")
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
                // A kitty panorama rendered ahead is swapped in by the first frame after it is ready.
                let timeout: Duration? = controller.images.panorama?.isWorkingAhead == true ? .milliseconds(10)
                    : controller.needsFollowUpFrame ? .milliseconds(150) : nil
                // Take everything already waiting before drawing: one frame for the newest state.
                let events = try Self.batch(timeout: timeout) { (wait: Duration?) throws(TerminalError) in
                    try session.events(timeout: wait)
                }
                for event in events {
                    if case .input(.key(.control("z"))) = event {
                        save()
                        session.suspend()
                    } else {
                        controller.handle(event)
                    }
                }
                if controller.graphChangedSinceLastCheck() { save() }
                if !controller.isQuitting { try session.write(controller.frame()) }
            }
        } catch {
            save()
            throw .terminalFailed(error)
        }
        save()
        return warnings
    }

    /// The font for graph labels, or nil and the status-line notice saying labels are not drawn.
    static func labelFont(environment: [String: String]) -> (glyphs: FreeTypeGlyphs?, notice: String?) {
        do {
            return (try FreeTypeGlyphs.system(environment: environment), nil)
        } catch {
            return (nil, "No font found: graph labels are not drawn (gcview probe shows where it looked)")
        }
    }
}
