/// What a typed line asks to draw, its kind told from its text as Desmos tells it:
///
/// | typed | kind |
/// |---|---|
/// | `sin(x)`, `y = sin(x)`, `sin(x) = y` | `.function`, y(x) |
/// | `x = y^2` | `.inverse`, x(y) |
/// | `(cos(t), sin(2t))` | `.parametric`, in t |
/// | `r = cos(3θ)`, `r = 1 + theta` | `.polar`, in θ |
/// | `x^2 + y^2 = 9`, `y = sin(x y)` | `.implicit`, F(x, y) = G(x, y) |
/// | `y < sin(x)`, `x^2 + y^2 >= 4` | `.inequality` |
/// | `0 < y < 1`, `1 <= x^2 + y^2 < 4` | `.between` |
/// | `r < 2 + sin(3θ)` | `.polarInequality` |
///
/// Each side is a `Program` (the keypad's), so evaluation, parameters and descriptions are the
/// calculator's own; a relation's description reads back as the same relation.
package enum Relation: Equatable, Sendable {
    /// y = f(x): the program is in x (stored as M).
    case function(Program)
    /// x = f(y): the program is in y.
    case inverse(Program)
    /// (x(t), y(t)): both programs are in t.
    case parametric(x: Program, y: Program)
    /// r = f(θ): the program is in θ; a negative r is drawn on the opposite side.
    case polar(Program)
    /// left = right, both in x and y: the curve where left − right is 0.
    case implicit(Program, Program)
    /// left ⋚ right, both in x and y: the region where it holds.
    case inequality(Program, Comparison, Program)
    /// low ⋚ middle ⋚ high, all in x and y, both comparisons one way: the region where both hold.
    case between(Program, Comparison, Program, Comparison, Program)
    /// r ⋚ f(θ): the region of the points whose distance from the origin compares so with f at
    /// their angle.
    case polarInequality(Comparison, Program)

    /// The y(x) program, for a relation that is a function of x.
    package var function: Program? {
        if case .function(let program) = self { program } else { nil }
    }

    /// Whether the curve is drawn over a range of t or θ (parametric and polar curves).
    package var isParametrized: Bool {
        switch self {
        case .parametric, .polar, .polarInequality: true
        default: false
        }
    }

    /// Every program of the relation, in the order they are written.
    package var programs: [Program] {
        switch self {
        case .function(let program), .inverse(let program), .polar(let program), .polarInequality(_, let program): [program]
        case .parametric(let x, let y): [x, y]
        case .implicit(let left, let right), .inequality(let left, _, let right): [left, right]
        case .between(let low, _, let middle, _, let high): [low, middle, high]
        }
    }

    /// The parameters the relation uses, in alphabetical order.
    package var parameters: [String] {
        Set(programs.flatMap(\.parameters)).sorted()
    }

    /// What one evaluation costs, in program steps.
    package var cost: Int {
        max(programs.reduce(0) { $0 + $1.steps.count }, 1)
    }

    /// The kind in a word, for messages: "function", "parametric curve", and so on.
    package var kindName: String {
        switch self {
        case .function: "function"
        case .inverse: "function of y"
        case .parametric: "parametric curve"
        case .polar: "polar curve"
        case .implicit: "implicit curve"
        case .inequality, .between: "inequality"
        case .polarInequality: "polar inequality"
        }
    }

    /// The kind with its article, for sentences: "an implicit curve", "a polar curve".
    package var kindPhrase: String {
        (kindName.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + kindName
    }

    /// The relation as it reads back: `y = sin(x)`, `x = y²`… as the calculator prints its
    /// programs, x for M.
    package var description: String {
        switch self {
        case .function(let program): "y = " + Self.text(of: program)
        case .inverse(let program): "x = " + Self.text(of: program)
        case .parametric(let x, let y): "(" + Self.text(of: x) + ", " + Self.text(of: y) + ")"
        case .polar(let program): "r = " + Self.text(of: program)
        case .implicit(let left, let right): Self.text(of: left) + " = " + Self.text(of: right)
        case .inequality(let left, let comparison, let right):
            Self.text(of: left) + " " + comparison.rawValue + " " + Self.text(of: right)
        case .between(let low, let first, let middle, let second, let high):
            Self.text(of: low) + " " + first.rawValue + " " + Self.text(of: middle) + " " + second.rawValue + " " + Self.text(of: high)
        case .polarInequality(let comparison, let program): "r " + comparison.rawValue + " " + Self.text(of: program)
        }
    }

    /// A program's description with x for M.
    static func text(of program: Program) -> String {
        Coordinates.showingX(program.description)
    }
}

/// The comparison of an inequality, as descriptions print it.
package enum Comparison: String, Sendable, CaseIterable {
    case less = "<"
    case lessOrEqual = "≤"
    case greater = ">"
    case greaterOrEqual = "≥"

    /// Whether the boundary itself is outside the region (< and >): drawn dashed, as in Desmos.
    package var isStrict: Bool { self == .less || self == .greater }

    /// Whether the region is where the left side is the larger.
    package var leftIsLarger: Bool { self == .greater || self == .greaterOrEqual }

    /// The operators a relation may be written with, longest first, and what each means
    /// (`=` is an equation, nil here).
    static let typed: [(String, Comparison?)] = [
        ("<=", .lessOrEqual), (">=", .greaterOrEqual), ("≤", .lessOrEqual), ("≥", .greaterOrEqual),
        ("<", .less), (">", .greater), ("=", nil),
    ]
}

extension Relation: Codable {
    private enum CodingKeys: String, CodingKey { case kind, programs, comparison, comparisons }

    /// The kind's name in a state file.
    private var kindKey: String {
        switch self {
        case .function: "function"
        case .inverse: "inverse"
        case .parametric: "parametric"
        case .polar: "polar"
        case .implicit: "implicit"
        case .inequality: "inequality"
        case .between: "between"
        case .polarInequality: "polarInequality"
        }
    }

    /// `{"kind":"implicit","programs":[{"steps":[…]},{"steps":[…]}]}`, with `"comparison":"<"`
    /// for an inequality.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kindKey, forKey: .kind)
        try container.encode(programs, forKey: .programs)
        switch self {
        case .inequality(_, let comparison, _), .polarInequality(let comparison, _):
            try container.encode(comparison.rawValue, forKey: .comparison)
        case .between(_, let first, _, let second, _):
            try container.encode([first.rawValue, second.rawValue], forKey: .comparisons)
        default: break
        }
    }

    /// Reads what `encode(to:)` writes; an unknown kind, a wrong number of programs or an
    /// unknown comparison is a decoding error (the caller drops that curve).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        let programs = try container.decode([Program].self, forKey: .programs)
        let wrong = DecodingError.dataCorruptedError(forKey: .programs, in: container,
                                                     debugDescription: "a \(kind) relation with \(programs.count) programs")
        switch (kind, programs.count) {
        case ("function", 1): self = .function(programs[0])
        case ("inverse", 1): self = .inverse(programs[0])
        case ("polar", 1): self = .polar(programs[0])
        case ("parametric", 2): self = .parametric(x: programs[0], y: programs[1])
        case ("implicit", 2): self = .implicit(programs[0], programs[1])
        case ("inequality", 2):
            self = .inequality(programs[0], try Self.comparison(in: container), programs[1])
        case ("polarInequality", 1):
            self = .polarInequality(try Self.comparison(in: container), programs[0])
        case ("between", 3):
            let symbols = try container.decode([String].self, forKey: .comparisons)
            let comparisons = symbols.compactMap(Comparison.init(rawValue:))
            guard comparisons.count == 2, comparisons[0].leftIsLarger == comparisons[1].leftIsLarger else {
                throw DecodingError.dataCorruptedError(forKey: .comparisons, in: container, debugDescription: "comparisons \(symbols)")
            }
            self = .between(programs[0], comparisons[0], programs[1], comparisons[1], programs[2])
        default: throw wrong
        }
    }

    /// The one comparison a state file's inequality names.
    private static func comparison(in container: KeyedDecodingContainer<CodingKeys>) throws -> Comparison {
        let symbol = try container.decode(String.self, forKey: .comparison)
        guard let comparison = Comparison(rawValue: symbol) else {
            throw DecodingError.dataCorruptedError(forKey: .comparison, in: container, debugDescription: "comparison \(symbol)")
        }
        return comparison
    }

    /// Whether every program is whole: not empty and nothing pending (a state file's could be anything).
    package var isGraphable: Bool {
        programs.allSatisfy { !$0.isEmpty && !$0.isPending }
    }
}
