/// Parses typed infix expressions into the same programs the keypad builds.
///
/// Grammar, loosest first: `+ −`; `× ÷` and implicit multiplication (`2x`,
/// `2(x+1)`, `2 sin(x)`, `(x+1)(x-1)`); unary minus (`-2^2` is -(2^2));
/// right-associative `^` whose exponent may be signed (`2^-1`); atoms:
/// numbers (`1.5`, `.5`, `1e-3`), `pi`/`π`, `e`, `rand`, `x`/`M` (the
/// variable M), parameters (a lowercase letter that is not taken: `a` in `sin(a x)`, see
/// `Program.isParameterName`), `name(expression)` for every function of the symbol table (sin cos
/// tan asin acos atan sqrt cbrt ln log log2 exp abs floor ceil trunc round sign sgn
/// sinh cosh tanh asinh acosh atanh sec csc cot gamma), `mod(a, b)`, `min(a, b)`,
/// `max(a, b)`, `√`/`∛` before an operand, postfix `!` (x! is Γ(x + 1)), and parentheses.
///
/// The brain evaluates left to right with one pending operation, so the
/// parser emits a binary operation's left operand as is, and its right
/// operand inside `(` `)` steps when that operand is itself a binary
/// operation; a unary operation's binary operand is grouped the same way.
/// A program whose outermost node is binary ends with `=`. So `2+3*4` becomes
/// `2 + ( 3 × 4 ) =` (14, described `2 + (3 × 4)`) and `(2+3)*4` becomes
/// `2 + 3 × 4 =` (20, described `(2 + 3) × 4`), just as keys would build them.
///
/// Descriptions read back too: `×`, `÷`, `−`, `sin⁻¹(x)`, `log₂(x)`, `Γ(x)`, `(x)²`, `(x)³`, `(x)⁻¹`,
/// `(x)!`, `|x|`.
///
/// Limits, each a clear error: at most `maximumLength` characters, `maximumNesting` levels
/// of parentheses, function calls, roots and bars, and `Program.maximumStepCount` steps.
/// Chains (`1+1+…`, `1^1^…`, `--…-1`) are parsed by loops, so only nesting uses the stack.
package enum ExpressionParser {
    /// The longest expression accepted, in characters (Unicode scalars): 100 000.
    ///
    /// Far beyond anything typed or pasted by hand, and parsing, evaluating and describing
    /// are linear, so even the longest expression takes milliseconds.
    package static let maximumLength = 100_000

    /// The deepest nesting of parentheses, function calls, `√`/`∛` and `|…|`: 256.
    ///
    /// Each level is a few stack frames of the recursive-descent parser, so 256 levels stay
    /// far from the stack's end on any thread, while no readable expression nests so deep.
    package static let maximumNesting = 256

    /// The program for an expression such as `2 sin(x) + 1`, in which `coordinates` are the
    /// variables (x by default; `Relation` parses the other kinds of curve).
    package static func parse(_ text: String, coordinates: Coordinates = .x) throws(ExpressionError) -> Program {
        let length = text.unicodeScalars.count
        guard length <= maximumLength else { throw .tooLong(characters: length) }
        var lexer = ExpressionLexer(text, coordinates: coordinates)
        let tokens = try lexer.tokens()
        if tokens.count == 1 { throw .empty }
        var parser = Parser(tokens: tokens)
        let root = try parser.expression()
        try parser.expectEnd()
        var steps = Self.steps(for: root, in: parser.tree)
        if parser.tree.isBinary(root) { steps.append(.operation("=")) }
        guard steps.count <= Program.maximumStepCount else { throw .tooManySteps(steps.count) }
        return Program(steps: steps)
    }

    /// A step still to emit, or a node whose steps are still to emit.
    private enum Work {
        case step(Program.Step)
        case node(ExpressionTree.Index)
        /// An operand the brain must finish on its own: binary ones go in parentheses.
        case grouped(ExpressionTree.Index)
    }

    /// The steps that make the brain build the tree at `root`, in one linear pass.
    static func steps(for root: ExpressionTree.Index, in tree: ExpressionTree) -> [Program.Step] {
        var steps: [Program.Step] = []
        var stack: [Work] = [.node(root)]
        while let work = stack.popLast() {
            switch work {
            case .step(let step): steps.append(step)
            case .grouped(let index):
                if tree.isBinary(index) {
                    steps.append(.operation("("))
                    stack += [.step(.operation(")")), .node(index)]
                } else {
                    stack.append(.node(index))
                }
            case .node(let index):
                switch tree[index] {
                case .number(let value): steps.append(.number(value))
                case .variable(let name): steps.append(.variable(name))
                case .constant(let symbol, _), .nullary(let symbol, _, _): steps.append(.operation(symbol))
                case .group(let inner): stack.append(.grouped(inner))
                case .unary(let op, let operand): stack += [.step(.operation(op.symbol)), .grouped(operand)]
                case .binary(let op, let left, let right):
                    stack += [.grouped(right), .step(.operation(op.symbol)), .node(left)]
                }
            }
        }
        return steps
    }
}

/// A recursive-descent parser over the lexer's tokens, building an `ExpressionTree`.
private struct Parser {
    typealias Index = ExpressionTree.Index

    let tokens: [ExpressionToken]
    var position = 0
    var tree = ExpressionTree()
    /// How many parentheses, calls, roots and bars enclose the current token.
    var depth = 0

    init(tokens: [ExpressionToken]) {
        self.tokens = tokens
    }

    /// The current token; the last token is always `.end`.
    var current: ExpressionToken { tokens[min(position, tokens.count - 1)] }

    mutating func advance() { position += 1 }

    func unexpected() -> ExpressionError {
        if case .end = current.kind { return ExpressionError("unexpected end of expression", at: current.column) }
        return ExpressionError("unexpected \(VisibleText.quoted(current.text))", at: current.column)
    }

    func expectEnd() throws(ExpressionError) {
        guard case .end = current.kind else { throw unexpected() }
    }

    /// Enters one more level of nesting, refusing to go deeper than the limit.
    mutating func enterNesting() throws(ExpressionError) {
        depth += 1
        if depth > ExpressionParser.maximumNesting { throw .nestedTooDeeply(at: current.column) }
    }

    /// `term (('+' | '-') term)*`
    mutating func expression() throws(ExpressionError) -> Index {
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
    mutating func term() throws(ExpressionError) -> Index {
        var node = try signed()
        while true {
            switch current.kind {
            case .times:
                advance()
                node = try binary("×", node, signed())
            case .divide:
                advance()
                node = try binary("÷", node, signed())
            case .constant, .coordinate, .parameter, .nullary, .function, .call, .root, .openParenthesis:
                node = try binary("×", node, power())
            default:
                return node
            }
        }
    }

    /// `('-' | '+')* power`: each `-` negates what follows.
    mutating func signed() throws(ExpressionError) -> Index {
        let negations = signs()
        return try negated(power(), times: negations)
    }

    /// Skips a run of signs and counts its minus signs.
    mutating func signs() -> Int {
        var negations = 0
        while true {
            switch current.kind {
            case .minus: negations += 1
            case .plus: break
            default: return negations
            }
            advance()
        }
    }

    func negation() throws(ExpressionError) -> UnaryOperation {
        guard let negate = Operations.unary("±") else { throw unexpected() }
        return negate
    }

    mutating func negated(_ node: Index, times count: Int) throws(ExpressionError) -> Index {
        var node = node
        if count > 0 {
            let negate = try negation()
            for _ in 0..<count { node = tree.add(.unary(negate, node)) }
        }
        return node
    }

    /// `postfixed ('^' signed)?`, right-associative: `a ^ -b ^ c` is `a ^ (-(b ^ c))`.
    ///
    /// A chain is read by a loop and built from the right, so its length costs no stack.
    mutating func power() throws(ExpressionError) -> Index {
        var operands = [(negations: 0, node: try postfixed())]
        while case .caret = current.kind {
            advance()
            let negations = signs()
            operands.append((negations, try postfixed()))
        }
        guard let op = Operations.binary("xʸ") else { throw unexpected() }
        var node = try negated(operands[operands.count - 1].node, times: operands[operands.count - 1].negations)
        for index in stride(from: operands.count - 2, through: 0, by: -1) {
            node = tree.add(.binary(op, operands[index].node, node))
            node = try negated(node, times: operands[index].negations)
        }
        return node
    }

    /// `atom ('²' | '³' | '⁻¹' | '!')*`
    mutating func postfixed() throws(ExpressionError) -> Index {
        var node = try atom()
        while case .postfix(let op) = current.kind {
            advance()
            node = tree.add(.unary(op, node))
        }
        return node
    }

    mutating func atom() throws(ExpressionError) -> Index {
        let token = current
        switch token.kind {
        case .number(let value):
            advance()
            return tree.add(.number(value))
        case .constant(let symbol, let value):
            advance()
            return tree.add(.constant(symbol, value))
        case .coordinate(let name):
            advance()
            return tree.add(.variable(name))
        case .parameter(let name):
            advance()
            return tree.add(.variable(name))
        case .nullary(let symbol, let generate):
            advance()
            return tree.add(.nullary(symbol, generate, drawn: 0))
        case .root(let op):
            try enterNesting()
            advance()
            let operand = try signed()
            depth -= 1
            return tree.add(.unary(op, operand))
        case .function(let name, let op):
            advance()
            guard case .openParenthesis = current.kind else {
                throw ExpressionError("expected '(' after '\(name)'", at: current.column)
            }
            let operand = try parenthesized()
            return tree.add(.unary(op, operand))
        case .call(let name, let op):
            advance()
            guard case .openParenthesis = current.kind else {
                throw ExpressionError("expected '(' after '\(name)'", at: current.column)
            }
            try enterNesting()
            advance()
            let left = try expression()
            try consume(",") { if case .comma = $0 { true } else { false } }
            let right = try expression()
            try consume(")") { if case .closeParenthesis = $0 { true } else { false } }
            depth -= 1
            return tree.add(.binary(op, left, right))
        case .openParenthesis:
            return try parenthesized()
        case .bar:
            let inner = try enclosed(closer: "|") { if case .bar = $0 { true } else { false } }
            guard let abs = Operations.unary("|x|") else { throw unexpected() }
            return tree.add(.unary(abs, inner))
        default:
            throw unexpected()
        }
    }

    /// `'(' expression ')'`
    mutating func parenthesized() throws(ExpressionError) -> Index {
        try enclosed(closer: ")") { if case .closeParenthesis = $0 { true } else { false } }
    }

    /// An opening token, an expression one level deeper, and the token `closes` accepts,
    /// named `closer` in the error when it is missing.
    mutating func enclosed(closer: String, closes: (ExpressionToken.Kind) -> Bool) throws(ExpressionError) -> Index {
        try enterNesting()
        advance()
        let inner = try expression()
        try consume(closer, where: closes)
        depth -= 1
        return inner
    }

    /// Skips the token `matches` accepts, named `expected` in the error when it is missing.
    mutating func consume(_ expected: String, where matches: (ExpressionToken.Kind) -> Bool) throws(ExpressionError) {
        guard matches(current.kind) else {
            if case .end = current.kind { throw ExpressionError("expected '\(expected)'", at: current.column) }
            throw ExpressionError("expected '\(expected)' instead of \(VisibleText.quoted(current.text))", at: current.column)
        }
        advance()
    }

    mutating func binary(_ symbol: String, _ left: Index, _ right: Index) throws(ExpressionError) -> Index {
        guard let op = Operations.binary(symbol) else { throw unexpected() }
        return tree.add(.binary(op, left, right))
    }
}
