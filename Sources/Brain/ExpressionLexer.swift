/// A token of a typed expression, with the column it starts at.
struct ExpressionToken {
    enum Kind {
        case number(Double)
        case constant(String, Double)
        /// A coordinate the relation is written in: `x` (stored as M), `y`, `t` or `θ`.
        case coordinate(String)
        /// A parameter: one lowercase letter that is not taken (`a` in `sin(a x)`).
        case parameter(String)
        case nullary(String, @Sendable () -> Double)
        case function(String, UnaryOperation)
        /// `mod`, `min`, `max`: a binary operation written as a call with two arguments.
        case call(String, BinaryOperation)
        /// `√` or `∛` used as a prefix operator.
        case root(UnaryOperation)
        /// `²`, `³` or `⁻¹` after an operand, as descriptions print them.
        case postfix(UnaryOperation)
        /// `|`, around an absolute value.
        case bar
        case plus, minus, times, divide, caret
        case openParenthesis, closeParenthesis, comma
        case end
    }

    var kind: Kind
    var column: Int
    var text: String
}

/// Splits a typed expression into tokens.
struct ExpressionLexer {
    private let characters: [Character]
    private var index = 0
    /// The coordinates this text may name, typed name to stored variable, longest name first.
    private let coordinates: [(String, String)]

    /// A lexer of `text`, in which `coordinates` (typed name to stored variable) are the
    /// variables; by default x, as a y(x) expression has it.
    init(_ text: String, coordinates: Coordinates = .x) {
        characters = Array(text)
        self.coordinates = coordinates.names.sorted { $0.0.count > $1.0.count }
    }

    /// Every token, ending with `.end`.
    mutating func tokens() throws(ExpressionError) -> [ExpressionToken] {
        var tokens: [ExpressionToken] = []
        while true {
            while index < characters.count, characters[index].isWhitespace { index += 1 }
            let token = try next()
            tokens.append(token)
            if case .end = token.kind { return tokens }
        }
    }

    private mutating func next() throws(ExpressionError) -> ExpressionToken {
        let column = index + 1
        guard index < characters.count else { return ExpressionToken(kind: .end, column: column, text: "") }
        let character = characters[index]
        if character.isASCII && (character.isNumber || character == ".") {
            return try number(at: column)
        }
        if let kind = Self.symbols[character] {
            index += 1
            return ExpressionToken(kind: kind, column: column, text: String(character))
        }
        for (name, kind) in Self.names where matches(name, at: index) {
            index += name.count
            return ExpressionToken(kind: kind, column: column, text: name)
        }
        for (name, variable) in coordinates where matches(name, at: index) && !continuesWord(after: index + name.count, name: name) {
            index += name.count
            return ExpressionToken(kind: .coordinate(variable), column: column, text: name)
        }
        if character.isASCII && character.isLetter { return try parameter(at: column) }
        throw ExpressionError("unexpected \(VisibleText.quoted(character))" + Coordinates.hint(for: character), at: column)
    }

    /// A parameter: a letter that begins no known name, standing alone (`a` in `ax`, `a x`, `2a`,
    /// `a sin(x)`). Letters that begin no name and touch each other (`ab`, `sni`, `foo`) are an
    /// unknown name rather than a product, so that a mistyped function is an error: `a b` or `a*b`
    /// multiplies. Known names win where they start (`acos` is arccos; `a cos(x)` is a times cos).
    private mutating func parameter(at column: Int) throws(ExpressionError) -> ExpressionToken {
        var end = index + 1
        while end < characters.count, characters[end].isASCII, characters[end].isLetter,
              !Self.names.contains(where: { matches($0.0, at: end) }),
              !coordinates.contains(where: { matches($0.0, at: end) }) {
            end += 1
        }
        let word = String(characters[index..<end])
        guard end == index + 1 else {
            throw ExpressionError("unknown name \(VisibleText.quoted(word)) (a parameter is one letter: a b, not ab)", at: column)
        }
        guard Program.isParameterName(word) else {
            let hint = characters[index].isUppercase ? " (parameters are lowercase letters)" : Coordinates.hint(for: characters[index])
            throw ExpressionError("unexpected \(VisibleText.quoted(word))" + hint, at: column)
        }
        index = end
        return ExpressionToken(kind: .parameter(word), column: column, text: word)
    }

    /// Whether a word name (`theta`) goes on into more letters at `position`, and so is not that
    /// name; one-letter names stand alone as parameters do (`t` in `2t`, `t sin(t)`).
    private func continuesWord(after position: Int, name: String) -> Bool {
        name.count > 1 && position < characters.count && characters[position].isLetter
    }

    private func matches(_ name: String, at start: Int) -> Bool {
        var position = start
        for character in name {
            guard position < characters.count, characters[position] == character else { return false }
            position += 1
        }
        return true
    }

    private func isDigit(at position: Int) -> Bool {
        position < characters.count && characters[position].isASCII && characters[position].isNumber
    }

    /// `12`, `1.5`, `.5`, `1e-3`; an `e` without digits after it is the constant e.
    private mutating func number(at column: Int) throws(ExpressionError) -> ExpressionToken {
        let start = index
        while isDigit(at: index) { index += 1 }
        if index < characters.count, characters[index] == "." {
            index += 1
            while isDigit(at: index) { index += 1 }
        }
        if index < characters.count, characters[index] == "e" || characters[index] == "E" {
            let signed = index + 1 < characters.count && (characters[index + 1] == "-" || characters[index + 1] == "+")
            let digitAt = signed ? index + 2 : index + 1
            if isDigit(at: digitAt) {
                index = digitAt
                while isDigit(at: index) { index += 1 }
            }
        }
        let text = String(characters[start..<index])
        guard let value = Double(text), text != "." else {
            throw ExpressionError("unexpected '\(text)'", at: column)
        }
        guard value.isFinite else { throw ExpressionError("number too large '\(text)'", at: column) }
        if index < characters.count, characters[index] == "." {
            throw ExpressionError("unexpected '.'", at: index + 1)
        }
        return ExpressionToken(kind: .number(value), column: column, text: text)
    }

    private static let symbols: [Character: ExpressionToken.Kind] = {
        var symbols: [Character: ExpressionToken.Kind] = [
            "+": .plus, "-": .minus, "−": .minus,
            "*": .times, "×": .times, "·": .times,
            "/": .divide, "÷": .divide, "^": .caret,
            "(": .openParenthesis, ")": .closeParenthesis, ",": .comma,
            "π": .constant("π", Double.pi), "|": .bar,
        ]
        if let root = Operations.unary("√") { symbols["√"] = .root(root) }
        if let root = Operations.unary("∛") { symbols["∛"] = .root(root) }
        return symbols
    }()

    /// Names made of letters, longest first so that `exp` wins over `e`.
    private static let names: [(String, ExpressionToken.Kind)] = {
        var names: [(String, ExpressionToken.Kind)] = Operations.functionNames.map { ($0.key, .function($0.key, $0.value)) }
        names += Operations.callNames.map { ($0.key, .call($0.key, $0.value)) }
        names.append(("pi", .constant("π", Double.pi)))
        if case .constant(let e)? = Operations.table["e"] { names.append(("e", .constant("e", e))) }
        if case .nullary(let generate)? = Operations.table["rand"] { names.append(("rand", .nullary("rand", generate))) }
        // What descriptions print, so that a description reads back: `sin⁻¹(x)`, `Γ(x)`, `(x)²`, `(x)!`.
        for (symbol, _) in Operations.all {
            guard let op = Operations.unary(symbol) else { continue }
            switch op.notation {
            case .function(let prefix) where prefix.first?.isLetter == true && !prefix.contains("^")
                && Operations.functionNames[prefix] == nil:
                names.append((prefix, .function(prefix, op)))
            case .postfix(let suffix):
                names.append((suffix, .postfix(op)))
            default:
                break
            }
        }
        // Longest first, each length counted once: `String.count` walks the characters, and
        // counting them in the comparison took a million instructions of every start-up.
        return names.map { (length: $0.0.count, entry: $0) }.sorted { $0.length > $1.length }.map { $0.entry }
    }()
}
