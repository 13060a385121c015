import Foundation
import Testing

/// `gcview keys`: the interactive calculator's keys, as its help shows them, at the shell.
@Suite("gcview keys")
struct KeysCommandTests {
    @Test("Prints every key the issues promised, under the help's headings; no escape sequence; exit 0")
    func keys() throws {
        let result = try gcview("keys")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "", "ends with a newline")
        for heading in ["Calculator", "Graph", "Everywhere"] {
            #expect(lines.contains(heading), "heading \(heading)")
        }
        // The keys the brief reserves (trace, points, tangent, area, table, play and pace, log axes,
        // the whole-screen shot), each with what it does, as a user reads them.
        for promise in ["t  trace", "[ ] next point", "' slope", "A area", "T  table", "Space  play", "< >  pace",
                        "L  log axes", "W  the screen"] {
            #expect(result.stdout.contains(promise), "\(promise) is listed")
        }
        #expect(!result.stdout.utf8.contains(0x1B), "plain text: no escape sequence")
        #expect(lines.allSatisfy { $0.count <= 72 }, "narrow enough for a split view's graph pane and an 80-column man page")
    }

    @Test("run --help points to it")
    func runHelp() throws {
        let help = try gcview("run", "--help")
        #expect(help.status == 0 && help.stdout.contains("gcview keys prints them"), "\(help.stdout)")
    }
}
