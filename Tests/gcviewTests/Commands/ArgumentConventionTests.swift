import Foundation
import Testing

/// argument-parser's conventions: `--` ends the options, an option's value may be negative.
@Suite("-- and negative values, as argument-parser has them")
struct ArgumentConventionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var output: String
        var testDescription: String { "gcview " + arguments.joined(separator: " ") }
    }

    @Test("Operands after -- are the expression or keys, whatever they look like", arguments: [
        Case(arguments: ["eval", "--", "1"], output: "1\n1 =\n"),
        Case(arguments: ["eval", "--", "-x"], output: "0\n-(M) =\n"),
        Case(arguments: ["eval", "--at", "2", "--", "--x"], output: "2\n-(-(M)) =\n"),
        Case(arguments: ["eval", "--", "--json"], output: ""),  // an expression, not the flag: a parse error
        Case(arguments: ["eval", "2", "--", "-x"], output: "2\n2 − M =\n"),
        Case(arguments: ["press", "--", "7", "-", "3", "="], output: "4\n7 − 3 =\n"),
        Case(arguments: ["press", "7", "neg", "-", "-", "1", "="], output: "-8\n-(7) − 1 =\n"),
    ])
    func terminator(_ example: Case) throws {
        let finished = try run(Paths.gcview, example.arguments)
        if example.output.isEmpty {
            #expect(finished.status == 2)
            #expect(finished.stderr.hasPrefix("gcview: unknown name 'json'"), "\(finished.stderr)")
        } else {
            #expect(finished.status == 0, "\(finished.stderr)")
            #expect(finished.stdout == example.output)
        }
    }

    @Test("An option that takes a value takes a negative number", arguments: [
        Case(arguments: ["eval", "--at", "-3", "x"], output: "-3\nM =\n"),
        Case(arguments: ["eval", "--at", "-3", "-x"], output: "3\n-(M) =\n"),
        Case(arguments: ["eval", "--at=-3", "x"], output: "-3\nM =\n"),
        Case(arguments: ["eval", "--at", "-1e3", "--", "x"], output: "-1000\nM =\n"),
    ])
    func negativeValue(_ example: Case) throws {
        let finished = try run(Paths.gcview, example.arguments)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stdout == example.output)
    }

    @Test("plot takes an expression after --, options before it")
    func plotAfterTerminator() throws {
        let file = Paths.temporaryFolder().appendingPathComponent("minus.png")
        let finished = try gcview("plot", "--size", "40x30", "--output", file.path, "--", "-x")
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test("An unknown option before -- is named; after -- it is part of the expression", arguments: [
        (["plot", "x", "--bogus"], "gcview: unknown option '--bogus'"),
        (["eval", "--bogus", "x"], "gcview: unknown option '--bogus'"),
        (["press", "7", "--bogus"], "gcview: unknown option '--bogus'"),
        (["plot", "x", "--", "--bogus"], "gcview: unknown name 'bogus'"),
    ])
    func unknownOption(arguments: [String], start: String) throws {
        let finished = try run(Paths.gcview, arguments)
        #expect(finished.status == 2)
        #expect(finished.stderr.hasPrefix(start), "\(finished.stderr)")
        #expect(finished.stderr.split(separator: "\n").count == 1)
    }
}
