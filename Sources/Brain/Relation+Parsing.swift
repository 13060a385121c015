extension Relation {
    /// The relation `text` writes, its kind told by its shape:
    /// - `(f(t), g(t))`, a pair in parentheses, is parametric;
    /// - `r = f(θ)` is polar;
    /// - `y = f(x)` (or `f(x) = y`) with no y on the other side is a function, and a bare
    ///   `f(x)` too, parsed exactly as `ExpressionParser.parse` parses it;
    /// - `x = f(y)` with no x on the other side is a function of y;
    /// - any other equation in x and y is implicit;
    /// - `<`, `>`, `<=`, `>=`, `≤` or `≥` make an inequality; two of them, both one way, a double
    ///   inequality (`0 < y < 1`, `4 > x^2 + y^2 >= 1`); `r < f(θ)` (any comparison) a polar one.
    ///
    /// Errors name the column in the whole text, as `ExpressionParser`'s do.
    package static func parse(_ text: String) throws(ExpressionError) -> Relation {
        let length = text.unicodeScalars.count
        guard length <= ExpressionParser.maximumLength else { throw .tooLong(characters: length) }
        let characters = Array(text)
        let operators = relationOperators(in: characters)
        if operators.count == 2, let first = operators[0].comparison, let second = operators[1].comparison {
            return try between(characters, operators[0], first, operators[1], second)
        }
        if operators.count > 1 {
            let second = operators[1]
            throw ExpressionError("a second \(VisibleText.quoted(second.text)) (a relation has one '=', one '<', '>', '<=', '>=', "
                                  + "or two comparisons, as in 0 < y < 1)",
                                  at: second.offset + 1)
        }
        guard let found = operators.first else {
            if let (x, y) = try parametric(characters) { return .parametric(x: x, y: y) }
            return .function(try ExpressionParser.parse(text))
        }
        let left = Array(characters[..<found.offset])
        let right = Array(characters[(found.offset + found.text.count)...])
        let rightStart = found.offset + found.text.count
        if String(left).trimmingSpaces == "r" {
            let radius = try side(right, from: rightStart, coordinates: .theta, of: found)
            guard let comparison = found.comparison else { return .polar(radius) }
            return .polarInequality(comparison, radius)
        }
        let l = try side(left, from: 0, coordinates: .xy, of: found)
        let r = try side(right, from: rightStart, coordinates: .xy, of: found)
        guard let comparison = found.comparison else { return equation(l, r) }
        return .inequality(l, comparison, r)
    }

    /// `low ⋚ middle ⋚ high`, both comparisons one way (`<` or `≤` twice, or `>` or `≥` twice).
    private static func between(_ characters: [Character], _ first: RelationOperator, _ firstComparison: Comparison,
                                _ second: RelationOperator, _ secondComparison: Comparison) throws(ExpressionError) -> Relation {
        guard firstComparison.leftIsLarger == secondComparison.leftIsLarger else {
            throw ExpressionError("a double inequality reads one way: a < y < b or a > y > b", at: second.offset + 1)
        }
        let middleStart = first.offset + first.text.count, highStart = second.offset + second.text.count
        let low = try side(Array(characters[..<first.offset]), from: 0, coordinates: .xy, of: first)
        let middle = try side(Array(characters[middleStart..<second.offset]), from: middleStart, coordinates: .xy, of: first)
        let high = try side(Array(characters[highStart...]), from: highStart, coordinates: .xy, of: second)
        return .between(low, firstComparison, middle, secondComparison, high)
    }

    /// The kind of `left = right`: a function of x or of y when one side is that variable alone
    /// and the other does not name it, else implicit.
    package static func equation(_ left: Program, _ right: Program) -> Relation {
        let y = Coordinates.yVariable, x = Coordinates.xVariable
        if left.isVariable(y), !right.names(y) { return .function(right) }
        if right.isVariable(y), !left.names(y) { return .function(left) }
        if left.isVariable(x), !right.names(x) { return .inverse(right) }
        if right.isVariable(x), !left.names(x) { return .inverse(left) }
        return .implicit(left, right)
    }

    /// One side of a relation, parsed with `coordinates`; its errors' columns are moved by
    /// `start`, and an empty side is named.
    private static func side(_ characters: [Character], from start: Int, coordinates: Coordinates,
                             of found: RelationOperator) throws(ExpressionError) -> Program {
        let text = String(characters)
        guard !text.trimmingSpaces.isEmpty else {
            let place = start == 0 ? "before" : "after"
            throw ExpressionError("nothing \(place) \(VisibleText.quoted(found.text))", at: found.offset + 1)
        }
        do {
            return try ExpressionParser.parse(text, coordinates: coordinates)
        } catch {
            throw error.column >= 1 ? ExpressionError(error.message, at: error.column + start) : error
        }
    }

    /// The two programs of `(f(t), g(t))`: text in one pair of parentheses with a comma at their
    /// level; nil for any other shape.
    private static func parametric(_ characters: [Character]) throws(ExpressionError) -> (Program, Program)? {
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }), characters[first] == "(",
              let last = characters.lastIndex(where: { !$0.isWhitespace }), characters[last] == ")" else { return nil }
        var depth = 0
        var comma: Int?
        for index in first...last {
            switch characters[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                // The first parenthesis closes before the end: `(t)(t)`, not a pair.
                if depth == 0, index != last { return nil }
            case "," where depth == 1:
                if comma != nil {
                    throw ExpressionError("a point has two coordinates: (f(t), g(t))", at: index + 1)
                }
                comma = index
            default: break
            }
        }
        guard let comma else { return nil }
        let none = RelationOperator(offset: comma, text: ",", comparison: nil)
        let x = try side(Array(characters[(first + 1)..<comma]), from: first + 1, coordinates: .t, of: none)
        let y = try side(Array(characters[(comma + 1)..<last]), from: comma + 1, coordinates: .t, of: none)
        return (x, y)
    }

    /// An `=` or a comparison found in a relation's text.
    private struct RelationOperator {
        /// Where it starts, from 0, in characters.
        var offset: Int
        /// How it was typed.
        var text: String
        /// What it compares; nil for `=`.
        var comparison: Comparison?
    }

    /// Every relation operator in `characters`, in order, `<=` read as one.
    private static func relationOperators(in characters: [Character]) -> [RelationOperator] {
        var found: [RelationOperator] = []
        var index = 0
        while index < characters.count {
            let match = Comparison.typed.first { typed, _ in
                let scalars = Array(typed)
                return index + scalars.count <= characters.count && Array(characters[index..<(index + scalars.count)]) == scalars
            }
            if let (typed, comparison) = match {
                found.append(RelationOperator(offset: index, text: typed, comparison: comparison))
                index += typed.count
            } else {
                index += 1
            }
        }
        return found
    }
}

extension String {
    /// The text without spaces at either end.
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
