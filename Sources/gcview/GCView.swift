import ArgumentParser
import Foundation

/// The gcview command: a graphing calculator for the terminal.
@main
struct GCView: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gcview",
        abstract: "A graphing calculator for the terminal.",
        discussion: "Run with no subcommand in a terminal to open the interactive calculator.",
        version: "0.1.0",
        subcommands: [Interactive.self, Press.self, Eval.self, Plot.self, Probe.self, Bench.self],
        defaultSubcommand: Interactive.self
    )

    /// Runs the command; any failure is one line on stderr and exit status 2.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is ExitCode {
                exit(withError: error)
            }
            FileHandle.standardError.write(Data("gcview: \(message(for: error).firstLine)\n".utf8))
            Foundation.exit(2)
        }
    }
}

extension String {
    /// The first line, with control characters removed: safe to print.
    var firstLine: String {
        let line = split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return String(String.UnicodeScalarView(line.unicodeScalars.filter { $0.properties.generalCategory != .control }))
    }
}
