import ArgumentParser

/// The gcview command: a graphing calculator for the terminal.
@main
struct GCView: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gcview",
        abstract: "A graphing calculator for the terminal.",
        version: "0.1.0"
    )
}
