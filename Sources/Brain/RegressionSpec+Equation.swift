extension RegressionSpec {
    /// The fitted equation as the user wrote the model, each parameter replaced by its value as
    /// `format` writes it: `y = 2.00143 x + 0.998` for `y ~ a x + b`. A negative value after
    /// `+` or `-` turns the sign (`x - 3`, not `x + -3`), after a unary minus drops it, and
    /// anywhere else but the start is parenthesized (`x^(-2)`); a value right after a number
    /// or another parameter's
    /// is multiplied by it with `×` (`2 × 1.5 x`, never `21.5 x`).
    package func equation(values: [String: Double], format: (Double) -> String = NumberFormat.significant) -> String {
        var lexer = ExpressionLexer(modelText, coordinates: Self.coordinates(x: predictor))
        guard let tokens = try? lexer.tokens() else { return "\(response) = \(modelText.trimmedOfSpaces)" }
        let characters = Array(modelText)
        var pieces: [(text: String, isToken: Bool)] = []
        var cursor = 0
        for (position, token) in tokens.enumerated() {
            let start = token.column - 1
            if start > cursor { pieces.append((String(characters[cursor..<min(start, characters.count)]), false)) }
            cursor = start + token.text.count
            guard case .parameter(let name) = token.kind, let value = values[name] else {
                pieces.append((token.text, true))
                continue
            }
            let previous = tokens[..<position].last
            pieces.append((replacement(value, format: format, after: previous, before: tokens[..<position].dropLast().last,
                                       pieces: &pieces), true))
        }
        let text = pieces.map(\.text).joined().trimmedOfSpaces
        return "\(response) = \(text)"
    }

    /// The text of `value` standing where a parameter stood after the token `previous` (and
    /// `earlier` before it); may turn the sign of the last piece written, `previous`'s.
    private func replacement(_ value: Double, format: (Double) -> String, after previous: ExpressionToken?,
                             before earlier: ExpressionToken?, pieces: inout [(text: String, isToken: Bool)]) -> String {
        let magnitude = format(abs(value))
        let isNegative = value < 0 && magnitude != "0"
        guard let previous else { return isNegative ? "-" + magnitude : magnitude }
        let afterNumber: Bool
        switch previous.kind {
        case .number, .parameter: afterNumber = true      // a parameter before is a number now too
        default: afterNumber = false
        }
        let lastToken = pieces.lastIndex { $0.isToken }
        switch previous.kind {
        case .plus where isNegative, .minus where isNegative:
            guard let lastToken else { break }
            if case .minus = previous.kind, startsOperand(earlier) {
                pieces[lastToken].text = ""                  // −(−3) is 3
            } else {
                pieces[lastToken].text = { if case .plus = previous.kind { "-" } else { "+" } }()
            }
            return magnitude
        case .openParenthesis, .comma:
            return isNegative ? "-" + magnitude : magnitude
        default:
            break
        }
        let text = isNegative ? "(-" + magnitude + ")" : magnitude
        guard afterNumber else { return text }
        // `2a` is 2 × 1.5, never 21.5.
        let spaced = pieces.last.map { !$0.isToken } ?? false
        return (spaced ? "× " : " × ") + text
    }

    /// Whether a `-` after `token` is a unary minus: at the start, after an operator or an opening.
    private func startsOperand(_ token: ExpressionToken?) -> Bool {
        guard let token else { return true }
        switch token.kind {
        case .plus, .minus, .times, .divide, .caret, .openParenthesis, .comma: return true
        default: return false
        }
    }
}
