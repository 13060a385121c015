import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Terminal

/// The gcview command: a graphing calculator for the terminal.
@main
struct GCView: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gcview",
        abstract: "A graphing calculator for the terminal.",
        discussion: "Run with no subcommand in a terminal to open the interactive calculator.",
        version: "gcview \(version) (commit \(buildCommit))",
        subcommands: [Interactive.self, Keys.self, Press.self, Eval.self, Plot.self, Points.self, Probe.self, Bench.self],
        defaultSubcommand: Interactive.self
    )

    /// The release this source is; `--version` adds the commit it was built from.
    static let version = "0.1.0"

    /// Runs the command; any failure is one line on stderr and exit status 2.
    static func main() {
        CrashLine.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            // fish's script is argument-parser's, mended (see FishCompletionScript).
            if arguments == ["--generate-completion-script", "fish"] || arguments == ["--generate-completion-script=fish"] {
                return try StandardOutput.write(line: FishCompletionScript.generate())
            }
            try checkHelpTopic(arguments)
            let bundled = KeyBundle.bundled(arguments)
            var command = try parsedAlone(bundled) ?? parseAsRoot(bundled)
            try command.run()
        } catch {
            if exitCode(for: error) == .success { exitCleanly(printing: fullMessage(for: error)) }
            if error is ExitCode { exit(withError: error) }
            fail(error)
        }
    }

    /// Ends gcview after argument-parser's text for a clean exit (help, `--version`, a completion
    /// script), written as every command's answer is (`StandardOutput`), so that a failed write
    /// is an error here too.
    static func exitCleanly(printing text: String) -> Never {
        do {
            if !text.isEmpty { try StandardOutput.write(line: text) }
        } catch {
            fail(error)
        }
        exit(withError: ExitCode.success)
    }

    /// Ends gcview with `error` in one line on stderr and exit status 2.
    static func fail(_ error: any Error) -> Never {
        StandardError.write("gcview: \(message(for: error).firstLine)")
        exit(withError: ExitCode(2))
    }

    /// The command `arguments` name, parsed by argument-parser with that command alone as the root:
    /// the subcommand named first, else the default one. nil unless that parse succeeds and yields
    /// the command itself; then `parseAsRoot` parses the whole line, with `gcview`'s help, errors,
    /// version and completions. The same declarations parse both ways; this way argument-parser
    /// reflects over one command instead of the tree (see README, Performance).
    static func parsedAlone(_ arguments: [String]) -> ParsableCommand? {
        let named = arguments.first.flatMap { word in configuration.subcommands.first { $0._commandName == word } }
        let command = named ?? Interactive.self
        guard let parsed = try? command.parseAsRoot(named == nil ? arguments : Array(arguments.dropFirst())),
              type(of: parsed) == command else { return nil }
        return parsed
    }

    /// Refuses `gcview help WORD...` when the words do not name a command: argument-parser would
    /// print the main help and succeed.
    static func checkHelpTopic(_ arguments: [String]) throws {
        guard arguments.first == "help" else { return }
        var commands = configuration.subcommands
        var path = "gcview"
        for word in arguments.dropFirst() {
            if word.hasPrefix("-") { continue }
            if word == "help" && path == "gcview" {
                commands = []
                path = "gcview help"
                continue
            }
            guard let command = commands.first(where: { $0._commandName == word }) else {
                let names = commands.map { $0._commandName }
                let list = names.isEmpty ? "\(path) has no subcommands" : "the commands are " + names.joined(separator: ", ")
                throw ValidationError("help: unknown command '\(word)'; \(list)")
            }
            path += " " + word
            commands = command.configuration.subcommands
        }
    }
}
