/// What a regression needs to know of its model's expression: its parameters in the order the
/// text names them, whether it is linear in them, and whether it is one of the shapes whose
/// starting values the fitter can find from the data.
extension Program {
    /// The parameters in the order the expression first names them, left to right (`m`, `b` for
    /// `m x + b`); `parameters` has them alphabetically.
    package var parametersInOrder: [String] {
        let used = Set(parameters)
        var order: [String] = []
        for step in steps {
            if case .variable(let name) = step, used.contains(name), !order.contains(name) { order.append(name) }
        }
        return order
    }

    /// Whether the expression's value is affine in each of `parameters` jointly: a sum of terms
    /// each a parameter times a function of x, plus a function of x (`a x + b`, `a + b sin(x)`,
    /// `(a + 1) x / 2`). Read from the tree, exactly: a parameter inside a function, a power, a
    /// divisor or a product with another parameter makes it nonlinear.
    package func isAffine(in parameters: Set<String>) -> Bool {
        let state = self.state
        guard state.unknownSymbol == nil, let root = state.currentNode else { return false }
        enum Dependence: Comparable { case free, affine, other }
        let tree = state.tree
        var dependence = [Dependence](repeating: .free, count: root + 1)
        for index in tree.reachable(from: root) {
            switch tree[index] {
            case .number, .constant, .nullary: dependence[index] = .free
            case .variable(let name): dependence[index] = parameters.contains(name) ? .affine : .free
            case .group(let inner): dependence[index] = dependence[inner]
            case .unary(let op, let operand):
                let inner = dependence[operand]
                if inner == .free {
                    dependence[index] = .free
                } else if case .negation = op.infix {
                    dependence[index] = inner
                } else {
                    dependence[index] = .other
                }
            case .binary(let op, let left, let right):
                let (l, r) = (dependence[left], dependence[right])
                switch op.symbol {
                case "+", "−": dependence[index] = max(l, r)
                case "×": dependence[index] = l == .free ? r : r == .free ? l : .other
                case "÷": dependence[index] = r == .free ? l : .other
                default: dependence[index] = l == .free && r == .free ? .free : .other
                }
            }
        }
        return dependence[root] != .other
    }

    /// The program with each parameter renamed as `names` says (all at once: a → b and b → a swap).
    package func renamingParameters(_ names: [String: String]) -> Program {
        Program(steps: steps.map { step in
            if case .variable(let name) = step, let new = names[name] { return .variable(new) }
            return step
        })
    }

    /// The program with each parameter `values` gives replaced by that number: a fitted curve.
    package func substitutingParameters(_ values: [String: Double]) -> Program {
        Program(steps: steps.map { step in
            if case .variable(let name) = step, let value = values[name] { return .number(value) }
            return step
        })
    }

    /// The known shape this model is, up to its parameters' names, with its parameters in the
    /// shape's order (`k`, `r` for `k exp(r x)`: a and b of a exp(b x)); nil for any other model.
    /// Compared by description with the shape's usual spellings, each parameter renamed by the
    /// order the text names it, so `a e^(b x)`, `c exp(d x)` and `d + a sin(b x + c)` are known.
    package var knownShape: (shape: ModelShape, parameters: [String])? {
        let own = parametersInOrder
        let placeholders = Self.placeholders(own.count)
        let key = renamingParameters(Dictionary(uniqueKeysWithValues: zip(own, placeholders))).description
        for spelling in ModelShape.spellings where spelling.key == key && spelling.order.count == own.count {
            // Slot k of the shape is the user's parameter named where the spelling names slot k.
            var mapped = [String](repeating: "", count: own.count)
            for (position, slot) in spelling.order.enumerated() { mapped[slot] = own[position] }
            return (spelling.shape, mapped)
        }
        return nil
    }

    /// The first `count` parameter letters, as placeholders: a, b, c, d, f, g, …
    static func placeholders(_ count: Int) -> [String] {
        let letters = "abcdfghijklmnopqsuvwz".map(String.init)
        return (0..<count).map { $0 < letters.count ? letters[$0] : "\($0)" }
    }
}

/// The models whose starting values Fitting finds from the data (`StartingValues`), by their
/// parameters a, b, c, d in order.
package enum ModelShape: String, Sendable, CaseIterable {
    /// a exp(b x).
    case exponential
    /// a sin(b x + c) + d.
    case sine
    /// a / (1 + exp(−b (x − c))).
    case logistic

    /// How each is commonly written, its parameters the shape's a, b, c, d.
    static let texts: [ModelShape: [String]] = [
        .exponential: ["a exp(b x)", "a e^(b x)", "a exp(x b)", "a e^(x b)", "exp(b x) a", "e^(b x) a"],
        .sine: ["a sin(b x + c) + d", "d + a sin(b x + c)", "a sin(c + b x) + d", "d + a sin(c + b x)",
                "a sin(x b + c) + d", "d + a sin(x b + c)"],
        .logistic: ["a / (1 + exp(-b (x - c)))", "a / (1 + e^(-b (x - c)))", "a / (1 + exp(-(b (x - c))))",
                    "a / (1 + exp(b (c - x)))", "a / (1 + e^(b (c - x)))", "a / (exp(-b (x - c)) + 1)"],
    ]

    /// A spelling: its description with parameters renamed by order of appearance, and for
    /// each appearance the slot (0 for a, 1 for b, …) it names.
    struct Spelling {
        var shape: ModelShape
        var key: String
        var order: [Int]
    }

    static let spellings: [Spelling] = {
        var spellings: [Spelling] = []
        for shape in allCases {
            for text in texts[shape] ?? [] {
                guard let program = try? ExpressionParser.parse(text) else { continue }
                let own = program.parametersInOrder
                let slots = own.compactMap { "abcd".map(String.init).firstIndex(of: $0) }
                let renamed = program.renamingParameters(Dictionary(uniqueKeysWithValues: zip(own, Program.placeholders(own.count))))
                spellings.append(Spelling(shape: shape, key: renamed.description, order: slots))
            }
        }
        return spellings
    }()
}
