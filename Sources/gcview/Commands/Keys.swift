import App
import ArgumentParser

/// Prints the interactive calculator's keys: the lines its help (`?`) shows.
struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Print the interactive calculator's keys, as its help (?) shows them."
    )

    func run() throws {
        try StandardOutput.write(line: KeyGuide.lines.joined(separator: "\n"))
    }
}
