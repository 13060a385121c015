import App
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import SystemPackage
import SystemSupport
import Terminal

/// Opens the full-screen graphing calculator.
struct Interactive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the interactive graphing calculator (the default).",
        discussion: "Press ? inside for the keys (gcview keys prints them). State is kept in $XDG_STATE_HOME/gcview/state.json."
    )

    @Option(help: ArgumentHelp("Keep state in FILE instead of the default.", valueName: "file"))
    var state: String?

    @Flag(help: "Neither read nor save state.")
    var noState = false

    @Option(name: .customLong("protocol"), help: "How to draw (default: detected); kitty-placeholders is kitty graphics through tmux.")
    var graphicsProtocol: GraphicsProtocol?

    @Option(help: "The colours (default: the terminal's background, followed as it changes; where the terminal does not say, as saved, else dark).")
    var theme: ThemeChoice?

    func validate() throws {
        if noState && state != nil { throw ValidationError("--state and --no-state contradict each other") }
        if let state, state.isEmpty { throw ValidationError("--state needs a file name") }
        if let file = stateFile, let problem = InteractiveApp.problem(withStateFile: file) {
            throw ValidationError("--state \(file.shown): \(problem)")
        }
    }

    /// The file `--state` names, byte for byte.
    private var stateFile: FilePath? {
        state.map { RawArguments.process.path(of: "--state", parsed: $0) }
    }

    func run() throws {
        let choice: InteractiveApp.StateChoice = noState ? .none
            : stateFile.map { .named($0) } ?? .standard(InteractiveApp.defaultStateFile)
        var app = InteractiveApp(state: choice, graphicsProtocol: graphicsProtocol, prefersDark: theme.map { $0 == .dark })
        app.inColour = NoColor.allowsColour
        let outcome: InteractiveApp.Outcome
        do {
            outcome = try app.run()
        } catch {
            throw ValidationError(error.description)
        }
        for warning in outcome.warnings {
            StandardError.write("gcview: warning: \(warning.firstLine)")
        }
        // A signal asked the app to end: the state is saved; now end as the signal would have.
        if let signal = outcome.signal { SignalExit.end(by: signal) }
    }
}
