/// The brain's working state while it replays a program, CS193p style.
///
/// An accumulator holds the expression built so far; a binary operation waits
/// in `pending` with its left operand until `=` or the next binary operation
/// (left to right: `2 + 3 × 4 =` is 20). `(` saves the pending operation on a
/// stack and starts afresh; `)` finishes the inner expression, wraps it as a
/// group and restores the saved operation, so `2 + (3 × 4) =` is 14. `=`
/// closes any open groups first.
///
/// Each step costs constant amortized time: it adds at most one node to `tree`.
struct ProgramState: Sendable {
    struct Pending: Sendable {
        var operation: BinaryOperation
        var left: ExpressionTree.Index
    }

    /// Every node built so far, including ones a later step discarded.
    var tree = ExpressionTree()
    var accumulator: ExpressionTree.Index?
    var pending: Pending?
    /// Pending operations saved by each open `(`, outermost first.
    var saved: [Pending?] = []
    /// The first step naming an operation that is not in the table.
    var unknownSymbol: String?

    var isPending: Bool { pending != nil || !saved.isEmpty }

    mutating func apply(_ step: Program.Step) {
        StepCounter.current?.count()
        switch step {
        case .number(let number): enter(.number(number))
        case .variable(let name): enter(.variable(name))
        case .operation(let symbol):
            guard let operation = Operations.table[symbol] else {
                if unknownSymbol == nil { unknownSymbol = symbol }
                return
            }
            perform(operation, symbol: symbol)
        }
    }

    /// An operand replaces the accumulator (after `=` it starts a new expression).
    private mutating func enter(_ node: ExpressionTree.Node) {
        accumulator = tree.add(node)
    }

    private mutating func perform(_ operation: Operation, symbol: String) {
        switch operation {
        case .constant(let value): enter(.constant(symbol, value))
        case .nullary(let generate): enter(.nullary(symbol, generate, drawn: generate()))
        case .unary(let op):
            if let operand = accumulator { accumulator = tree.add(.unary(op, operand)) }
        case .binary(let op):
            if accumulator != nil {
                performPending()
                if let left = accumulator { pending = Pending(operation: op, left: left) }
                accumulator = nil
            } else if pending != nil {
                pending?.operation = op  // a second binary key replaces the first
            }
        case .equals:
            while !saved.isEmpty && accumulator != nil { closeGroup() }
            performPending()
        case .openGroup:
            saved.append(pending)
            pending = nil
            accumulator = nil
        case .closeGroup:
            if !saved.isEmpty && accumulator != nil { closeGroup() }
        }
    }

    private mutating func performPending() {
        if let waiting = pending, let right = accumulator {
            accumulator = tree.add(.binary(waiting.operation, waiting.left, right))
            pending = nil
        }
    }

    private mutating func closeGroup() {
        performPending()
        if let inner = accumulator { accumulator = tree.add(.group(inner)) }
        pending = saved.popLast() ?? nil
    }

    /// The expression whose value the display shows.
    var currentNode: ExpressionTree.Index? {
        accumulator ?? pending?.left ?? saved.last(where: { $0 != nil })??.left
    }

    /// The description of everything entered, pending parts included.
    var description: String {
        var text = ""
        for outer in saved {
            if let outer { tree.appendPending(outer.operation, left: outer.left, to: &text) }
            text += "("
        }
        if let pending { tree.appendPending(pending.operation, left: pending.left, to: &text) }
        if let accumulator { tree.appendDescription(of: accumulator, to: &text) }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// The value of the current expression, or why there is none.
    func value(using variables: [String: Double], angle: AngleMode = .radians) throws(CalculationError) -> Double? {
        if let unknownSymbol { throw .unknownOperation(unknownSymbol) }
        guard let node = currentNode else { return nil }
        return try tree.value(of: node, using: variables, angle: angle)
    }

    func evaluation(using variables: [String: Double], angle: AngleMode = .radians) -> Evaluation {
        var result: Double?
        var error: CalculationError?
        do throws(CalculationError) {
            result = try value(using: variables, angle: angle)
        } catch let failure {
            error = failure
        }
        return Evaluation(result: result, isPending: isPending, description: description, error: error)
    }
}
