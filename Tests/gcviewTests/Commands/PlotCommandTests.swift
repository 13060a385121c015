import Foundation
import Terminal
import TestSupport
import Testing

/// `gcview plot`, `probe` and `bench` run as a user would, without a terminal.
@Suite("Plot command")
struct PlotCommandTests {
    @Test("--output FILE.png writes a PNG of exactly --size pixels")
    func png() throws {
        let file = Paths.temporaryFolder().appendingPathComponent("graph.png")
        let result = try gcview("plot", "tan(x)", "--y", "-5:5", "--size", "333x211", "--output", file.path)
        #expect(result.status == 0, "\(result.stderr)")
        let decoded = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: file)))
        #expect(decoded.width == 333 && decoded.height == 211)
    }

    @Test("Piped output is the chosen protocol's bytes", arguments: [
        ("sixel", "\u{1B}P"), ("kitty", "\u{1B}_G"), ("unicode", "\u{1B}[38;2;"),
    ])
    func piped(protocolName: String, start: String) throws {
        let result = try gcview("plot", "x^2", "--size", "200x100", "--protocol", protocolName)
        #expect(result.status == 0)
        #expect(result.stdout.contains(start))
        #expect([0x0A, 0x0D].contains(result.stdoutBytes.last), "the cursor ends on a fresh line")
    }

    @Test("Bad input: one line on stderr, exit 2", arguments: [
        ["sin(x"], ["x", "--x", "5:1"], ["x", "--x", "nan:3"], ["x", "--y", "2:2"], ["x", "--size", "0x5"],
        ["x", "--size", "20000x100"], ["x", "--size", "wide"], ["x", "--protocol", "svg"], ["x", "--theme", "pink"],
        ["x", "--bogus"], ["x", "--output", ""], [],
    ])
    func badInput(_ arguments: [String]) throws {
        let result = try run(Paths.gcview, ["plot"] + arguments)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("gcview: ") == true, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("An unwritable --output is a one-line error")
    func unwritable() throws {
        let result = try gcview("plot", "x", "--output", "/proc/no/such/graph.png")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("gcview: cannot write /proc/no/such/graph.png"))
    }

    @Test("probe without a terminal sends nothing and says so")
    func probe() throws {
        let result = try gcview("probe")
        #expect(result.status == 0)
        #expect(result.stdout.contains("not a terminal: no queries sent"))
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test("The interactive calculator refuses to start without a terminal")
    func interactiveNeedsTerminal() throws {
        let result = try gcview("--no-state")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("gcview: the interactive calculator needs a terminal"))
    }
}
