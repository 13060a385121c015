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

    @Test("A curve nothing of which is found gets one note on stderr and the picture is still drawn; a curve that is drawn, even out of view, gets none", arguments: [
        (["1/0"], ["gcview: note: no finite value of y = 1 ÷ 0 was found for x in [-10, 10]: nothing of it is drawn"]),
        (["sqrt(-1-x^2)", "x"], ["gcview: note: no finite value of y = √(-(1) − (x ^ 2)) was found for x in [-10, 10]: nothing of it is drawn"]),
        (["exp(x)", "--x", "1000:2000"], ["gcview: note: no finite value of y = e^(x) was found for x in [1000, 2000]: nothing of it is drawn"]),
        (["x^2+y^2=-1"], ["gcview: note: no point of x ^ 2 + (y ^ 2) = -(1) was found: nothing of it is drawn"]),
        (["x"], []), (["sqrt(x)"], []), (["x", "--y", "100:200"], []), (["x^2+y^2=1"], []), (["exp(x)", "--x", "700:800"], []),
    ])
    func nothingDrawnNote(arguments: [String], notes: [String]) throws {
        let plotted = try Self.notes(ofPlotting: arguments)
        #expect(plotted.notes == notes)
        #expect(plotted.width == 160 && plotted.height == 100)
    }

    /// Issue 49: a half-plane with a straight edge, sampled within its share of the work bound
    /// (its program long enough, the picture wide enough), was noted as missing detail.
    @Test("A straight-edged half-plane at 4000x4000 gets no note that detail is missing", arguments: [
        "y < x+1+1+1+1+1+1+1+1+1+1+1", "y > 2x+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1",
    ])
    func straightHalfPlaneWhole(inequality: String) throws {
        let file = Paths.temporaryFolder().appendingPathComponent("half-plane.png")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try run(Paths.gcview, ["plot", inequality, "--size", "4000x4000", "--output", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    /// What `gcview plot ARGUMENTS --size 160x100 --output FILE.png` says on stderr, a line each,
    /// and the size of the picture it wrote; the run must succeed.
    static func notes(ofPlotting arguments: [String]) throws -> (notes: [String], width: Int, height: Int) {
        let file = Paths.temporaryFolder().appendingPathComponent("notes.png")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try run(Paths.gcview, ["plot"] + arguments + ["--size", "160x100", "--output", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let decoded = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: file)))
        return (result.stderr.split(separator: "\n").map(String.init), decoded.width, decoded.height)
    }

    @Test("--area on a graph with curves that are not y(x): one note names the first; none when every curve is y(x), for --points (which marks every kind) or with no option", arguments: [
        (["(cos(t), sin(t))", "sin(x)", "--points"], []),
        (["r = 1 + cos(θ)", "x^2 + y^2 = 9", "x", "--points", "--area", "0:1"],
         ["gcview: note: --area works on y(x) curves only: 'r = 1 + cos(θ)' is a polar curve (and 1 more), left unmarked"]),
        (["x^2 + y^2 = 9", "--area", "0:1"],
         ["gcview: note: --area works on y(x) curves only: 'x ^ 2 + (y ^ 2) = 9' is an implicit curve, left unmarked"]),
        (["sin(x)", "cos(x)", "--points", "--area", "0:1"], []),
        (["(cos(t), sin(t))"], []),
    ])
    func otherKindsNote(arguments: [String], notes: [String]) throws {
        #expect(try Self.notes(ofPlotting: arguments).notes == notes)
    }

    @Test("NO_COLOR: the braille graph is written without colour, the same dots and text; a picture keeps its colours; an empty NO_COLOR is no request")
    func noColor() throws {
        let arguments = ["plot", "sin(x)", "x/3", "--size", "300x200"]
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        let coloured = try run(Paths.gcview, arguments + ["--protocol", "unicode"], environment: environment)
        let colouredSixel = try run(Paths.gcview, arguments + ["--protocol", "sixel"], environment: environment)
        environment["NO_COLOR"] = ""
        let emptyRequest = try run(Paths.gcview, arguments + ["--protocol", "unicode"], environment: environment)
        environment["NO_COLOR"] = "1"
        let plain = try run(Paths.gcview, arguments + ["--protocol", "unicode"], environment: environment)
        let plainSixel = try run(Paths.gcview, arguments + ["--protocol", "sixel"], environment: environment)
        #expect([coloured, colouredSixel, emptyRequest, plain, plainSixel].allSatisfy { $0.status == 0 && $0.stderr.isEmpty })
        #expect(coloured.stdout.contains("\u{1B}[38;2;") && emptyRequest.stdout == coloured.stdout)
        #expect(!plain.stdout.contains("38;2") && !plain.stdout.contains("48;2") && !plain.stdout.contains("[0m"))
        // Without its colour sequences, the coloured graph is the plain one, character for character.
        let stripped = coloured.stdout.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == plain.stdout)
        #expect(plain.stdout.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille dots are drawn")
        #expect(plainSixel.stdoutBytes == colouredSixel.stdoutBytes, "a sixel picture keeps its colours")
    }

    @Test("A command run without an expression says what it needs, with an example that works", arguments: [
        ("plot", "gcview: plot needs an expression, such as: gcview plot 'sin(x)'"),
        ("points", "gcview: points needs an expression, such as: gcview points 'x^2 - 2'"),
        ("eval", "gcview: eval needs an expression, such as: gcview eval '2^10'"),
    ])
    func noExpression(command: String, message: String) throws {
        for arguments in [[command], [command, "--"]] {
            let result = try run(Paths.gcview, arguments)
            #expect(result.status == 2 && result.stdout.isEmpty)
            #expect(result.stderr == message + "\n")
        }
        // The example is one that works.
        let example = try #require(message.split(separator: "'").dropFirst().first.map(String.init))
        let file = Paths.temporaryFolder().appendingPathComponent("example.png")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let worked = try run(Paths.gcview, [command, example] + (command == "plot" ? ["--output", file.path] : []))
        #expect(worked.status == 0, "\(worked.stderr)")
        // An empty operand is still the parser's own message.
        #expect(try run(Paths.gcview, [command, ""]).stderr == "gcview: empty expression\n")
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
