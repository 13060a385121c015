/// Values of a tree: checked evaluation for the display, and a compiled function for graphs.
extension ExpressionTree {
    /// The value of the tree at `root`, angles read in `angle`; an unset variable is 0 (M) or 1 (a parameter).
    ///
    /// One forward pass over the nodes `root` depends on. They come in post-order, so the
    /// first failure met is the one a left-to-right recursive evaluation would report.
    func value(of root: Index, using variables: [String: Double], angle: AngleMode = .radians) throws(CalculationError) -> Double {
        let order = reachable(from: root)
        var values = [Double](repeating: 0, count: root + 1)
        for index in order {
            let value: Double
            switch nodes[index] {
            case .number(let number): value = number
            case .variable(let name): value = variables[name] ?? Program.unsetValue(of: name)
            case .constant(_, let constant): value = constant
            case .nullary(_, _, let drawn): value = drawn
            case .group(let inner): value = values[inner]
            case .unary(let op, let operand):
                let op = op.reading(angle)
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

    /// What a compiled tree gives where a step overflowed (went past the largest Double) before
    /// anything else failed: a quiet NaN of its own, which every later step passes on unchanged, so
    /// that a missing value says why it is missing, as `value(of:using:)`'s
    /// `CalculationError.overflow` does. Every other failure is another NaN.
    static let overflowed = Double(nan: 0x0F_10CE, signaling: false)

    /// A step's value as a compiled tree keeps it: finite or NaN as it is, ±∞ as `overflowed`.
    @inline(__always)
    static func settled(_ value: Double) -> Double {
        value.isInfinite ? overflowed : value
    }

    /// Whether a compiled tree's result says that a step overflowed.
    static func isOverflowed(_ value: Double) -> Bool {
        value.isNaN && value.significandBitPattern == overflowed.significandBitPattern
    }

    /// The tree at `root` compiled once for graphing, the other variables bound to their values
    /// in `values` (unset ones as `value(of:using:)` has them); errors and non-finite values come
    /// out as NaN, so it fails exactly when `value(of:using:)` throws, and as `overflowed` exactly
    /// when what it throws is an overflow. Shallow trees become nested closures, deeper ones a
    /// `FlatProgram` interpreted in one forward pass.
    func compiled(_ root: Index, variable: String, using values: [String: Double] = [:],
                  angle: AngleMode = .radians) -> @Sendable (Double) -> Double {
        let f = compiled(root, inputs: [variable], using: values, angle: angle)
        return { x in f(SIMD2(x, 0)) }
    }

    /// The tree at `root` compiled as `compiled(_:variable:using:angle:)` is, as a function of
    /// two variables: `variables.0` is its first argument, `variables.1` its second.
    func compiled(_ root: Index, variables: (String, String), using values: [String: Double] = [:],
                  angle: AngleMode = .radians) -> @Sendable (Double, Double) -> Double {
        let f = compiled(root, inputs: [variables.0, variables.1], using: values, angle: angle)
        return { x, y in f(SIMD2(x, y)) }
    }

    /// The tree at `root` compiled as a function of a pair: `inputs` name the variables read from
    /// its first and (if named) second value; the first name wins where both are the same.
    private func compiled(_ root: Index, inputs: [String], using values: [String: Double],
                          angle: AngleMode) -> @Sendable (SIMD2<Double>) -> Double {
        let order = reachable(from: root)
        let bound = { (name: String) in values[name] ?? Program.unsetValue(of: name) }
        let reads = [CompiledNode { $0.x }, CompiledNode { $0.y }]
        let readers = Dictionary(zip(inputs, reads), uniquingKeysWith: { first, _ in first })
        if let nested = nestedClosures(order, root: root, inputs: readers, bound: bound, angle: angle) { return nested.value }
        let program = FlatProgram(self, order: order, root: root, variables: inputs, bound: bound, angle: angle)
        return { input in program.value(at: input.x, input.y) }
    }

    /// Trees at most this deep compile to nested closures: a graph evaluates them millions of
    /// times, and a call per node is about twice as fast as interpreting instructions. Deeper
    /// trees (long right-nested chains) are interpreted, since nested calls recurse as deep as the tree.
    static var nestingLimit: Int { 64 }

    /// One node compiled: its value at x (and y, for a function of two variables).
    ///
    /// The closure sits in a struct of a concrete input so that it is stored and called as it is.
    /// A closure kept in an array or a dictionary, or of a generic input, is stored in the most
    /// general form and called through a reabstraction thunk, at every node of every evaluation:
    /// `sin(x)*x` took about 420 instructions an evaluation that way, 285 this way (callgrind,
    /// `gcview plot 'sin(x)*x'` at 1600 wide, 10 653 evaluations).
    private struct CompiledNode: Sendable {
        let value: @Sendable (SIMD2<Double>) -> Double
    }

    /// The tree compiled to nested closures, with the same results as the instructions; nil when
    /// the tree is deeper than `nestingLimit`. `inputs` read the variables that come from the
    /// input; every other variable is bound to its value.
    private func nestedClosures(_ order: [Index], root: Index, inputs: [String: CompiledNode],
                                bound: (String) -> Double, angle: AngleMode) -> CompiledNode? {
        var depth = [Int](repeating: 0, count: root + 1)
        var closures = [CompiledNode?](repeating: nil, count: root + 1)
        for index in order {
            let f: @Sendable (SIMD2<Double>) -> Double
            switch nodes[index] {
            case .number(let number), .constant(_, let number):
                let value = Self.settled(number)
                f = { _ in value }
            case .variable(let name):
                if let read = inputs[name] {
                    f = read.value
                } else {                    // A bound variable is a constant, NaN when not finite (as a typed number would be).
                    let value = bound(name)
                    let constant = value.isFinite ? value : .nan
                    f = { _ in constant }
                }
            case .nullary(_, let generate, _):
                f = { _ in generate() }
            case .group(let inner):
                depth[index] = depth[inner] + 1
                guard let g = closures[inner] else { return nil }
                f = g.value
            case .unary(let op, let operand):
                depth[index] = depth[operand] + 1
                guard let g = closures[operand]?.value else { return nil }
                let op = op.reading(angle)
                let apply = op.apply, check = op.check
                f = { x in
                    let a = g(x)
                    // A failure below is passed on as it is: the first one met is the one said.
                    guard a.isFinite else { return Self.settled(a) }
                    guard check?(a) == nil else { return .nan }
                    return Self.settled(apply(a))
                }
            case .binary(let op, let left, let right):
                depth[index] = max(depth[left], depth[right]) + 1
                guard let g = closures[left]?.value, let h = closures[right]?.value else { return nil }
                let apply = op.apply, check = op.check
                f = { x in
                    let a = g(x), b = h(x)
                    guard a.isFinite else { return Self.settled(a) }
                    guard b.isFinite else { return Self.settled(b) }
                    guard check?(a, b) == nil else { return .nan }
                    return Self.settled(apply(a, b))
                }
            }
            guard depth[index] <= Self.nestingLimit else { return nil }
            closures[index] = CompiledNode(value: f)
        }
        return closures[root]
    }
}
