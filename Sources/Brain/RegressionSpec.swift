/// A regression as Desmos writes one: `y ~ a x + b`, the column fitted on the left of `~`, a
/// model in x with named parameters on the right (`temp ~ a day + b` names the columns instead).
///
/// Brain reads the text and knows the model's shape (`Program+Regression.swift`); fitting it is
/// Figure's, with the Fitting module, so Brain stays free of both.
package struct RegressionSpec: Equatable, Sendable {
    /// The text as typed.
    package let text: String
    /// What the left side names: `y`, or the column fitted (`temp`).
    package let response: String
    /// What the model calls x: `x`, or a column's name (`day`).
    package let predictor: String
    /// The right side, with the predictor stored as x (`M`), its parameters as variables.
    package let model: Program
    /// The model's parameters in the order the text first names them (`m`, `b` for `m x + b`).
    package let parameters: [String]
    /// The right side as typed, for the fitted equation.
    package let modelText: String

    /// Whether `text` is a regression rather than a relation: it has a `~`.
    package static func isRegression(_ text: String) -> Bool {
        text.contains("~")
    }

    /// The regression `text` writes. The predictor is, in this order: the one column of
    /// `columns` the model names as a whole word, x when the model reads with x alone, or the
    /// one word that is neither a function nor a constant (`day`); every other free letter is a
    /// parameter (as `Program.isParameterName` has them: not x, e, y, t or r).
    ///
    /// Errors name the column in the whole text, as `ExpressionParser`'s do.
    package static func parse(_ text: String, columns: [String] = []) throws(ExpressionError) -> RegressionSpec {
        let length = text.unicodeScalars.count
        guard length <= ExpressionParser.maximumLength else { throw .tooLong(characters: length) }
        let characters = Array(text)
        guard let tilde = characters.firstIndex(of: "~") else {
            throw ExpressionError("a regression is written y ~ model, such as y ~ a x + b", at: 1)
        }
        if let second = characters[(tilde + 1)...].firstIndex(of: "~") {
            throw ExpressionError("a second '~' (a regression has one: y ~ a x + b)", at: second + 1)
        }
        let left = String(characters[..<tilde]).trimmedOfSpaces
        guard !left.isEmpty else { throw ExpressionError("nothing before '~': name what is fitted, as in y ~ a x + b", at: tilde + 1) }
        guard Identifier.isIdentifier(left) else {
            throw ExpressionError("\(VisibleText.quoted(left)) is not a column's name: the left side of '~' names what is fitted "
                                  + "(y, or a column such as temp)", at: 1)
        }
        let modelStart = tilde + 1
        let modelText = String(characters[modelStart...])
        guard !modelText.trimmedOfSpaces.isEmpty else {
            throw ExpressionError("nothing after '~': write the model, as in y ~ a x + b", at: tilde + 1)
        }
        if Identifier.words(in: modelText).contains(left) {
            throw ExpressionError("the model names \(VisibleText.quoted(left)), what it fits", at: modelStart + 1)
        }
        let (predictor, model) = try readModel(modelText, from: modelStart, response: left, columns: columns)
        let parameters = model.parametersInOrder
        guard !parameters.isEmpty else {
            throw ExpressionError("the model has no parameters to fit: name them with letters, as in y ~ a x + b", at: modelStart + 1)
        }
        return RegressionSpec(text: text, response: left, predictor: predictor, model: model, parameters: parameters,
                              modelText: modelText)
    }

    /// The predictor and the program of the model's text, which starts at `start` in the whole text.
    private static func readModel(_ text: String, from start: Int, response: String,
                                  columns: [String]) throws(ExpressionError) -> (String, Program) {
        let words = Identifier.words(in: text)
        let named = columns.filter { $0 != response && Identifier.isIdentifier($0) && words.contains($0) }
        if named.count > 1 {
            throw ExpressionError("the model names \(named.count) columns (\(named.map(VisibleText.quoted).joined(separator: ", "))): "
                                  + "a regression has one x", at: start + 1)
        }
        if let column = named.first { return (column, try parse(text, from: start, x: column)) }
        if let program = try? ExpressionParser.parse(text) { return ("x", program) }
        let unknown = words.filter { $0.count > 1 && !Identifier.isKnownName($0) }
        if unknown.count == 1, !words.contains("x") { return (unknown[0], try parse(text, from: start, x: unknown[0])) }
        return ("x", try parse(text, from: start, x: "x"))
    }

    /// `text` parsed with `x` as its variable; errors' columns moved by `start`.
    private static func parse(_ text: String, from start: Int, x: String) throws(ExpressionError) -> Program {
        do {
            return try ExpressionParser.parse(text, coordinates: coordinates(x: x))
        } catch {
            throw error.column >= 1 ? ExpressionError(error.message, at: error.column + start) : error
        }
    }
}

extension RegressionSpec {
    /// The coordinates a model whose x is called `x` is read in.
    static func coordinates(x: String) -> Coordinates {
        x == "x" ? Coordinates.x : Coordinates(names: [(x, Coordinates.xVariable)])
    }
}

/// Identifiers in a regression's text: the names of columns.
enum Identifier {
    /// Whether `text` is one identifier: a letter or `_`, then letters, digits and `_`.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// The identifiers of `text`, in order, each once; numbers (`2`, `1.5e-3`) are skipped
    /// whole, so the e of `1e5` is no word, while the x of `2x` is one.
    static func words(in text: String) -> [String] {
        let characters = Array(text)
        var words: [String] = []
        var index = 0
        func isDigit(_ position: Int) -> Bool { position < characters.count && characters[position].isASCII && characters[position].isNumber }
        while index < characters.count {
            let character = characters[index]
            if character.isLetter || character == "_" {
                var end = index + 1
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
                let word = String(characters[index..<end])
                if !words.contains(word) { words.append(word) }
                index = end
            } else if isDigit(index) || character == "." {
                while isDigit(index) || (index < characters.count && characters[index] == ".") { index += 1 }
                if index < characters.count, characters[index] == "e" || characters[index] == "E" {
                    let signed = index + 1 < characters.count && (characters[index + 1] == "-" || characters[index + 1] == "+")
                    let digit = signed ? index + 2 : index + 1
                    if isDigit(digit) {
                        index = digit
                        while isDigit(index) { index += 1 }
                    }
                }
            } else {
                index += 1
            }
        }
        return words
    }

    /// Whether `word` is a name Brain reads by itself: a function, `pi`, `e`, `rand`, `theta`.
    static func isKnownName(_ word: String) -> Bool {
        Operations.functionNames[word] != nil || Operations.callNames[word] != nil
            || ["pi", "e", "rand", "theta"].contains(word)
    }
}

extension String {
    /// The text without spaces at either end.
    var trimmedOfSpaces: String {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return String(self[start..<max(start, end)])
    }
}
