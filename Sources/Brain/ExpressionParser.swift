/// Parses typed infix expressions into the same programs the keypad builds.
///
/// Grammar, loosest first: `+ −`; `× ÷` and implicit multiplication (`2x`,
/// `2(x+1)`, `2 sin(x)`, `(x+1)(x-1)`); unary minus (`-2^2` is -(2^2));
/// right-associative `^` whose exponent may be signed (`2^-1`); atoms:
/// numbers (`1.5`, `.5`, `1e-3`), `pi`/`π`, `e`, `rand`, `x`/`M` (the
/// variable M), `name(expression)` for sin cos tan asin acos atan sqrt cbrt
/// ln log exp abs, `√`/`∛` before an operand, and parentheses.
///
/// The brain evaluates left to right with one pending operation, so the
/// parser emits a binary operation's left operand as is, and its right
/// operand inside `(` `)` steps when that operand is itself a binary
/// operation; a unary operation's binary operand is grouped the same way.
/// A program whose outermost node is binary ends with `=`. So `2+3*4` becomes
/// `2 + ( 3 × 4 ) =` (14, described `2 + (3 × 4)`) and `(2+3)*4` becomes
/// `2 + 3 × 4 =` (20, described `(2 + 3) × 4`), just as keys would build them.
public enum ExpressionParser {
    /// The program for an expression such as `2 sin(x) + 1`.
    public static func parse(_ text: String) throws(ExpressionError) -> Program {
        var lexer = ExpressionLexer(text)
        let tokens = try lexer.tokens()
        if tokens.count == 1 { throw .empty }
        var parser = Parser(tokens: tokens)
        let node = try parser.expression()
        try parser.expectEnd()
        var steps = Self.steps(for: node)
        if case .binary = node { steps.append(.operation("=")) }
        return Program(steps: steps)
    }

    /// The steps that make the brain build `node`.
    static func steps(for node: Node) -> [Program.Step] {
        switch node {
        case .number(let value): [.number(value)]
        case .variable(let name): [.variable(name)]
        case .constant(let symbol, _), .nullary(let symbol, _): [.operation(symbol)]
        case .group(let inner): grouped(inner)
        case .unary(let op, let operand): grouped(operand) + [.operation(op.symbol)]
        case .binary(let op, let left, let right): steps(for: left) + [.operation(op.symbol)] + grouped(right)
        }
    }

    /// The steps for an operand the brain must finish on its own: binary ones go in parentheses.
    private static func grouped(_ node: Node) -> [Program.Step] {
        if case .binary = node { return [.operation("(")] + steps(for: node) + [.operation(")")] }
        return steps(for: node)
    }
}

/// A recursive-descent parser over the lexer's tokens.
private struct Parser {
    let tokens: [ExpressionToken]
    var position = 0

    init(tokens: [ExpressionToken]) {
        self.tokens = tokens
    }

    /// The current token; the last token is always `.end`.
    var current: ExpressionToken { tokens[min(position, tokens.count - 1)] }

    mutating func advance() { position += 1 }

    func unexpected() -> ExpressionError {
        if case .end = current.kind { return ExpressionError("unexpected end of expression", at: current.column) }
        return ExpressionError("unexpected '\(current.text)'", at: current.column)
    }

    func expectEnd() throws(ExpressionError) {
        guard case .end = current.kind else { throw unexpected() }
    }

    /// `term (('+' | '-') term)*`
    mutating func expression() throws(ExpressionError) -> Node {
        var node = try term()
        while true {
            let symbol: String
            switch current.kind {
            case .plus: symbol = "+"
            case .minus: symbol = "−"
            default: return node
            }
            advance()
            node = try binary(symbol, node, term())
        }
    }

    /// `signed (('*' | '/') signed | power)*` — the last case is implicit multiplication.
    mutating func term() throws(ExpressionError) -> Node {
        var node = try signed()
        while true {
            switch current.kind {
            case .times:
                advance()
                node = try binary("×", node, signed())
            case .divide:
                advance()
                node = try binary("÷", node, signed())
            case .constant, .variable, .nullary, .function, .root, .openParenthesis:
                node = try binary("×", node, power())
            default:
                return node
            }
        }
    }

    /// `('-' | '+') signed | power`
    mutating func signed() throws(ExpressionError) -> Node {
        switch current.kind {
        case .minus:
            advance()
            let operand = try signed()
            guard let negate = Operations.unary("±") else { throw unexpected() }
            return .unary(negate, operand)
        case .plus:
            advance()
            return try signed()
        default:
            return try power()
        }
    }

    /// `atom ('^' signed)?`, right-associative.
    mutating func power() throws(ExpressionError) -> Node {
        let base = try atom()
        guard case .caret = current.kind else { return base }
        advance()
        return try binary("xʸ", base, signed())
    }

    mutating func atom() throws(ExpressionError) -> Node {
        let token = current
        switch token.kind {
        case .number(let value):
            advance()
            return .number(value)
        case .constant(let symbol, let value):
            advance()
            return .constant(symbol, value)
        case .variable:
            advance()
            return .variable("M")
        case .nullary(let symbol, let generate):
            advance()
            return .nullary(symbol, generate)
        case .root(let op):
            advance()
            return .unary(op, try signed())
        case .function(let name, let op):
            advance()
            guard case .openParenthesis = current.kind else {
                throw ExpressionError("expected '(' after '\(name)'", at: current.column)
            }
            return .unary(op, try parenthesized())
        case .openParenthesis:
            return try parenthesized()
        default:
            throw unexpected()
        }
    }

    /// `'(' expression ')'`
    mutating func parenthesized() throws(ExpressionError) -> Node {
        advance()
        let inner = try expression()
        guard case .closeParenthesis = current.kind else {
            if case .end = current.kind { throw ExpressionError("expected ')'", at: current.column) }
            throw ExpressionError("expected ')' instead of '\(current.text)'", at: current.column)
        }
        advance()
        return inner
    }

    func binary(_ symbol: String, _ left: Node, _ right: Node) throws(ExpressionError) -> Node {
        guard let op = Operations.binary(symbol) else { throw unexpected() }
        return .binary(op, left, right)
    }
}
