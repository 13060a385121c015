/// A tree compiled for fast evaluation: registers in a flat array, and instructions that each
/// read earlier registers and write their own, run in one forward pass without allocating.
///
/// Constants are loaded once, when a pass starts, from a template of the registers; groups
/// cost nothing (they name their operand's register); `+`, `−` and `×` are computed inline and
/// other operations through their closures. Identical subexpressions are computed once
/// (`sin(x) + sin(x) + …` evaluates `sin(x)` a single time): every operation but `rand` is a pure
/// function of its operands, so sharing their registers changes no value.
struct FlatProgram: Sendable {
    /// What an instruction does.
    enum Opcode: UInt8, Sendable {
        case variable, nullary, add, subtract, multiply, unary, checkedUnary, binary, checkedBinary
    }

    /// One instruction: its operation and the registers of its operands (`function` indexes the
    /// closures of its kind).
    struct Instruction: Sendable {
        var opcode: Opcode
        var target: Int32
        var function: Int32
        var left: Int32
        var right: Int32
    }

    private var template: [Double] = []
    private var instructions: [Instruction] = []
    private var nullaries: [@Sendable () -> Double] = []
    private var unaries: [@Sendable (Double) -> Double] = []
    private var unaryChecks: [@Sendable (Double) -> CalculationError?] = []
    private var binaries: [@Sendable (Double, Double) -> Double] = []
    private var binaryChecks: [@Sendable (Double, Double) -> CalculationError?] = []
    private var result: Int32 = 0

    /// How many instructions run for one value (constants and groups are free).
    var instructionCount: Int { instructions.count }

    /// A key naming a computed value, so that a second copy shares its register.
    private enum Shared: Hashable {
        case constant(UInt64)
        case variable(Int)
        case unary(String, Int32)
        case binary(String, Int32, Int32)
    }

    /// `tree`'s nodes in `order` (a post-order ending at `root`), with `variables` as the inputs
    /// (one or two, in the order `value(at:_:)` takes them) and every other variable a constant,
    /// its value `bound` gives.
    init(_ tree: ExpressionTree, order: [ExpressionTree.Index], root: ExpressionTree.Index, variables: [String],
         bound: (String) -> Double = { Program.unsetValue(of: $0) }, angle: AngleMode = .radians) {
        var register = [Int32](repeating: 0, count: root + 1)
        var shared: [Shared: Int32] = [:]
        for index in order {
            let key: Shared?
            switch tree[index] {
            case .number(let number), .constant(_, let number): key = .constant(number.bitPattern)
            case .variable(let name): key = variables.firstIndex(of: name).map { .variable($0) } ?? .constant(bound(name).bitPattern)
            case .nullary: key = nil
            case .group(let inner):
                register[index] = register[inner]
                continue
            case .unary(let op, let operand): key = .unary(op.symbol, register[operand])
            case .binary(let op, let left, let right): key = .binary(op.symbol, register[left], register[right])
            }
            if let key, let known = shared[key] {
                register[index] = known
                continue
            }
            let target = Int32(template.count)
            register[index] = target
            if let key { shared[key] = target }
            template.append(0)
            add(tree[index], target: target, register: register, variables: variables, bound: bound, angle: angle)
        }
        result = register[root]
    }

    /// Appends what computes `node` into `target`.
    private mutating func add(_ node: ExpressionTree.Node, target: Int32, register: [Int32], variables: [String],
                              bound: (String) -> Double, angle: AngleMode) {
        switch node {
        case .number(let number), .constant(_, let number): template[Int(target)] = ExpressionTree.settled(number)
        case .variable(let name):
            if let input = variables.firstIndex(of: name) {
                append(.variable, target, function: min(input, 1))
            } else {
                let value = bound(name)
                template[Int(target)] = value.isFinite ? value : .nan
            }
        case .nullary(_, let generate, _):
            append(.nullary, target, function: nullaries.count)
            nullaries.append(generate)
        case .group: break
        case .unary(let op, let operand):
            let op = op.reading(angle)
            if let check = op.check {
                append(.checkedUnary, target, function: unaries.count, register[operand])
                unaryChecks.append(check)
            } else {
                append(.unary, target, function: unaries.count, register[operand])
                unaryChecks.append { _ in nil }
            }
            unaries.append(op.apply)
        case .binary(let op, let left, let right):
            let inline: [String: Opcode] = ["+": .add, "−": .subtract, "×": .multiply]
            if let opcode = inline[op.symbol], op.check == nil {
                append(opcode, target, register[left], register[right])
                return
            }
            if let check = op.check {
                append(.checkedBinary, target, function: binaries.count, register[left], register[right])
                binaryChecks.append(check)
            } else {
                append(.binary, target, function: binaries.count, register[left], register[right])
                binaryChecks.append { _, _ in nil }
            }
            binaries.append(op.apply)
        }
    }

    private mutating func append(_ opcode: Opcode, _ target: Int32, function: Int = 0, _ left: Int32 = 0, _ right: Int32 = 0) {
        instructions.append(Instruction(opcode: opcode, target: target, function: Int32(function), left: left, right: right))
    }

    /// The value at `x` (and `y`, the second input, if there is one): NaN where any step fails
    /// or is not finite.
    func value(at x: Double, _ y: Double = 0) -> Double {
        template.withUnsafeBufferPointer { template in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: max(template.count, 1)) { values in
                _ = values.initialize(fromContentsOf: template)
                run(x, y, on: values)
                return values[Int(result)]
            }
        }
    }

    /// One forward pass over the instructions. Registers hold finite values or NaN, which every
    /// operation passes on, so `+`, `−` and `×` need no checks of their operands. The tables are
    /// read through buffer pointers, so no array is retained for each instruction.
    private func run(_ x: Double, _ y: Double, on values: UnsafeMutableBufferPointer<Double>) {
        instructions.withUnsafeBufferPointer { instructions in
        unaries.withUnsafeBufferPointer { unaries in
        unaryChecks.withUnsafeBufferPointer { unaryChecks in
        binaries.withUnsafeBufferPointer { binaries in
        binaryChecks.withUnsafeBufferPointer { binaryChecks in
        nullaries.withUnsafeBufferPointer { nullaries in
            for instruction in instructions {
                let a = values[Int(instruction.left)], b = values[Int(instruction.right)]
                let function = Int(instruction.function)
                let value: Double
                switch instruction.opcode {
                case .variable: value = function == 0 ? x : y
                case .nullary: value = nullaries[function]()
                // A failed operand (NaN, or `overflowed`) is passed on as it is, the left one first,
                // so the first failure met is the one said.
                case .add: value = Self.failed(a, b) ?? a + b
                case .subtract: value = Self.failed(a, b) ?? a - b
                case .multiply: value = Self.failed(a, b) ?? a * b
                case .unary: value = a.isFinite ? unaries[function](a) : a
                case .checkedUnary: value = !a.isFinite ? a : unaryChecks[function](a) == nil ? unaries[function](a) : .nan
                case .binary: value = Self.failed(a, b) ?? binaries[function](a, b)
                case .checkedBinary:
                    value = Self.failed(a, b) ?? (binaryChecks[function](a, b) == nil ? binaries[function](a, b) : .nan)
                }
                values[Int(instruction.target)] = ExpressionTree.settled(value)
            }
        }
        }
        }
        }
        }
        }
    }
}

extension FlatProgram {
    /// The operand that failed, the left one first, or nil when both are finite.
    @inline(__always)
    static func failed(_ a: Double, _ b: Double) -> Double? {
        a.isFinite ? (b.isFinite ? nil : b) : a
    }
}
