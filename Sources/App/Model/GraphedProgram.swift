import Brain
import TextCells

/// The program on the graph and the function it computes, with M as the independent variable,
/// its parameters bound to their sliders' values, and angles read in the calculator's mode (in
/// degrees, x is in degrees).
struct GraphedProgram: Equatable {
    let program: Program
    let description: String
    /// The parameters the program uses, in alphabetical order (`Program.parameters`).
    let parameters: [String]
    /// The values the function was compiled with, one for each of `parameters`.
    let values: [String: Double]
    let angle: AngleMode
    let function: @Sendable (Double) -> Double?
    /// What one evaluation costs, in program steps, for Raster's `WorkBudget`.
    var cost: Int { program.steps.count }

    /// `program` with every parameter at 1 (the value of one not given), angles in `angle`.
    init(program: Program, angle: AngleMode = .radians) {
        self.init(program: program, values: [:], angle: angle)
    }

    /// `program` with its parameters at `values` (those not given are 1), angles in `angle`.
    init(program: Program, values: [String: Double], angle: AngleMode = .radians) {
        self.program = program
        self.description = program.description
        let parameters = program.parameters
        self.parameters = parameters
        self.values = values.filter { parameters.contains($0.key) }
        self.angle = angle
        self.function = program.function(of: "M", using: self.values, angle: angle)
    }

    /// This curve with its parameters at `values`: itself when they are the values it has.
    func binding(_ values: [String: Double]) -> GraphedProgram {
        let wanted = values.filter { parameters.contains($0.key) }
        return wanted == self.values ? self : GraphedProgram(program: program, values: wanted, angle: angle)
    }

    /// The same program with angles read in `angle`.
    func reading(_ angle: AngleMode) -> GraphedProgram {
        angle == self.angle ? self : GraphedProgram(program: program, values: values, angle: angle)
    }

    /// Equal programs with equal values in the same angle mode: a picture of one is a picture of the other.
    static func == (lhs: GraphedProgram, rhs: GraphedProgram) -> Bool {
        lhs.program == rhs.program && lhs.values == rhs.values && lhs.angle == rhs.angle
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

    /// The curves' programs, whatever their parameters' values.
    var programs: [Program] { map(\.program) }

    /// Every parameter the curves use, once each, in alphabetical order.
    var parameters: [String] { Set(flatMap(\.parameters)).sorted() }
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
