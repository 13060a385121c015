import ArgumentParser
import Brain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// What `press` and `eval` print: the display, then the description line, then the parameters'
/// values when the program has any (`with a = 2, b = 1`).
struct CalculatorReport: Encodable {
    var display: String
    var evaluation: Evaluation
    /// The program's parameters and the values it was evaluated with, in alphabetical order.
    var parameters: [(name: String, value: Double)] = []

    /// Prints the report, then fails with exit status 1 when the value is an error (division by
    /// zero, overflow): the lines are printed as the calculator shows them, and a script can tell
    /// an error from a value without reading them. Bad input is status 2, before anything is printed.
    func print(asJSON: Bool) throws {
        try StandardOutput.write(line: rendered(asJSON: asJSON))
        if evaluation.error != nil { throw ExitCode(1) }
    }

    /// The description followed by ` …` while pending, ` =` otherwise.
    var descriptionLine: String { evaluation.descriptionLine }

    /// Two lines for people, or one JSON object with `--json`; nothing a terminal would obey.
    /// Throws the encoder's error rather than print an empty object.
    func rendered(asJSON: Bool) throws -> String {
        guard asJSON else {
            let lines = [display, descriptionLine] + (parameters.isEmpty ? [] : ["with " + Program.parameterList(parameters)])
            return lines.map(\.sanitisedForTerminal).joined(separator: "\n")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(self)
        return String(decoding: data, as: UTF8.self).jsonEscapingUnsafeCharacters
    }

    enum CodingKeys: String, CodingKey {
        case display, description, pending, result, error, parameters
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(display, forKey: .display)
        try container.encode(evaluation.description, forKey: .description)
        try container.encode(evaluation.isPending, forKey: .pending)
        try container.encode(evaluation.result, forKey: .result)
        try container.encode(evaluation.error?.message, forKey: .error)
        if !parameters.isEmpty {
            try container.encode(Dictionary(parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }), forKey: .parameters)
        }
    }
}
