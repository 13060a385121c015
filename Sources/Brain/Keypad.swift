/// The calculator keypad without any UI: typing, the brain and the memory M.
///
/// A number being typed stays out of the brain until an operation key commits
/// it. Committing a number, or entering `M`, a constant, `rand` or `(` while
/// nothing is pending starts a new program, as CS193p requires.
///
/// A key press costs constant amortized time (⌫ undoing a step replays the program, linear);
/// the evaluation is computed when asked for, in time linear in the program's length. A
/// program holds at most `Program.maximumStepCount` steps: keys that would add more are
/// refused and the display says so, until C, ⌫ or a new program.
package struct Keypad: Sendable, Equatable {
    private var brain = CalculatorBrain()

    /// The digits being typed, if any.
    package private(set) var typedText: String?

    /// Whether the last key was refused because the program is at `Program.maximumStepCount`.
    package private(set) var isFull = false

    /// The brain's evaluation with M set to `memory`, computed on demand.
    package var evaluation: Evaluation {
        brain.evaluate(using: memory.map { [Coordinates.xVariable: $0] }, angle: angleMode)
    }

    /// Whether trigonometric functions read and give degrees or radians (the DEG key toggles it).
    package var angleMode = AngleMode.radians

    /// The variable M (nil = unset, which evaluates as 0).
    package var memory: Double?

    /// The brain's program; setting it replaces the program and stops typing.
    package var program: Program {
        get { brain.program }
        set {
            brain.program = newValue
            typedText = nil
            isFull = false
        }
    }

    /// The message the display shows for a refused key.
    static let fullMessage = "Error: program full (\(Program.maximumStepCount) steps)"

    /// An empty keypad showing 0.
    package init() {}

    /// Whether digits are being typed.
    package var isTyping: Bool { typedText != nil }

    /// The value line: the typed digits, the error message or the formatted result.
    package var display: String {
        if isFull { return Self.fullMessage }
        if let typedText { return typedText }
        return evaluation.display
    }

    /// The description followed by ` …` or ` =`; "" when there is no program.
    package var descriptionLine: String { evaluation.descriptionLine }

    /// Whether the program can be graphed: not empty and nothing pending.
    package var canGraph: Bool { !program.isEmpty && !brain.isPending }

    /// Presses one key.
    package mutating func press(_ key: Key) {
        isFull = false
        guard brain.stepCount + stepsAdded(by: key) <= Program.maximumStepCount else {
            isFull = true
            return
        }
        switch key {
        case .digit(let value): type(String(value))
        case .decimalPoint: type(".")
        case .backspace: backspace()
        case .clear:
            let angleMode = self.angleMode  // C clears the calculation, not the mode
            self = Keypad()
            self.angleMode = angleMode
        case .toggleAngleMode:
            angleMode = angleMode.toggled
        case .setMemory:
            memory = typedText.flatMap(Double.init) ?? evaluation.result ?? memory
            typedText = nil
        case .variable:
            typedText = nil
            startNewProgramIfComplete()
            brain.setOperand(variable: Coordinates.xVariable)
        case .operation(let symbol): perform(symbol)
        }
    }

    /// How many steps a key can add: an operation also commits a number being typed.
    private func stepsAdded(by key: Key) -> Int {
        switch key {
        case .variable: 1
        case .operation: typedText == nil ? 1 : 2
        default: 0
        }
    }

    /// The longest number typed: further digits are ignored, as a pocket calculator's display
    /// stops taking them (a flood of digits from a paste or a hostile terminal costs nothing).
    package static let maximumTypedLength = 400

    private mutating func type(_ character: String) {
        guard var text = typedText else {
            typedText = character == "." ? "0." : character
            return
        }
        guard text.utf8.count < Self.maximumTypedLength else { return }
        typedText = nil  // `text` is then the only reference: appending does not copy it
        if character == "." {
            if !text.contains(".") { text += "." }
        } else if text == "0" {
            text = character
        } else {
            text += character
        }
        typedText = text
    }

    private mutating func backspace() {
        guard var text = typedText else {
            brain.undo()
            return
        }
        text.removeLast()
        typedText = text.isEmpty ? nil : text
    }

    private mutating func perform(_ symbol: String) {
        guard let kind = Operations.kind(of: symbol) else { return }
        switch kind {
        case .constant, .nullary, .openGroup:
            typedText = nil  // an operand key replaces a number being typed
            startNewProgramIfComplete()
        default:
            commitTypedNumber()
        }
        try? brain.performOperation(symbol)
    }

    private mutating func commitTypedNumber() {
        guard let text = typedText else { return }
        typedText = nil
        startNewProgramIfComplete()
        brain.setOperand(Double(text) ?? 0)
    }

    /// An operand entered while nothing is pending begins a new program.
    private mutating func startNewProgramIfComplete() {
        if !brain.isPending { brain.clear() }
    }
}
