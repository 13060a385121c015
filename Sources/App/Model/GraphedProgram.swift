import Brain
import TextCells

/// The program on the graph and the function it computes, with M as the independent variable,
/// angles read in the calculator's mode (in degrees, x is in degrees).
struct GraphedProgram: Equatable {
    let program: Program
    let description: String
    let angle: AngleMode
    let function: @Sendable (Double) -> Double?
    /// What one evaluation costs, in program steps, for Raster's `WorkBudget`.
    var cost: Int { program.steps.count }

    init(program: Program, angle: AngleMode = .radians) {
        self.program = program
        self.description = program.description
        self.angle = angle
        self.function = program.function(of: "M", angle: angle)
    }

    /// The same program with angles read in `angle`.
    func reading(_ angle: AngleMode) -> GraphedProgram {
        angle == self.angle ? self : GraphedProgram(program: program, angle: angle)
    }

    static func == (lhs: GraphedProgram, rhs: GraphedProgram) -> Bool {
        lhs.program == rhs.program && lhs.angle == rhs.angle
    }
}

extension [GraphedProgram] {
    /// The curves' functions, for Raster. Each closure is converted on its own: an array of
    /// `@Sendable` closures cast as a whole to `[(Double) -> Double?]` traps at run time.
    var functions: [(Double) -> Double?] {
        map { curve -> (Double) -> Double? in curve.function }
    }

    /// What one evaluation of each curve costs, for Raster's `WorkBudget`.
    var costs: [Int] { map(\.cost) }
}

/// A line where an expression is typed, with the parser's complaint if Enter found one.
struct ExpressionLine: Equatable {
    var text = ""
    var error: String?
    /// Whether Enter adds the expression to the graph's curves (opened by `a`) instead of graphing it alone.
    var addsToGraph = false

    /// The longest expression the line takes.
    static let maximumLength = 200

    mutating func insert(_ typed: String) {
        text = String(TerminalText.sanitized(text + typed).prefix(Self.maximumLength))
        error = nil
    }

    mutating func deleteBackward() {
        if !text.isEmpty { text.removeLast() }
        error = nil
    }
}
