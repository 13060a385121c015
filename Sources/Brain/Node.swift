/// An expression tree built by replaying a program's steps.
///
/// The tree is what every view of a program is computed from: its value
/// (`evaluate`), its Unicode description, its ASCII infix expression and a
/// compiled closure for fast graphing.
indirect enum Node: Sendable {
    case number(Double)
    case variable(String)
    case constant(String, Double)
    case nullary(String, @Sendable () -> Double)
    case unary(UnaryOperation, Node)
    case binary(BinaryOperation, Node, Node)
    /// Parentheses the program asked for with `(` and `)`.
    case group(Node)

    // MARK: Value

    /// The value of the tree; an unset variable is 0.
    func evaluate(using variables: [String: Double]) throws(CalculationError) -> Double {
        let value: Double
        switch self {
        case .number(let number): value = number
        case .variable(let name): value = variables[name] ?? 0
        case .constant(_, let constant): value = constant
        case .nullary(_, let generate): value = generate()
        case .group(let inner): value = try inner.evaluate(using: variables)
        case .unary(let op, let operand):
            let a = try operand.evaluate(using: variables)
            if let error = op.check?(a) { throw error }
            value = op.apply(a)
        case .binary(let op, let left, let right):
            let a = try left.evaluate(using: variables)
            let b = try right.evaluate(using: variables)
            if let error = op.check?(a, b) { throw error }
            value = op.apply(a, b)
        }
        guard value.isFinite else { throw CalculationError.nonFinite(value) }
        return value
    }

    /// The tree compiled once into closures; errors and non-finite values come out as NaN.
    ///
    /// Every node returns NaN unless its result is finite and its domain check
    /// passed, so it fails exactly when `evaluate(using:)` throws.
    func compiled(variable: String) -> @Sendable (Double) -> Double {
        switch self {
        case .number(let number):
            return { _ in number }
        case .variable(let name):
            if name == variable { return { x in x } }
            return { _ in 0 }
        case .constant(_, let constant):
            return { _ in constant }
        case .nullary(_, let generate):
            return { _ in generate() }
        case .group(let inner):
            return inner.compiled(variable: variable)
        case .unary(let op, let operand):
            let f = operand.compiled(variable: variable)
            let apply = op.apply
            if let check = op.check {
                return { x in
                    let a = f(x)
                    guard a.isFinite, check(a) == nil else { return .nan }
                    let v = apply(a)
                    return v.isFinite ? v : .nan
                }
            }
            return { x in
                let a = f(x)
                guard a.isFinite else { return .nan }
                let v = apply(a)
                return v.isFinite ? v : .nan
            }
        case .binary(let op, let left, let right):
            let f = left.compiled(variable: variable)
            let g = right.compiled(variable: variable)
            let apply = op.apply
            if let check = op.check {
                return { x in
                    let a = f(x), b = g(x)
                    guard a.isFinite, b.isFinite, check(a, b) == nil else { return .nan }
                    let v = apply(a, b)
                    return v.isFinite ? v : .nan
                }
            }
            return { x in
                let a = f(x), b = g(x)
                guard a.isFinite, b.isFinite else { return .nan }
                let v = apply(a, b)
                return v.isFinite ? v : .nan
            }
        }
    }

    // MARK: Printing

    /// Precedence levels: 1 `+ −`, 2 `× ÷`, 3 unary minus, 4 `^`, 5 atoms.
    static let atomicLevel = 5
    static let negationLevel = 3

    /// How tightly this node binds in the Unicode description.
    var descriptionLevel: Int {
        switch self {
        case .number(let n): n < 0 ? Node.negationLevel : Node.atomicLevel
        case .binary(let op, _, _): op.precedence
        default: Node.atomicLevel
        }
    }

    var isGroup: Bool {
        if case .group = self { true } else { false }
    }

    /// The CS193p description: `√(7 + 9)`, `(7)²`, `4 × π`, `M`.
    ///
    /// The left operand of a binary operation is parenthesized only when its
    /// precedence is lower (`(7 + 9) × 2`), so the description reads as what
    /// the left-to-right brain computed. Same-precedence chains print flat:
    /// `7 + 9 + 6 + 3`.
    var description: String {
        switch self {
        case .number(let n): NumberFormat.description(n)
        case .variable(let name): name
        case .constant(let symbol, _), .nullary(let symbol, _): symbol
        case .group(let inner): "(\(inner.description))"
        case .unary(let op, let operand): op.describe(operand.description, isGrouped: operand.isGroup)
        case .binary(let op, let left, let right):
            "\(Node.wrap(left, below: op.precedence, orEqual: op.isRightAssociative)) \(op.descriptionSymbol) "
                + Node.wrap(right, below: op.precedence, orEqual: !op.isRightAssociative)
        }
    }

    /// `node.description`, parenthesized when it binds looser than `level`.
    static func wrap(_ node: Node, below level: Int, orEqual: Bool) -> String {
        let needs = node.descriptionLevel < level || (orEqual && node.descriptionLevel == level)
        return needs ? "(\(node.description))" : node.description
    }

    /// The tree as an ASCII infix expression that `ExpressionParser` reads back.
    var infix: String { infix(needing: 0) }

    /// Levels of the ASCII form; groups print by precedence alone.
    private var infixLevel: Int {
        switch self {
        case .number(let n): n < 0 ? Node.negationLevel : Node.atomicLevel
        case .group(let inner): inner.infixLevel
        case .binary(let op, _, _): op.precedence
        case .unary(let op, _):
            switch op.infix {
            case .call: Node.atomicLevel
            case .raised, .base: 4
            case .negation: Node.negationLevel
            }
        default: Node.atomicLevel
        }
    }

    private func infix(needing level: Int) -> String {
        let text: String
        switch self {
        case .number(let n): text = NumberFormat.description(n)
        case .variable(let name): text = name == "M" ? "x" : name
        case .constant(let symbol, _): text = symbol == "π" ? "pi" : symbol
        case .nullary(let symbol, _): text = symbol
        case .group(let inner): return inner.infix(needing: level)
        case .unary(let op, let operand):
            switch op.infix {
            case .call(let name): text = "\(name)(\(operand.infix(needing: 0)))"
            case .raised(let exponent): text = "\(operand.infix(needing: Node.atomicLevel))^\(exponent)"
            case .base(let base): text = "\(base)^\(operand.infix(needing: Node.negationLevel))"
            case .negation: text = "-\(operand.infix(needing: Node.negationLevel))"
            }
        case .binary(let op, let left, let right):
            // `^` binds its left operand tighter than unary minus (`-2^2` is -(2^2)),
            // and any exponent may carry a unary minus (`2^-1`).
            let leftLevel = op.isRightAssociative ? Node.atomicLevel : op.precedence
            let rightLevel = op.isRightAssociative ? Node.negationLevel : op.precedence + 1
            text = "\(left.infix(needing: leftLevel)) \(op.infixSymbol) \(right.infix(needing: rightLevel))"
        }
        return infixLevel < level ? "(\(text))" : text
    }
}
