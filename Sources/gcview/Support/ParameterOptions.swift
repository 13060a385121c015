import ArgumentParser
import Brain

/// A command that takes `--let` and `--degrees`, each declared by the command itself (`eval`,
/// `plot`, `points`), and reads them the same way.
protocol TakesParametersAndAngles {
    /// Each `--let`'s `NAME=VALUE`, as typed.
    var assignments: [String] { get }
    /// Whether `--degrees` was given.
    var degrees: Bool { get }
}

extension TakesParametersAndAngles {
    /// `--let`, read.
    var parameters: ParameterOptions { ParameterOptions(assignments: assignments) }
    /// `--degrees`, read.
    var angles: AngleOptions { AngleOptions(degrees: degrees) }
}

/// `--let NAME=VALUE`, repeatable: the values of the parameters of `eval`, `plot` and `points`.
///
/// Each is checked against the programs, so a mistake is one clear line: a name that is not a
/// parameter (a word, a taken letter such as x or e), one no expression uses, one given twice,
/// or a value that is not a finite number.
///
/// Each command declares `--let` itself, with `help`, rather than taking this as an
/// `@OptionGroup` (see `AngleOptions`).
struct ParameterOptions {
    /// The option's help, the same in every command.
    static let help = ArgumentHelp("Give a parameter a value, e.g. --let a=2 (repeatable); one not given is 1.",
                                   valueName: "name=value")

    /// Each `--let`'s `NAME=VALUE`, as typed.
    var assignments: [String]

    /// The values given, checked against the parameters `programs` use.
    func values(for programs: [Program]) throws -> [String: Double] {
        let used = Set(programs.flatMap(\.parameters))
        var values: [String: Double] = [:]
        for assignment in assignments {
            let (name, value) = try Self.parse(assignment, option: "--let")
            try Self.check(name, in: used, option: "--let", assignment: assignment)
            guard values[name] == nil else { throw ValidationError("--let \(assignment): \(name) is given twice") }
            values[name] = value
        }
        return values
    }

    /// `NAME=VALUE` split and checked: the name a parameter's, the value a finite number.
    static func parse(_ assignment: String, option: String) throws -> (name: String, value: Double) {
        guard let equals = assignment.firstIndex(of: "=") else {
            throw ValidationError("\(option) \(assignment): write name=value, such as \(option) a=2")
        }
        let name = String(assignment[..<equals]), text = String(assignment[assignment.index(after: equals)...])
        try checkName(name, option: option, assignment: assignment)
        guard let value = Double(text) ?? Double(text.trimmed) else {
            throw ValidationError("\(option) \(assignment): '\(text)' is not a number")
        }
        guard value.isFinite else { throw ValidationError("\(option) \(assignment): the value must be a finite number") }
        return (name, value)
    }

    /// Throws unless `name` can be a parameter.
    static func checkName(_ name: String, option: String, assignment: String) throws {
        guard !Program.isParameterName(name) else { return }
        if let letter = name.first, name.count == 1, Program.takenLetters.contains(letter) || Character(Coordinates.xVariable) == letter || letter == "X" {
            let why = letter == "e" ? "e is Euler's number" : (letter == "x" || Character(Coordinates.xVariable) == letter || letter == "X")
                ? "\(name) is the variable (--x sets its range, eval's --at its value)"
                : "\(name) is kept for other kinds of curve"
            throw ValidationError("\(option) \(assignment): \(why), not a parameter")
        }
        throw ValidationError("\(option) \(assignment): a parameter is one lowercase letter, such as a (not x, e, y, t or r)")
    }

    /// Throws unless some expression uses the parameter `name`.
    static func check(_ name: String, in used: Set<String>, option: String, assignment: String) throws {
        guard !used.contains(name) else { return }
        let list = used.isEmpty ? "they have none" : "theirs: " + used.sorted().joined(separator: ", ")
        throw ValidationError("\(option) \(assignment): no expression has a parameter \(name) (\(list))")
    }

    /// The parameters of `programs` that `given` leaves out, which are 1, in a note for stderr:
    /// `gcview: note: a and b are not given (--let); drawn with 1`; nil when none is.
    static func unsetNote(for programs: [Program], given: Set<String>, verb: String) -> String? {
        let unset = Set(programs.flatMap(\.parameters)).subtracting(given).sorted()
        guard let last = unset.last else { return nil }
        let names = unset.count == 1 ? last : unset.dropLast().joined(separator: ", ") + " and " + last
        return "gcview: note: \(names) \(unset.count == 1 ? "is" : "are") not given (--let); \(verb) \(NumberFormat.description(Program.unsetParameterValue))"
    }

    /// The parameters of `programs` with their values (1 when not given), in alphabetical order.
    static func list(for programs: [Program], values: [String: Double]) -> [(name: String, value: Double)] {
        Set(programs.flatMap(\.parameters)).sorted().map { ($0, values[$0] ?? Program.unsetParameterValue) }
    }
}
