import ArgumentParser
import Foundation
import Glyphs
import Terminal

/// Prints what gcview detected about the terminal, for bug reports.
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what the terminal supports: graphics protocol, cell size, colours.",
        discussion: "Include this output in bug reports. Queries are sent only when output is a terminal."
    )

    @Option(name: .customLong("protocol"), help: "Pretend this protocol was chosen: sixel, kitty or unicode.")
    var graphicsProtocol: GraphicsProtocol?

    func run() throws {
        for line in ControllingTerminal.probe(override: graphicsProtocol).describe() {
            print(line.firstLine)
        }
        print(Self.fontLine(environment: ProcessInfo.processInfo.environment).firstLine)
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
