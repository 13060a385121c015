/// The CS193p calculator brain: it records a program and evaluates it on demand.
///
/// The brain keeps the state of its program up to date step by step, so entering an operand
/// or an operation costs constant amortized time, and evaluating or describing costs time
/// linear in the program's length, never more.
struct CalculatorBrain: Sendable, Equatable {
    /// Everything entered so far; setting it replaces the brain's program.
    var program: Program {
        get { storedProgram }
        set {
            storedProgram = newValue
            state = newValue.state
        }
    }

    private var storedProgram: Program
    /// The state after every step of `storedProgram`.
    private var state: ProgramState

    /// An empty brain.
    init(program: Program = Program()) {
        storedProgram = program
        state = program.state
    }

    /// Whether a binary operation or an open parenthesis is waiting.
    var isPending: Bool { state.isPending }

    /// How many steps the program has.
    var stepCount: Int { storedProgram.steps.count }

    /// Enters a number as the next operand.
    mutating func setOperand(_ operand: Double) {
        append(.number(operand))
    }

    /// Enters a variable, such as `M`, as the next operand.
    mutating func setOperand(variable name: String) {
        append(.variable(name))
    }

    /// Performs the operation with this symbol; throws for a symbol not in `Operations`.
    mutating func performOperation(_ symbol: String) throws(ProgramError) {
        guard Operations.table[symbol] != nil else { throw .unknownOperation(symbol) }
        append(.operation(symbol))
    }

    private mutating func append(_ step: Program.Step) {
        storedProgram.steps.append(step)
        state.apply(step)
    }

    /// Removes the last step of the program (replaying the rest: linear in its length).
    mutating func undo() {
        guard !storedProgram.steps.isEmpty else { return }
        storedProgram.steps.removeLast()
        state = storedProgram.state
    }

    /// Forgets the whole program.
    mutating func clear() {
        self = CalculatorBrain()
    }

    /// Evaluates the program with these variable values (unset variables are 0).
    func evaluate(using variables: [String: Double]? = nil, angle: AngleMode = .radians) -> Evaluation {
        state.evaluation(using: variables ?? [:], angle: angle)
    }

    /// Two brains are equal when their programs are.
    static func == (lhs: CalculatorBrain, rhs: CalculatorBrain) -> Bool {
        lhs.storedProgram == rhs.storedProgram
    }
}
