import Brain
import Analysis
import Figure
import Raster
import TextCells

/// A curve on the graph: the relation typed (a y(x) program, or a curve of another kind), the
/// function it computes for y(x) curves, with M as the independent variable, and the curve Raster
/// draws, its parameters bound to their sliders' values and angles read in the calculator's mode
/// (in degrees, x is in degrees).
///
/// The trace, popover, points, area and table work on y(x) curves: for the other kinds `function`
/// is nowhere defined, so they find nothing on them, and only the picture shows them.
struct GraphedProgram: Equatable {
    let relation: Relation
    /// The y(x) program; empty for the other kinds.
    let program: Program
    let description: String
    /// The parameters the curve uses, in alphabetical order (`Relation.parameters`).
    let parameters: [String]
    /// The values the curve was compiled with, one for each of `parameters`.
    let values: [String: Double]
    let angle: AngleMode
    /// y(x), nil everywhere for curves of other kinds.
    let function: @Sendable (Double) -> Double?
    /// Whether y(x) is missing at x because it overflows (eˣ at 800), not because it is undefined
    /// there: the table and the trace say which. False everywhere for curves of other kinds.
    let overflows: @Sendable (Double) -> Bool
    /// What Raster draws: the y(x) function as it is, another kind compiled anew (a typed line
    /// of at most `ExpressionLine.maximumLength` characters: microseconds). Not stored, so a
    /// curve stays Sendable for the render worker.
    var planeCurve: PlaneCurve {
        guard relation.function == nil else { return .graph(function) }
        return relation.planeCurve(using: values, angle: angle, t: Self.turn(in: angle))
    }
    /// What one evaluation costs, in program steps, for Raster's `WorkBudget`.
    var cost: Int { relation.cost }
    /// The curve as an equation: `y = sin(x) × x`, `x^2 + y^2 = 9`.
    var equation: String { relation.description }

    /// The range of t (θ) a parametric or polar curve is drawn over in the app: one turn.
    static func turn(in angle: AngleMode) -> ClosedRange<Double> {
        0...(angle == .degrees ? 360 : 2 * Double.pi)
    }

    /// `program` with every parameter at 1 (the value of one not given), angles in `angle`.
    init(program: Program, angle: AngleMode = .radians) {
        self.init(relation: .function(program), values: [:], angle: angle)
    }

    /// `program` with its parameters at `values` (those not given are 1), angles in `angle`.
    init(program: Program, values: [String: Double], angle: AngleMode = .radians) {
        self.init(relation: .function(program), values: values, angle: angle)
    }

    /// `relation` with its parameters at `values` (those not given are 1), angles in `angle`.
    init(relation: Relation, values: [String: Double] = [:], angle: AngleMode = .radians) {
        self.relation = relation
        self.program = relation.function ?? Program()
        self.description = relation.function?.description ?? relation.description
        let parameters = relation.parameters
        self.parameters = parameters
        self.values = values.filter { parameters.contains($0.key) }
        self.angle = angle
        if let program = relation.function {
            (self.function, self.overflows) = program.functionAndOverflows(of: Coordinates.xVariable, using: self.values, angle: angle)
        } else {
            self.function = { _ in nil }
            self.overflows = { _ in false }
        }
    }

    /// This curve with its parameters at `values`: itself when they are the values it has.
    func binding(_ values: [String: Double]) -> GraphedProgram {
        let wanted = values.filter { parameters.contains($0.key) }
        return wanted == self.values ? self : GraphedProgram(relation: relation, values: wanted, angle: angle)
    }

    /// The same curve with angles read in `angle`.
    func reading(_ angle: AngleMode) -> GraphedProgram {
        angle == self.angle ? self : GraphedProgram(relation: relation, values: values, angle: angle)
    }

    /// Equal relations with equal values in the same angle mode: a picture of one is a picture of the other.
    static func == (lhs: GraphedProgram, rhs: GraphedProgram) -> Bool {
        lhs.relation == rhs.relation && lhs.values == rhs.values && lhs.angle == rhs.angle
    }
}

extension [GraphedProgram] {
    /// The curves' functions, for Raster. Each closure is converted on its own: an array of
    /// `@Sendable` closures cast as a whole to `[(Double) -> Double?]` traps at run time.
    var functions: [(Double) -> Double?] {
        map { curve -> (Double) -> Double? in curve.function }
    }

    /// Whether each curve's y is missing at x because it overflows.
    var overflowChecks: [(Double) -> Bool] {
        map { curve -> (Double) -> Bool in curve.overflows }
    }

    /// What one evaluation of each curve costs, for Raster's `WorkBudget`.
    var costs: [Int] { map(\.cost) }

    /// The curves' programs, whatever their parameters' values (empty for curves not y(x)).
    var programs: [Program] { map(\.program) }

    /// The curves' relations, whatever their parameters' values.
    var relations: [Relation] { map(\.relation) }

    /// What Raster draws for each curve.
    var planeCurves: [PlaneCurve] { map(\.planeCurve) }

    /// Every curve as saved, when one is not y(x); nil when every curve is, as the programs say it
    /// all (the state file's graph and a history entry keep them the same way).
    var savedRelations: [SavedState.SavedRelation]? {
        allSatisfy { $0.relation.function != nil } ? nil : map { SavedState.SavedRelation($0.relation) }
    }

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
