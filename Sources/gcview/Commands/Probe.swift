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

    @Option(name: .customLong("protocol"), help: "Pretend this protocol was chosen.")
    var graphicsProtocol: GraphicsProtocol?

    func run() throws {
        var lines = ControllingTerminal.probe(override: graphicsProtocol).describe()
        // The font goes with the facts, before the indented notes on how they were found.
        let notes = lines.firstIndex { $0.hasPrefix(" ") } ?? lines.endIndex
        let environment = ProcessInfo.processInfo.environment
        lines.insert(contentsOf: [Self.fontLine(environment: environment), Self.cellFontLine(environment: environment)],
                     at: notes)
        try StandardOutput.write(line: lines.map(\.firstLine).joined(separator: "\n"))
    }

    /// The font labels are drawn with, or why there is none.
    static func fontLine(environment: [String: String]) -> String {
        do {
            return "font: \(try FreeTypeGlyphs.system(environment: environment).fontPath)"
        } catch {
            return "font: none: labels are not drawn (\(error))"
        }
    }

    /// The monospace font help and lists in the picture are drawn with, or why the label font is used.
    static func cellFontLine(environment: [String: String]) -> String {
        do {
            return "cell font: \(try FreeTypeGlyphs.system(for: .cells, environment: environment).fontPath)"
        } catch {
            return "cell font: none: help and lists in the picture use the label font (\(error))"
        }
    }
}
