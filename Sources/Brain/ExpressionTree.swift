/// Expression trees stored flat: each node refers to its operands by index, and operands
/// always come before the nodes that use them.
///
/// Every view of a program is computed from this store: its value, its Unicode description,
/// its ASCII infix expression, the steps that build it and a compiled function for graphing.
/// Because operands precede their users, a single forward pass evaluates any tree, and
/// printing walks it with an explicit stack: no recursion, so a program as deep as it is long
/// (`1 + 1 + 1 + …`, `1^1^1^…`) costs linear time and never overflows the stack.
struct ExpressionTree: Sendable {
    /// A position in the store.
    typealias Index = Int

    /// One node; operands are indices of earlier nodes.
    enum Node: Sendable {
        case number(Double)
        case variable(String)
        case constant(String, Double)
        /// `rand`: its generator, and the value drawn when the node was made, which the
        /// display shows (a compiled function draws anew at every x).
        case nullary(String, @Sendable () -> Double, drawn: Double)
        case unary(UnaryOperation, Index)
        case binary(BinaryOperation, Index, Index)
        /// Parentheses the program asked for with `(` and `)`.
        case group(Index)
    }

    private(set) var nodes: [Node] = []

    /// Adds a node whose operands are already in the store, and returns its index.
    mutating func add(_ node: Node) -> Index {
        nodes.append(node)
        return nodes.count - 1
    }

    subscript(index: Index) -> Node { nodes[index] }

    /// Which nodes `root` depends on, itself included, in ascending order (a post-order).
    func reachable(from root: Index) -> [Index] {
        var marked = [Bool](repeating: false, count: root + 1)
        marked[root] = true
        var count = 0
        for index in stride(from: root, through: 0, by: -1) where marked[index] {
            count += 1
            switch nodes[index] {
            case .unary(_, let operand), .group(let operand): marked[operand] = true
            case .binary(_, let left, let right):
                marked[left] = true
                marked[right] = true
            case .number, .variable, .constant, .nullary: break
            }
        }
        var order: [Index] = []
        order.reserveCapacity(count)
        for index in 0...root where marked[index] { order.append(index) }
        return order
    }

    // MARK: Precedence

    /// Precedence levels: 1 `+ −`, 2 `× ÷`, 3 unary minus, 4 `^`, 5 atoms (calls such as
    /// `sin(x)` and `mod(a, b)` included).
    static let atomicLevel = 5
    static let negationLevel = 3

    /// How tightly a node binds in the Unicode description.
    ///
    /// `±` prints `-(7)`, a unary minus, so it binds like one: `(-(1)) ^ M`, never `-(1) ^ M`,
    /// which would read as −(1 ^ M). A description so reads back as the same expression.
    func descriptionLevel(_ index: Index) -> Int {
        switch nodes[index] {
        case .number(let n): n < 0 ? Self.negationLevel : Self.atomicLevel
        case .binary(let op, _, _): op.precedence
        case .unary(let op, _):
            switch op.notation {
            case .function("-"): Self.negationLevel
            // `e^(x)` and `10^(x)` are powers: `(e^(1)) ^ M`, never `e^(1) ^ M`, which reads
            // back as e ^ (1 ^ M).
            case .function(let prefix) where prefix.hasSuffix("^"): 4
            // The parser reads what follows `√` as a power, so `√(a) ^ 2` would read back as
            // √(a ^ 2): as a base, a root is parenthesized, `(√(a)) ^ 2`.
            case .function("√"), .function("∛"): 4
            default: Self.atomicLevel
            }
        default: Self.atomicLevel
        }
    }

    /// How tightly a node binds in the ASCII infix expression; groups print by precedence alone.
    func infixLevel(_ index: Index) -> Int {
        switch nodes[unwrappingGroups(index)] {
        case .number(let n): n < 0 ? Self.negationLevel : Self.atomicLevel
        case .binary(let op, _, _): op.precedence
        case .unary(let op, _):
            switch op.infix {
            case .call, .suffix: Self.atomicLevel
            case .raised, .base: 4
            case .negation: Self.negationLevel
            }
        default: Self.atomicLevel
        }
    }

    /// The node inside any number of groups.
    func unwrappingGroups(_ index: Index) -> Index {
        var index = index
        while case .group(let inner) = nodes[index] { index = inner }
        return index
    }

    func isBinary(_ index: Index) -> Bool {
        if case .binary = nodes[index] { true } else { false }
    }
}
