import ArgumentParser

/// An option's value that is one of a few words, its raw values: `--x-scale log`, `--theme dark`.
///
/// argument-parser's own defaults for such a type list the words through a key path, and print a
/// default with `String(describing:)`, which looks the type up at run time; together they were
/// about 2 million instructions of every `gcview plot` (callgrind). These say the same, directly.
protocol ArgumentChoice: ExpressibleByArgument, CaseIterable, RawRepresentable<String> {}

// Public only because `GraphicsProtocol`, a public type of Terminal, is one: a requirement of a
// public protocol met for a public type must be met publicly. The executable exports nothing.
extension ArgumentChoice {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }

    /// No word has a description of its own: the help lists the words.
    public static var allValueDescriptions: [String: String] { [:] }

    public var defaultValueDescription: String { rawValue }
}
