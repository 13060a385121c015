import ArgumentParser
@testable import gcview
import Testing

/// `plot`'s shortcut past argument-parser gives argument-parser's own command, or steps aside.
@Suite("plot read without argument-parser")
struct PlotShortcutTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var testDescription: String { "gcview " + arguments.joined(separator: " ") }
        init(_ arguments: String...) { self.arguments = arguments }
    }

    @Test("The shortcut's command equals argument-parser's, every option included", arguments: [
        Case("plot", "x"),
        Case("plot", "sin(x)*x", "--x", "-10:10", "--size", "1600x1000", "--protocol", "sixel"),
        Case("plot", "--x=-5:5", "tan(x)", "--y", "-5:5", "--theme", "light", "--output", "tan.png"),
        Case("plot", "x", "^", "2", "--y", "auto", "--protocol=kitty", "--size", "40X30"),
        Case("plot", "1/x", "--y=-3:3", "--theme=dark", "--output=-"),
        Case("plot", "x", "--protocol", "unicode", "--x", " -1 : 1 "),
        Case("plot", "sin(x)", "cos(x)", "x/3", "--x", "-5:5"),
    ])
    func sameCommand(_ example: Case) throws {
        let shortcut = try #require(PlotShortcut.command(for: example.arguments))
        let parsed = try #require(try GCView.parseAsRoot(example.arguments) as? Plot)
        let described = String(describing: shortcut)
        #expect(!described.contains("*definition*"), "an option the shortcut left unset: \(described)")
        #expect(described == String(describing: parsed))
    }

    @Test("Anything else goes to argument-parser", arguments: [
        Case("plot"),
        Case("plot", "--help"),
        Case("plot", "-h", "x"),
        Case("plot", "x", "help"),
        Case("plot", "x", "--bogus"),
        Case("plot", "--", "-x"),
        Case("plot", "-x"),
        Case("plot", "x", "--size", "40x30", "--size", "50x50"),
        Case("plot", "x", "--size", "big"),
        Case("plot", "x", "--size", "-40x30"),
        Case("plot", "x", "--protocol", "vt100"),
        Case("plot", "x", "--theme", "Dark"),
        Case("plot", "x", "--output"),
        Case("plot", "x", "--output", "--x"),
        Case("plot", "x", "--output="),
        Case("plot", "sin("),
        Case("plot", "1", "2", "3", "4", "5", "6", "7"),
        Case("plot", "x", "--x", "1:1"),
        Case("plot", "x", "--size", "8x8"),
        Case("eval", "x"),
        Case("plot", "x", "--version"),
    ])
    func stepsAside(_ example: Case) {
        #expect(PlotShortcut.command(for: example.arguments) == nil)
    }
}
