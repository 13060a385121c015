/// Values of a tree: checked evaluation for the display, and a compiled function for graphs.
extension ExpressionTree {
    /// The value of the tree at `root`; an unset variable is 0.
    ///
    /// One forward pass over the nodes `root` depends on. They come in post-order, so the
    /// first failure met is the one a left-to-right recursive evaluation would report.
    func value(of root: Index, using variables: [String: Double]) throws(CalculationError) -> Double {
        let order = reachable(from: root)
        var values = [Double](repeating: 0, count: root + 1)
        for index in order {
            let value: Double
            switch nodes[index] {
            case .number(let number): value = number
            case .variable(let name): value = variables[name] ?? 0
            case .constant(_, let constant): value = constant
            case .nullary(_, _, let drawn): value = drawn
            case .group(let inner): value = values[inner]
            case .unary(let op, let operand):
                let a = values[operand]
                if let error = op.check?(a) { throw error }
                value = op.apply(a)
            case .binary(let op, let left, let right):
                let a = values[left], b = values[right]
                if let error = op.check?(a, b) { throw error }
                value = op.apply(a, b)
            }
            guard value.isFinite else { throw CalculationError.nonFinite(value) }
            values[index] = value
        }
        return values[root]
    }

    /// One step of a compiled tree; operands are slots of earlier instructions.
    private enum Instruction: Sendable {
        case constant(Double)
        case variable
        case nullary(@Sendable () -> Double)
        case unary(@Sendable (Double) -> Double, (@Sendable (Double) -> CalculationError?)?, Int)
        case binary(@Sendable (Double, Double) -> Double, (@Sendable (Double, Double) -> CalculationError?)?, Int, Int)
        case copy(Int)
    }

    /// The tree at `root` compiled once into a list of instructions; errors and non-finite
    /// values come out as NaN, so it fails exactly when `value(of:using:)` throws.
    func compiled(_ root: Index, variable: String) -> @Sendable (Double) -> Double {
        let order = reachable(from: root)
        var slot = [Int](repeating: 0, count: root + 1)
        var program: [Instruction] = []
        program.reserveCapacity(order.count)
        for index in order {
            slot[index] = program.count
            switch nodes[index] {
            case .number(let number), .constant(_, let number): program.append(.constant(number))
            case .variable(let name): program.append(name == variable ? .variable : .constant(0))
            case .nullary(_, let generate, _): program.append(.nullary(generate))
            case .group(let inner): program.append(.copy(slot[inner]))
            case .unary(let op, let operand): program.append(.unary(op.apply, op.check, slot[operand]))
            case .binary(let op, let left, let right):
                program.append(.binary(op.apply, op.check, slot[left], slot[right]))
            }
        }
        let instructions = program
        return { x in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: instructions.count) { values in
                for (position, instruction) in instructions.enumerated() {
                    let value: Double
                    switch instruction {
                    case .constant(let constant): value = constant
                    case .variable: value = x
                    case .nullary(let generate): value = generate()
                    case .copy(let from): value = values[from]
                    case .unary(let apply, let check, let operand):
                        let a = values[operand]
                        if !a.isFinite || check?(a) != nil {
                            value = .nan
                        } else {
                            value = apply(a)
                        }
                    case .binary(let apply, let check, let left, let right):
                        let a = values[left], b = values[right]
                        if !a.isFinite || !b.isFinite || check?(a, b) != nil {
                            value = .nan
                        } else {
                            value = apply(a, b)
                        }
                    }
                    values[position] = value.isFinite ? value : .nan
                }
                return values[instructions.count - 1]
            }
        }
    }
}
