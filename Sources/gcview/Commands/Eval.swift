import ArgumentParser
import Brain

/// Evaluates a typed expression, with M (x) set to a value.
struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate a typed expression and print the value and its description.",
        discussion: """
            Examples:
              gcview eval --at 2 'sin(x)^2 + cos(x)^2'
              gcview eval --at 1 --let a=2 --let b=3 'a x^2 + b'
              gcview eval --degrees 'sin(30)'
            """
    )

    @Flag(help: "Print one JSON object instead of two lines.")
    var json = false

    @Option(parsing: .unconditional, help: "The value of M (also written x); may be negative: --at -3.")
    var at: Double = 0

    @OptionGroup var parameters: ParameterOptions

    @OptionGroup var angles: AngleOptions

    @Argument(parsing: .allUnrecognized, help: "The expression, e.g. 2x^2 - 3.")
    var expression: [String] = []

    private var program = Program()
    private var values: [String: Double] = [:]

    enum CodingKeys: CodingKey { case json, at, parameters, angles, expression }

    mutating func validate() throws {
        guard at.isFinite else { throw ValidationError("--at must be a finite number") }
        let operands = Operands(expression)
        if let unknown = operands.unknownOption {
            throw ValidationError("unknown option '\(unknown)' (put -- before an expression that starts with --)")
        }
        do {
            program = try ExpressionParser.parse(operands.expression)
        } catch {
            throw ValidationError(error.description)
        }
        values = try parameters.values(for: [program])
    }

    func run() throws {
        let evaluation = program.evaluate(at: at, using: values, angle: angles.angle)
        let report = CalculatorReport(display: evaluation.display, evaluation: evaluation,
                                      parameters: ParameterOptions.list(for: [program], values: values))
        print(try report.rendered(asJSON: json))
    }
}
