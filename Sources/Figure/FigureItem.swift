import Analysis
import Brain
import Raster

/// One curve of a figure: where it comes from (its source), its parameters' values, and what it
/// was compiled to: the `PlaneCurve` Raster samples and, for a y(x) curve, the function every
/// y(x) analysis reads.
package struct FigureItem {
    /// Where an item's points come from.
    package enum Source: Equatable, Sendable {
        /// A typed relation of any kind: y(x), x(y), parametric, polar, implicit, an inequality.
        case relation(Relation)
        /// One series of the user's data, drawn as points, lines, steps or bars.
        case data(FigureData)

        /// The parameters the source uses, in alphabetical order.
        package var parameters: [String] {
            switch self {
            case .relation(let relation): relation.parameters
            case .data: []
            }
        }
    }

    package let source: Source
    /// The values its parameters were compiled with (only those it uses).
    package let values: [String: Double]
    package let angle: AngleMode
    /// What Raster draws.
    package let curve: PlaneCurve
    /// What one evaluation costs, in program steps, for Raster's `WorkBudget`.
    package let cost: Int
    /// y(x) and where it overflows, for a y(x) curve; nil for the other kinds.
    package let graph: Graph?
    /// The item in the legend: its equation, `y = sin(x)`, `x^2 + y^2 = 9`.
    package let equation: String

    /// A y(x) curve's function and its overflow test (eˣ at 800 is missing because it overflows,
    /// not because it is undefined).
    package struct Graph {
        package let function: (Double) -> Double?
        package let overflows: (Double) -> Bool
    }

    /// `relation` with its parameters at `values` (those not given are 1), angles in `angle`, a
    /// parametric or polar curve over `t`.
    package init(relation: Relation, values: [String: Double], angle: AngleMode, t: ClosedRange<Double>) {
        let used = relation.parameters
        let bound = values.filter { used.contains($0.key) }
        source = .relation(relation)
        self.values = bound
        self.angle = angle
        cost = relation.cost
        equation = relation.description
        if let program = relation.function {
            let compiled = program.functionAndOverflows(of: Coordinates.xVariable, using: bound, angle: angle)
            graph = Graph(function: compiled.function, overflows: compiled.overflows)
            curve = .graph(compiled.function)
        } else {
            graph = nil
            curve = relation.planeCurve(using: bound, angle: angle, t: t)
        }
    }

    /// `data` as an item: its series' name in the legend, drawn as it is, with no parameters.
    package init(data: FigureData) {
        source = .data(data)
        values = [:]
        angle = .radians
        cost = 1
        graph = nil
        equation = data.name
        curve = .data(data.plane)
    }

    /// This item with the parameter `name` at `value`: itself when it does not use `name`.
    package func binding(_ name: String, to value: Double, t: ClosedRange<Double>) -> FigureItem {
        guard case .relation(let relation) = source, relation.parameters.contains(name), values[name] != value else { return self }
        var values = self.values
        values[name] = value
        return FigureItem(relation: relation, values: values, angle: angle, t: t)
    }

    /// The signed area under a y(x) item over `interval`; nil for the other kinds.
    package func area(over interval: ClosedRange<Double>) -> Area? {
        graph.map { Area.of($0.function, from: interval.lowerBound, to: interval.upperBound, cost: cost, overflows: $0.overflows) }
    }

    /// The relation this item draws; nil for data.
    package var relation: Relation? {
        switch source {
        case .relation(let relation): relation
        case .data: nil
        }
    }

    /// The data this item draws; nil for a relation.
    package var data: FigureData? {
        switch source {
        case .relation: nil
        case .data(let data): data
        }
    }
}
