import Foundation
import TestSupport
import Testing

/// `--help` reads as prose at any width: argument-parser wraps each line of a command's text to
/// the terminal, so a paragraph written with line breaks of its own came out ragged (a line cut
/// at 80 columns, then a stub of a word or two, then the next written line).
@Suite("Help text")
struct HelpTextTests {
    /// The places in `help` where a line of prose was broken although the next line's first word
    /// would still have fitted on it within `width` columns, less the two argument-parser keeps
    /// free. Indented lines (examples, option
    /// lists) and lines after a blank one, or after one ending in ':', begin anew.
    static func raggedBreaks(in help: String, width: Int) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [String] = []
        for (line, next) in zip(lines, lines.dropFirst()) {
            guard !line.isEmpty, !line.hasPrefix(" "), !line.hasSuffix(":"), !next.isEmpty, !next.hasPrefix(" "),
                  let word = next.split(separator: " ").first else { continue }
            if line.count + 1 + word.count <= width - 2 { found.append("\(line) ⏎ \(next)") }
        }
        return found
    }

    @Test("Every command's help is wrapped as paragraphs at 80 and 120 columns",
          arguments: ["", "run", "keys", "plot", "eval", "points", "press", "probe", "bench"], [80, 120])
    func paragraphs(command: String, width: Int) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = String(width)
        let result = try run(Paths.gcview, (command.isEmpty ? [] : [command]) + ["--help"], environment: environment)
        #expect(result.status == 0)
        let help = result.stdout
        #expect(help.contains("USAGE:"))
        let ragged = Self.raggedBreaks(in: help, width: width)
        #expect(ragged.isEmpty, "\(ragged.joined(separator: "\n"))")
    }

    /// Each option's entry in `help`, its lines joined: from a line starting `  -` to the next one.
    static func optionEntries(in help: String) -> [String] {
        var entries: [String] = []
        for line in help.split(separator: "\n").map(String.init) {
            if line.hasPrefix("  -") {
                entries.append(line)
            } else if line.hasPrefix("      "), let last = entries.popLast() {
                entries.append(last + " " + line.trimmingCharacters(in: .whitespaces))
            }
        }
        return entries
    }

    @Test("No option's help lists the values argument-parser lists after it", arguments: ["run", "plot", "probe"])
    func valuesListedOnce(command: String) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "200"
        let result = try run(Paths.gcview, [command, "--help"], environment: environment)
        #expect(result.status == 0)
        let listed = Self.optionEntries(in: result.stdout).filter { $0.contains("(values: ") }
        #expect(!listed.isEmpty)
        for entry in listed {
            let parts = entry.components(separatedBy: "(values: ")
            let values = parts[1].prefix { $0 != ";" && $0 != ")" }.components(separatedBy: ", ")
            let words = Set(parts[0].components(separatedBy: CharacterSet.alphanumerics.union(["-"]).inverted))
            #expect(!values.allSatisfy(words.contains), "\(entry)")
        }
    }
}
