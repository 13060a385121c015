/// The CS193p calculator brain: it records a program and evaluates it on demand.
public struct CalculatorBrain: Sendable, Equatable {
    /// Everything entered so far; setting it replaces the brain's program.
    public var program: Program

    /// An empty brain.
    public init(program: Program = Program()) {
        self.program = program
    }

    /// Enters a number as the next operand.
    public mutating func setOperand(_ operand: Double) {
        program.steps.append(.number(operand))
    }

    /// Enters a variable, such as `M`, as the next operand.
    public mutating func setOperand(variable name: String) {
        program.steps.append(.variable(name))
    }

    /// Performs the operation with this symbol; throws for a symbol not in `Operations`.
    public mutating func performOperation(_ symbol: String) throws(ProgramError) {
        guard Operations.table[symbol] != nil else { throw .unknownOperation(symbol) }
        program.steps.append(.operation(symbol))
    }

    /// Removes the last step of the program.
    public mutating func undo() {
        _ = program.steps.popLast()
    }

    /// Forgets the whole program.
    public mutating func clear() {
        program = Program()
    }

    /// Evaluates the program with these variable values (unset variables are 0).
    public func evaluate(using variables: [String: Double]? = nil) -> Evaluation {
        program.evaluate(using: variables)
    }
}
