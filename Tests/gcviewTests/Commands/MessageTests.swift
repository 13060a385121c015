import Foundation
import Testing

/// Error messages say what is wrong, in one line, with nothing raw for the terminal.
@Suite("Messages: one clear line, nothing raw")
struct MessageTests {
    /// Characters a terminal obeys, or that hide or reorder text.
    static let unsafe: [(String, String)] = [
        ("\u{202E}", "U+202E"), ("\u{1B}", "U+001B"), ("\u{7}", "U+0007"), ("\u{9B}", "U+009B"),
        ("\u{200B}", "U+200B"), ("\u{2066}", "U+2066"), ("\u{061C}", "U+061C"), ("\u{7F}", "U+007F"),
    ]

    /// Whether `text` holds a character the terminal could act on, other than its newlines.
    static func hasUnsafeCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar != "\n" && [.control, .format, .lineSeparator, .paragraphSeparator]
                .contains(scalar.properties.generalCategory)
        }
    }

    @Test("Untrusted text in an error is shown as U+XXXX", arguments: unsafe)
    func sanitised(character: String, name: String) throws {
        for arguments in [
            ["press", "7", "x\(character)y"],
            ["plot", "x", "--\(character)"],
            ["eval", "--at", "1\(character)"],
            ["plot", "x", "--output", "/proc/no\(character)such/f.png"],
            ["eval", "2 + x\(character)"],
        ] {
            let finished = try run(Paths.gcview, arguments)
            #expect(finished.status == 2, "\(arguments)")
            #expect(!Self.hasUnsafeCharacter(finished.stderr + finished.stdout), "\(arguments): \(finished.stderr)")
            #expect(finished.stderr.split(separator: "\n").count == 1, "\(arguments): \(finished.stderr)")
            #expect(finished.stderr.contains(name), "\(arguments): \(finished.stderr)")
        }
    }

    @Test("help with an unknown command is an error naming it")
    func helpBogus() throws {
        let finished = try gcview("help", "bogus")
        #expect(finished.status == 2)
        #expect(finished.stdout.isEmpty)
        #expect(finished.stderr == "gcview: help: unknown command 'bogus'; the commands are run, keys, press, eval, plot, points, probe, bench\n")
        let known = try gcview("help", "plot")
        #expect(known.status == 0)
        #expect(known.stdout.contains("--output"))
    }

    @Test("A range says what is wrong with it", arguments: [
        (["--x", "-1e308:1e308"], "gcview: --x -1e+308:1e+308: each end must lie within ±1e+300"),
        (["--x", "1e308:1.7e308"], "gcview: --x 1e+308:1.7e+308: each end must lie within ±1e+300"),
        (["--x", "-1e-320:1e-320"], "gcview: --x -1e-320:1e-320: the range is too narrow to graph"),
        (["--y", "0:5e-324"], "gcview: --y 0:5e-324: the range is too narrow to graph"),
        (["--x", "5:5.0000000000001"], "gcview: --x 5:5.0000000000001: the range is too narrow to graph"),
        (["--x", "3:1"], "gcview: --x 3:1: the minimum must be less than the maximum"),
        (["--x", "-inf:1"], "gcview: --x -inf:1: both ends must be finite numbers"),
    ])
    func ranges(arguments: [String], start: String) throws {
        let finished = try run(Paths.gcview, ["plot", "x", "--size", "100x100"] + arguments)
        #expect(finished.status == 2)
        #expect(finished.stderr.hasPrefix(start), "\(finished.stderr)")
        #expect(finished.stderr.split(separator: "\n").count == 1)
    }

    @Test("A size past what the protocol can show names the limit, not another protocol's")
    func sizePastTheLimit() throws {
        // Kitty's placeholders name at most 297 cells a side (10x20 pixels each when no terminal says).
        let finished = try run(Paths.gcview, ["plot", "x", "--size", "10000x16", "--protocol", "kitty-placeholders"])
        #expect(finished.status == 2)
        #expect(finished.stderr == "gcview: --size 10000x16 is larger than the largest picture this terminal shows whole, 2970x5940\n",
                "\(finished.stderr)")
    }

    @Test("Ranges just inside the limits are drawn", arguments: [
        ["--x", "-1e300:1e300"], ["--x", "1e-300:2e-300"], ["--y", "0:1e-300"], ["--x", "1e15:1.00000001e15"],
    ])
    func rangesInside(arguments: [String]) throws {
        let file = Paths.temporaryFolder().appendingPathComponent("edge.png")
        let finished = try run(Paths.gcview, ["plot", "x", "--size", "100x100", "--output", file.path] + arguments)
        #expect(finished.status == 0, "\(finished.stderr)")
    }

    @Test("An unknown GCVIEW_PROTOCOL is one warning, its text shown safe, and the graph still drawn in sixel; a known one draws without a word",
          arguments: unsafe)
    func unknownProtocolVariable(character: String, name: String) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["GCVIEW_PROTOCOL"] = "bogus\(character)"
        let bogus = try run(Paths.gcview, ["plot", "x", "--size", "64x64"], environment: environment)
        #expect(bogus.status == 0)
        #expect(bogus.stderr == "gcview: warning: GCVIEW_PROTOCOL=bogus\(name) is not sixel, kitty, iterm2, unicode or kitty-placeholders; drawing sixel\n")
        #expect(bogus.stdout.contains("\u{1B}P") && bogus.stdout.contains("q\"1;1;64;64"), "a sixel picture")
        environment["GCVIEW_PROTOCOL"] = "kitty"
        let kitty = try run(Paths.gcview, ["plot", "x", "--size", "64x64"], environment: environment)
        #expect(kitty.status == 0 && kitty.stderr.isEmpty)
        #expect(kitty.stdout.contains("\u{1B}_G"), "a kitty picture")
    }
}
