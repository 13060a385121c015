import ArgumentParser
import Brain

/// Evaluates a typed expression, with M (x) set to a value.
struct Eval: ParsableCommand, TakesParametersAndAngles {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate a typed expression and print the value and its description.",
        discussion: """
            Examples:
              gcview eval --at 2 'sin(x)^2 + cos(x)^2'
              gcview eval --at 1 --let a=2 --let b=3 'a x^2 + b'
              gcview eval --degrees 'sin(30)'

            A value that is an error (1/0, sqrt(-1)) is printed as the calculator shows it, and the \
            exit status is 1; bad input is one line on stderr and status 2.
            """
    )

    @Flag(help: "Print one JSON object instead of two lines.")
    var json = false

    @Option(parsing: .unconditional, help: "The value of M (also written x); may be negative: --at -3.")
    var at: Double = 0

    @Option(name: .customLong("let"), parsing: .unconditionalSingleValue, help: ParameterOptions.help)
    var assignments: [String] = []

    @Flag(help: AngleOptions.help)
    var degrees = false

    @Argument(parsing: .allUnrecognized, help: "The expression, e.g. 2x^2 - 3.")
    var expression: [String] = []

    /// What `validate()` reads from the arguments, for `run()`: one stored property, not two (see
    /// `Plot.checked`).
    private struct Checked {
        var program = Program()
        var values: [String: Double] = [:]
    }
    private var checked = Checked()
    private var program: Program { checked.program }
    private var values: [String: Double] { checked.values }

    enum CodingKeys: CodingKey { case json, at, assignments, degrees, expression }

    mutating func validate() throws {
        guard at.isFinite else { throw ValidationError("--at must be a finite number") }
        let operands = Operands(expression)
        if let unknown = operands.unknownOption {
            throw ValidationError("unknown option '\(unknown)' (put -- before an expression that starts with --)")
        }
        try operands.requireExpression(for: "eval", example: "2^10")
        do {
            checked.program = try ExpressionParser.parse(operands.expression)
        } catch {
            throw ValidationError(Self.notAnExpression(operands.expression) ?? error.description)
        }
        checked.values = try parameters.values(for: [program])
    }

    /// What to say when `text`, which is no expression in x, is a relation that plot draws (an
    /// equation or inequality in x and y, a parametric or polar curve): eval has no value for it.
    /// Nil for text that is no relation either, whose parse error says what is wrong.
    static func notAnExpression(_ text: String) -> String? {
        guard let relation = try? Relation.parse(text), relation.function == nil else { return nil }
        return "eval evaluates an expression in x, such as 2x^2 - 3 or sin(x)/x (with --at for x);"
            + " \(VisibleText.quoted(text)) is \(relation.kindPhrase), which gcview plot draws"
    }

    func run() throws {
        let evaluation = program.evaluate(at: at, using: values, angle: angles.angle)
        let report = CalculatorReport(display: evaluation.display, evaluation: evaluation,
                                      parameters: ParameterOptions.list(for: [program], values: values))
        try report.print(asJSON: json)
    }
}
