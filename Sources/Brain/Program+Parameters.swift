/// Parameters: the single lowercase letters a program may name besides M (x), such as `a` in
/// `sin(a x)`, with values given when it is evaluated or compiled (CS193p's `evaluate(using:)`).
///
/// A parameter is stored in a program as `.variable("a")`: lowercase, so it can never be the
/// memory variable `M`, and a state file written before parameters existed (which stores only
/// `M`) reads as it always did.
extension Program {
    /// The letters that are not parameters: x (M, the variable graphed), e (Euler's number), and
    /// y, t and r, kept for the next kinds of curve (implicit, parametric, polar); θ is not a
    /// Latin letter, so never one.
    package static let takenLetters: Set<Character> = ["x", "e", "y", "t", "r"]

    /// The value of a parameter no one gave: 1, so that `a x` is drawn as x and `k exp(-x/s)` as exp(-x).
    package static let unsetParameterValue = 1.0

    /// The value of the variable M when it is not given: 0, as in CS193p.
    package static let unsetMemoryValue = 0.0

    /// Whether `name` can name a parameter: one lowercase ASCII letter that is not taken.
    package static func isParameterName(_ name: String) -> Bool {
        guard name.count == 1, let letter = name.first else { return false }
        return letter.isASCII && letter.isLowercase && !takenLetters.contains(letter)
    }

    /// The value a variable has when `variables` does not give it: 1 for a parameter, 0 for M.
    static func unsetValue(of name: String) -> Double {
        isParameterName(name) ? unsetParameterValue : unsetMemoryValue
    }

    /// The parameters the program's expression uses, in alphabetical order: `["a", "b", "c"]` for
    /// `a x^2 + b x + c`. A parameter the program entered and then dropped (an operand replaced
    /// by the next, as keys can do) is not among them; an empty program has none.
    package var parameters: [String] {
        // A shortcut for the common case: no step names a parameter, so nothing to replay.
        guard steps.contains(where: { if case .variable(let name) = $0 { Self.isParameterName(name) } else { false } })
        else { return [] }
        let state = self.state
        guard let root = state.currentNode else { return [] }
        var names = Set<String>()
        for index in state.tree.reachable(from: root) {
            if case .variable(let name) = state.tree[index], Self.isParameterName(name) { names.insert(name) }
        }
        return names.sorted()
    }

    /// The evaluation with M set to `x` and the parameters to `parameters` (those not given are 1).
    package func evaluate(at x: Double, using parameters: [String: Double], angle: AngleMode = .radians) -> Evaluation {
        var variables = parameters
        variables[Coordinates.xVariable] = x
        return evaluate(using: variables, angle: angle)
    }

    /// The parameters' values as a line of text, in the order given: `a = 2, b = 1`, each value
    /// as `format` writes it (by default exactly, in the shortest text that reads back).
    package static func parameterList(_ values: [(name: String, value: Double)],
                                      format: (Double) -> String = NumberFormat.description) -> String {
        values.map { "\($0.name) = \(format($0.value))" }.joined(separator: ", ")
    }
}
