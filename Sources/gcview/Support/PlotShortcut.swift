import ArgumentParser
import Terminal

/// `gcview plot` read without argument-parser, for the plain forms a script or a user types most.
///
/// argument-parser reflects over every command before it reads a word, which costs about 4 ms of a
/// 15 ms `plot` process. The shortcut takes only words it knows: expression words, and `plot`'s
/// options each at most once as `--name value` or `--name=value`, with values their own
/// `init(argument:)` accepts. Anything else (help, `-h`, `--`, an unknown or repeated option, a
/// word starting with `-`, a value that does not parse, an expression that does not validate)
/// returns nil and goes through argument-parser, which gives the usual help and messages.
/// `PlotShortcutTests` requires the shortcut's command to equal argument-parser's, option by option.
enum PlotShortcut {
    /// The options `plot` takes a value for, by long name.
    private enum Name: String {
        case x = "--x", y = "--y", size = "--size", graphicsProtocol = "--protocol", theme = "--theme"
        case output = "--output"

        /// Whether the value may start with `-` (argument-parser's `.unconditional`), as a range can.
        var takesAnyValue: Bool { self == .x || self == .y }
    }

    /// The validated `plot` command `arguments` (the words after the program's name) ask for,
    /// or nil when they need argument-parser.
    static func command(for arguments: [String]) -> Plot? {
        guard arguments.first == "plot", let (words, values) = split(arguments.dropFirst()) else { return nil }
        guard !words.isEmpty, !words.contains("help") else { return nil }
        var plot = Plot()
        plot.expression = words
        plot.xRange = AxisRange(lower: -10, upper: 10)
        plot.yRange = .auto
        plot.size = nil
        plot.graphicsProtocol = nil
        plot.theme = nil
        plot.output = nil
        for (name, value) in values {
            switch name {
            case .x:
                guard let range = AxisRange(argument: value) else { return nil }
                plot.xRange = range
            case .y:
                guard let range = VerticalRange(argument: value) else { return nil }
                plot.yRange = range
            case .size:
                guard let size = ImageSize(argument: value) else { return nil }
                plot.size = size
            case .graphicsProtocol:
                guard let graphicsProtocol = GraphicsProtocol(argument: value) else { return nil }
                plot.graphicsProtocol = graphicsProtocol
            case .theme:
                guard let theme = ThemeChoice(argument: value) else { return nil }
                plot.theme = theme
            case .output:
                plot.output = value
            }
        }
        do {
            try plot.validate()
        } catch {
            return nil
        }
        return plot
    }

    /// The expression words and the option values, or nil at the first word the shortcut does not take.
    private static func split(_ arguments: ArraySlice<String>) -> (words: [String], values: [(Name, String)])? {
        var words: [String] = [], values: [(Name, String)] = []
        var rest = arguments[...]
        while let word = rest.popFirst() {
            guard word.hasPrefix("-") else {
                words.append(word)
                continue
            }
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Name(rawValue: String(parts[0])), !values.contains(where: { $0.0 == name }) else { return nil }
            if parts.count == 2 {
                values.append((name, String(parts[1])))
            } else {
                guard let value = rest.popFirst(), name.takesAnyValue || !value.hasPrefix("-") else { return nil }
                values.append((name, value))
            }
        }
        return (words, values)
    }
}
