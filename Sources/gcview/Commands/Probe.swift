import ArgumentParser
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
    }
}
