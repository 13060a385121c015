import FoundationEssentials

/// A calculator program: the steps a brain replays, as a value.
///
/// Encodes to JSON readably: `{"steps":[7,"+","M","√"]}`. A number is an
/// operand, a symbol from `Operations` is an operation, and a single
/// uppercase letter (`M`) is a variable, a lowercase one (`a`) a parameter.
package struct Program: Codable, Equatable, Sendable {
    /// One step of a program.
    package enum Step: Equatable, Sendable, Codable, CustomStringConvertible {
        case number(Double)
        case variable(String)
        case operation(String)

        package init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                self = .number(number)
                return
            }
            let text = try container.decode(String.self)
            if Operations.table[text] != nil {
                self = .operation(text)
            } else if Step.isVariableName(text) {
                self = .variable(text)
            } else {
                throw ProgramError.unknownOperation(text)
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .variable(let name), .operation(let name): try container.encode(name)
            }
        }

        package var description: String {
            switch self {
            case .number(let number): NumberFormat.description(number)
            case .variable(let name), .operation(let name): name
            }
        }

        /// Whether `text` can name a variable: one uppercase ASCII letter (`M`), a parameter
        /// (one lowercase letter that is not taken, as `Program.isParameterName` says), or a
        /// coordinate of the other kinds of curve (y, t, θ).
        static func isVariableName(_ text: String) -> Bool {
            (text.count == 1 && text.allSatisfy { $0.isASCII && $0.isUppercase }) || Program.isParameterName(text)
                || Coordinates.storedNames.contains(text)
        }
    }

    /// The most steps a program may have: 200 000.
    ///
    /// Every operation on a program is linear in its length, so this is far more than
    /// anyone types or presses, yet small enough that evaluating, describing or loading the
    /// largest program takes milliseconds. A 100 000-character expression fits (the
    /// right-nested `1^1^…^1` needs 2 steps a character).
    package static let maximumStepCount = 200_000

    /// The steps in the order they were entered.
    package var steps: [Step]

    /// A program made of these steps.
    package init(steps: [Step] = []) {
        self.steps = steps
    }

    private enum CodingKeys: String, CodingKey { case steps }

    /// Decodes `{"steps":[…]}`, refusing more than `maximumStepCount` steps before reading them.
    package init(from decoder: any Decoder) throws {
        var list = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .steps)
        if let count = list.count, count > Self.maximumStepCount { throw ProgramError.tooManySteps(count) }
        var steps: [Step] = []
        while !list.isAtEnd {
            if steps.count == Self.maximumStepCount { throw ProgramError.tooManySteps(list.count ?? steps.count + 1) }
            steps.append(try list.decode(Step.self))
        }
        self.steps = steps
    }

    /// Whether the program has no steps.
    package var isEmpty: Bool { steps.isEmpty }

    // MARK: JSON

    /// The program as JSON, such as `{"steps":[7,"+",9,"="]}`.
    func jsonData() throws(ProgramError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        do {
            return try encoder.encode(self)
        } catch {
            throw .unencodable(String(describing: error))
        }
    }

    /// The program that `jsonData` encoded; throws for malformed JSON or an unknown operation.
    package init(jsonData: Data) throws(ProgramError) {
        do {
            self = try JSONDecoder().decode(Program.self, from: jsonData)
        } catch let error as ProgramError {
            throw error
        } catch {
            throw Program.unwrap(error)
        }
    }

    /// Finds a `ProgramError` a decoder may have wrapped, or reports malformed JSON.
    private static func unwrap(_ error: any Error) -> ProgramError {
        if case DecodingError.dataCorrupted(let context) = error,
           let inner = context.underlyingError as? ProgramError {
            return inner
        }
        return .malformedJSON(String(describing: error))
    }

    // MARK: Evaluation

    /// The state after replaying every step.
    var state: ProgramState {
        var state = ProgramState()
        for step in steps { state.apply(step) }
        return state
    }

    /// Result, pending state, description and error, with variables looked up in `variables`
    /// (an unset M is 0, an unset parameter 1) and angles read in `angle`.
    package func evaluate(using variables: [String: Double]? = nil, angle: AngleMode = .radians) -> Evaluation {
        state.evaluation(using: variables ?? [:], angle: angle)
    }

    /// The evaluation with the variable `M` set to `x`, angles read in `angle`.
    package func evaluate(at x: Double, angle: AngleMode = .radians) -> Evaluation {
        evaluate(using: [Coordinates.xVariable: x], angle: angle)
    }

    /// Whether an operation or a parenthesis waits for more (`7 +`, `(7`): one replay, with no
    /// value or description computed.
    package var isPending: Bool { state.isPending }

    /// The description without ` …` or ` =`, such as `√(7 + 9)`.
    package var description: String { state.description }

    /// The program's value as an ASCII infix expression that `ExpressionParser` reads back.
    ///
    /// A pending operation is left out: `7 +` prints `7`. Empty programs print "".
    var infixExpression: String {
        let state = self.state
        return state.currentNode.map(state.tree.infix(of:)) ?? ""
    }

    /// The program compiled once into a fast function of one variable, the others bound to their
    /// values in `values` (an unset M is 0, an unset parameter 1): `function(of: "M", using: ["a": 2])`.
    ///
    /// Returns nil exactly where `evaluate(using:)` with the same values reports an error; meant
    /// for graphing, so it builds no strings or dictionaries per call: a bound parameter is
    /// compiled as a constant, as fast as a number typed in its place.
    ///
    /// In `angle` degrees, trigonometric functions read degrees and their inverses give them.
    package func function(of variable: String = Coordinates.xVariable, using values: [String: Double] = [:],
                          angle: AngleMode = .radians) -> @Sendable (Double) -> Double? {
        functionAndOverflows(of: variable, using: values, angle: angle).function
    }

    /// Whether the program, compiled as `function(of:using:angle:)` compiles it, overflows at x: a
    /// step goes past the largest Double before anything else fails, where `evaluate(using:)` with
    /// the same values reports `CalculationError.overflow`. For saying why a value is missing: eˣ
    /// at 800 overflows, √x at −1 is undefined.
    package func overflows(of variable: String = Coordinates.xVariable, using values: [String: Double] = [:],
                           angle: AngleMode = .radians) -> @Sendable (Double) -> Bool {
        functionAndOverflows(of: variable, using: values, angle: angle).overflows
    }

    /// `function(of:using:angle:)` and `overflows(of:using:angle:)` from one compilation, for a
    /// curve that needs both (a slider's every step compiles its curve anew).
    package func functionAndOverflows(of variable: String = Coordinates.xVariable, using values: [String: Double] = [:],
                                      angle: AngleMode = .radians)
        -> (function: @Sendable (Double) -> Double?, overflows: @Sendable (Double) -> Bool) {
        let state = self.state
        guard state.unknownSymbol == nil, let node = state.currentNode else { return ({ _ in nil }, { _ in false }) }
        let f = state.tree.compiled(node, variable: variable, using: values, angle: angle)
        return ({ x in
            let y = f(x)
            return y.isFinite ? y : nil
        }, { x in ExpressionTree.isOverflowed(f(x)) })
    }

    /// The program compiled as `function(of:using:angle:)` compiles it, as a function of two
    /// variables: `function(of: "M", and: "y")` is F(x, y) for an equation in x and y.
    package func function(of first: String, and second: String, using values: [String: Double] = [:],
                          angle: AngleMode = .radians) -> @Sendable (Double, Double) -> Double? {
        let state = self.state
        guard state.unknownSymbol == nil, let node = state.currentNode else { return { _, _ in nil } }
        let f = state.tree.compiled(node, variables: (first, second), using: values, angle: angle)
        return { x, y in
            let value = f(x, y)
            return value.isFinite ? value : nil
        }
    }

    /// Whether any step names the variable `name` (`M` for x, `y`, `t`, `θ` or a parameter).
    package func names(_ name: String) -> Bool {
        steps.contains { if case .variable(name) = $0 { true } else { false } }
    }

    /// Whether the program is the variable `name` alone, as the `y` of `y = sin(x)` is.
    package func isVariable(_ name: String) -> Bool {
        steps == [.variable(name)]
    }
}

/// Why a program could not be read or written.
package enum ProgramError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformedJSON(String)
    case unknownOperation(String)
    case unencodable(String)
    /// More steps than `Program.maximumStepCount`.
    case tooManySteps(Int)

    package var description: String {
        switch self {
        case .malformedJSON(let detail): "malformed program JSON: \(detail)"
        case .unknownOperation(let symbol): "unknown operation \(VisibleText.quoted(symbol))"
        case .unencodable(let detail): "cannot encode program: \(detail)"
        case .tooManySteps(let count): "program has \(count) steps, more than the \(Program.maximumStepCount) allowed"
        }
    }
}
