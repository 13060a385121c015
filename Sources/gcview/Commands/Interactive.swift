import App
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Terminal

/// Opens the full-screen graphing calculator.
struct Interactive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the interactive graphing calculator (the default).",
        discussion: "Press ? inside for the keys. State is kept in $XDG_STATE_HOME/gcview/state.json."
    )

    @Option(help: ArgumentHelp("Keep state in FILE instead of the default.", valueName: "file"))
    var state: String?

    @Flag(help: "Neither read nor save state.")
    var noState = false

    @Option(name: .customLong("protocol"), help: "sixel, kitty, iterm2 or unicode (default: detected).")
    var graphicsProtocol: GraphicsProtocol?

    @Option(help: "dark or light (default: as saved, else the terminal's background).")
    var theme: ThemeChoice?

    func validate() throws {
        if noState && state != nil { throw ValidationError("--state and --no-state contradict each other") }
        if let state, state.isEmpty { throw ValidationError("--state needs a file name") }
        if let state, let problem = InteractiveApp.problem(withStatePath: state) {
            throw ValidationError("--state \(state): \(problem)")
        }
    }

    func run() throws {
        let app = InteractiveApp(statePath: noState ? nil : state ?? InteractiveApp.defaultStatePath,
                                 graphicsProtocol: graphicsProtocol,
                                 prefersDark: theme.map { $0 == .dark })
        let warnings: [String]
        do {
            warnings = try app.run()
        } catch {
            throw ValidationError(error.description)
        }
        for warning in warnings {
            StandardError.write("gcview: warning: \(warning.firstLine)")
        }
    }
}
