/// Text of a tree: the CS193p description and the ASCII infix expression.
///
/// Both walk the tree with an explicit stack of pieces still to print and append to one
/// string, so printing is linear in the tree's size whatever its depth.
extension ExpressionTree {
    /// A piece of text still to print.
    private enum Piece {
        case text(String)
        case node(Index)
        /// A node printed at least at this level: parenthesized when it binds looser.
        case infix(Index, needing: Int)
    }

    /// The CS193p description of the tree at `root`: `√(7 + 9)`, `(7)²`, `4 × π`, `M`.
    ///
    /// The left operand of a binary operation is parenthesized only when its precedence is
    /// lower (`(7 + 9) × 2`), so the description reads as what the left-to-right brain
    /// computed. Same-precedence chains print flat: `7 + 9 + 6 + 3`.
    func description(of root: Index) -> String {
        var text = ""
        appendDescription(of: root, to: &text)
        return text
    }

    /// Appends the description of the tree at `root` to `text`.
    func appendDescription(of root: Index, to text: inout String) {
        var stack: [Piece] = [.node(root)]
        while let piece = stack.popLast() {
            switch piece {
            case .text(let string): text += string
            case .infix: break
            case .node(let index):
                switch nodes[index] {
                case .number(let n): text += NumberFormat.description(n)
                case .variable(let name): text += name
                case .constant(let symbol, _), .nullary(let symbol, _, _): text += symbol
                case .group(let inner) where isCall(inner):
                    // A call needs no parentheses of its own: `2 + mod(7, 3)`, not `2 + (mod(7, 3))`.
                    stack.append(.node(inner))
                case .group(let inner):
                    text += "("
                    stack += [.text(")"), .node(inner)]
                case .unary(let op, let operand):
                    let inner = insideGroup(operand)
                    switch op.notation {
                    case .function(let prefix):
                        text += prefix + "("
                        stack += [.text(")"), .node(inner)]
                    case .postfix(let suffix):
                        text += "("
                        stack += [.text(")" + suffix), .node(inner)]
                    case .enclosed(let bar):
                        text += bar
                        stack += [.text(bar), .node(inner)]
                    }
                case .binary(let op, let left, let right) where op.isCall:
                    text += op.descriptionSymbol + "("
                    stack += [.text(")"), .node(insideGroup(right)), .text(", "), .node(insideGroup(left))]
                case .binary(let op, let left, let right):
                    stack += wrapped(right, below: op.precedence, orEqual: !op.isRightAssociative).reversed()
                    stack.append(.text(" \(op.descriptionSymbol) "))
                    stack += wrapped(left, below: op.precedence, orEqual: op.isRightAssociative).reversed()
                }
            }
        }
    }

    /// Whether the node is a binary operation written as a call, such as `mod(7, 3)`.
    private func isCall(_ index: Index) -> Bool {
        if case .binary(let op, _, _) = nodes[index] { op.isCall } else { false }
    }

    /// The operand a function's parentheses enclose: one group less, so that `( 7 + 9 ) √`
    /// prints `√(7 + 9)`, not `√((7 + 9))`.
    private func insideGroup(_ index: Index) -> Index {
        if case .group(let grouped) = nodes[index] { grouped } else { index }
    }

    /// The pieces of a node, parenthesized when it binds looser than `level`.
    private func wrapped(_ index: Index, below level: Int, orEqual: Bool) -> [Piece] {
        let own = descriptionLevel(index)
        let needs = own < level || (orEqual && own == level)
        return needs ? [.text("("), .node(index), .text(")")] : [.node(index)]
    }

    /// Appends the description of an operand waiting for a binary operation: `7 + `, `(1 + 2) ^ `.
    func appendPending(_ op: BinaryOperation, left: Index, to text: inout String) {
        if op.isCall {
            text += op.descriptionSymbol + "("
            appendDescription(of: insideGroup(left), to: &text)
            text += ", "
            return
        }
        let own = descriptionLevel(left)
        let needs = own < op.precedence || (op.isRightAssociative && own == op.precedence)
        if needs { text += "(" }
        appendDescription(of: left, to: &text)
        if needs { text += ")" }
        text += " \(op.descriptionSymbol) "
    }

    /// The tree at `root` as an ASCII infix expression that `ExpressionParser` reads back.
    func infix(of root: Index) -> String {
        var text = ""
        var stack: [Piece] = [.infix(root, needing: 0)]
        while let piece = stack.popLast() {
            switch piece {
            case .text(let string): text += string
            case .node(let index): stack.append(.infix(index, needing: 0))
            case .infix(let index, let level):
                let node = unwrappingGroups(index)
                let parenthesize = infixLevel(node) < level
                if parenthesize {
                    text += "("
                    stack.append(.text(")"))
                }
                switch nodes[node] {
                case .number(let n): text += NumberFormat.description(n)
                case .variable(let name): text += name == Coordinates.xVariable ? "x" : name
                case .constant(let symbol, _): text += symbol == "π" ? "pi" : symbol
                case .nullary(let symbol, _, _): text += symbol
                case .group: break  // unwrapped above
                case .unary(let op, let operand):
                    switch op.infix {
                    case .call(let name):
                        text += name + "("
                        stack += [.text(")"), .infix(operand, needing: 0)]
                    case .raised(let exponent):
                        stack += [.text("^" + exponent), .infix(operand, needing: Self.atomicLevel)]
                    case .base(let base):
                        text += base + "^"
                        stack.append(.infix(operand, needing: Self.negationLevel))
                    case .negation:
                        text += "-"
                        stack.append(.infix(operand, needing: Self.negationLevel))
                    case .suffix(let suffix):
                        stack += [.text(suffix), .infix(operand, needing: Self.atomicLevel)]
                    }
                case .binary(let op, let left, let right) where op.isCall:
                    text += op.infixSymbol + "("
                    stack += [.text(")"), .infix(right, needing: 0), .text(", "), .infix(left, needing: 0)]
                case .binary(let op, let left, let right):
                    // `^` binds its left operand tighter than unary minus (`-2^2` is -(2^2)),
                    // and any exponent may carry a unary minus (`2^-1`).
                    let leftLevel = op.isRightAssociative ? Self.atomicLevel : op.precedence
                    let rightLevel = op.isRightAssociative ? Self.negationLevel : op.precedence + 1
                    stack += [.infix(right, needing: rightLevel), .text(" \(op.infixSymbol) "),
                              .infix(left, needing: leftLevel)]
                }
            }
        }
        return text
    }
}
