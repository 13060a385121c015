import ArgumentParser
import Brain

/// Presses keypad keys in order and prints the display and the description.
struct Press: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "press",
        abstract: "Press calculator keys in order and print the display and description.",
        discussion: """
            Keys are the calculator's symbols or their ASCII aliases: digits, ., + - * / ^ (or pow), =, \
            sqrt, cbrt, sin, cos, tan, asin, acos, atan, ln, log, exp, exp10, sq, cube, inv, neg, abs, \
            floor, ceil, trunc, round, sign (sgn), sinh, cosh, tanh, asinh, acosh, atanh, log2, sec, csc, \
            cot, gamma, ! (fact), mod, min, max (binary, like +: 7 mod 3 =), \
            pi, e, rand, M, ->M, undo, C. A key of several digits presses each digit in turn.

            Example: gcview press 7 + 9 = sqrt

            A display that is an error (1 / 0 =) is printed as the calculator shows it, and the exit \
            status is 1; bad input is one line on stderr and status 2.
            """
    )

    @Flag(help: "Print one JSON object instead of two lines.")
    var json = false

    @Argument(parsing: .allUnrecognized, help: "The keys to press, in order.")
    var keys: [String] = []

    private var parsedKeys: [Key] = []

    enum CodingKeys: CodingKey { case json, keys }

    mutating func validate() throws {
        parsedKeys = []
        let operands = Operands(keys)
        if let unknown = operands.unknownOption {
            throw ValidationError("unknown option '\(unknown)'")
        }
        for token in KeyBundle.unbundled(operands.words) {
            guard let pressed = Key.keys(from: token) else {
                throw ValidationError("unknown key \(VisibleText.quoted(token))")
            }
            parsedKeys += pressed
        }
    }

    func run() throws {
        try report().print(asJSON: json)
    }

    /// What `run` prints: the keys pressed on a new keypad, reported.
    func report() throws -> CalculatorReport {
        var keypad = Keypad()
        for key in parsedKeys {
            keypad.press(key)
            if keypad.isFull {
                throw ValidationError("too many keys: a program holds at most \(Program.maximumStepCount) steps")
            }
        }
        return CalculatorReport(display: keypad.display, evaluation: keypad.evaluation)
    }
}
