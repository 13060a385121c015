import ArgumentParser
@testable import gcview
import Testing

/// `GCView.parsedAlone`: argument-parser parses the command the first word names (else the default
/// one) as its own root, which reflects over one command instead of the tree (issue 25, item 4).
/// Anything but that command itself parsed cleanly goes back to the whole tree's parse, so help,
/// errors, `--version` and completions are the tree's, naming `gcview`.
@Suite("The named command parsed alone, else the whole tree")
struct ParsedAloneTests {
    @Test("A command line that parses: the command itself, as the whole tree parses it")
    func parses() throws {
        let plot = try #require(GCView.parsedAlone(["plot", "sin(x)*x", "--x", "-10:10", "--size", "1600x1000"]) as? Plot)
        let tree = try #require(GCView.parseAsRoot(["plot", "sin(x)*x", "--x", "-10:10", "--size", "1600x1000"]) as? Plot)
        #expect(plot.expression == tree.expression && plot.xRange == tree.xRange && plot.size == tree.size)
        #expect(GCView.parsedAlone(["eval", "1+2"]) is Eval)
        #expect(GCView.parsedAlone(["--theme", "dark"]) is Interactive, "no command named: the default one")
        #expect(GCView.parsedAlone([]) is Interactive)
    }

    @Test("Help, the help command, --version, completions and errors go to the whole tree",
          arguments: [["plot", "--help"], ["eval", "help"], ["help", "plot"], ["--version"], ["plot", "--version"],
                      ["--generate-completion-script", "bash"], ["plot", "--generate-completion-script", "bash"],
                      ["plot", "--generate-completion-script"], ["plot", "--generate-completion-script=zsh"],
                      ["plot", "--frames", "2"], ["plot", "--size", "x"], ["-h"]])
    func fallsBack(_ arguments: [String]) {
        #expect(GCView.parsedAlone(arguments) == nil, "\(arguments)")
    }

    @Test("gcview plot --help names gcview plot, as the tree's help does")
    func helpNamesTheTree() throws {
        let finished = try run(Paths.gcview, ["plot", "--help"])
        #expect(finished.status == 0)
        #expect(finished.stdout.contains("USAGE: gcview plot"), "\(finished.stdout.prefix(400))")
    }
}
