import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Glyphs
import Terminal

/// Prints what gcview detected about the terminal, for bug reports.
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Show what the terminal supports: graphics protocol, cell size, colours.",
        discussion: "Include this output in bug reports. Queries are sent only when output is a terminal."
    )

    @Option(name: .customLong("protocol"), help: "Pretend this protocol was chosen: sixel, kitty, iterm2 or unicode.")
    var graphicsProtocol: GraphicsProtocol?

    func run() throws {
        var lines = ControllingTerminal.probe(override: graphicsProtocol).describe()
        // The font goes with the facts, before the indented notes on how they were found.
        let notes = lines.firstIndex { $0.hasPrefix(" ") } ?? lines.endIndex
        lines.insert(Self.fontLine(environment: ProcessInfo.processInfo.environment), at: notes)
        for line in lines {
            print(line.firstLine)
        }
    }

    /// The font labels are drawn with, or why there is none.
    static func fontLine(environment: [String: String]) -> String {
        do {
            return "font: \(try FreeTypeGlyphs.system(environment: environment).fontPath)"
        } catch {
            return "font: none: labels are not drawn (\(error))"
        }
    }
}
