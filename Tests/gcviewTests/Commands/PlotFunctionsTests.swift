import Foundation
import Testing

/// `gcview plot` of the functions with jumps and poles, checked against the true curve: the
/// graph follows it, covers it, and draws nothing across a jump or a pole.
@Suite("Plotting jumps and poles")
struct PlotFunctionsTests {
    /// A typed expression and the same function written with Foundation.
    struct Graph: Sendable, CustomTestStringConvertible {
        let expression: String
        var x: ClosedRange<Double> = -5...5
        let truth: @Sendable (Double) -> Double?
        var testDescription: String { expression }

        static func defined(_ value: Double) -> Double? { value.isFinite ? value : nil }

        static let floor = Graph(expression: "floor(x)") { Foundation.floor($0) }
        static let round = Graph(expression: "round(x)") { Foundation.round($0) }
        static let sign = Graph(expression: "sign(x)") { $0 > 0 ? 1 : ($0 < 0 ? -1 : 0) }
        static let mod = Graph(expression: "mod(x, 2)") { x in
            let r = fmod(x, 2)
            return r < 0 ? r + 2 : r
        }
        /// tgamma is ±∞ or NaN at the poles, which `defined` leaves out. The view is shifted so
        /// that no pixel edge falls on a pole: the sampler must find them between its samples.
        static let gamma = Graph(expression: "gamma(x)", x: -4.93...5.07) { defined(tgamma($0)) }
        static let factorial = Graph(expression: "x!", x: -4.93...5.07) { defined(tgamma($0 + 1)) }
        /// As tan, undefined where the denominator is zero to 12 places.
        static let cot = Graph(expression: "cot(x)") { abs(sin($0)) < 1e-12 ? nil : cos($0) / sin($0) }

        static let all: [Graph] = [floor, round, sign, mod, gamma, factorial, cot]
    }

    static func plot(_ graph: Graph) throws -> PlottedGraph {
        try PlottedGraph(graph.expression, x: graph.x, y: -4...4, truth: graph.truth)
    }

    @Test("Every curve pixel lies within 1.5 px of the true curve", arguments: Graph.all)
    func onTheCurve(_ graph: Graph) throws {
        let stray = try Self.plot(graph).strayCurvePixels()
        #expect(stray.isEmpty, "\(stray.count) stray pixels, first: \(stray.prefix(5))")
    }

    @Test("Every column where the curve is in view is drawn", arguments: Graph.all)
    func covered(_ graph: Graph) throws {
        let uncovered = try Self.plot(graph).uncoveredColumns()
        #expect(uncovered.isEmpty, "uncovered columns: \(uncovered.prefix(20))")
    }

    /// A jump or pole at `x`: nothing may be lit between the graph heights `between`.
    struct Gap: Sendable, CustomTestStringConvertible {
        let graph: Graph
        let x: Double
        let between: ClosedRange<Double>
        var testDescription: String { "\(graph.expression) at x = \(x)" }
    }

    static let gaps: [Gap] =
        (-3...4).map { Gap(graph: .floor, x: Double($0), between: Double($0 - 1)...Double($0)) }
        + (-4...3).map { Gap(graph: .round, x: Double($0) + 0.5, between: Double($0)...Double($0 + 1)) }
        + [Gap(graph: .sign, x: 0, between: -1...1)]
        // The sloped branches end at the jump 3 px thick, so keep 10 px clear of their ends.
        + [-4.0, -2, 0, 2, 4].map { Gap(graph: .mod, x: $0, between: 0.25...1.75) }
        // Near the pole at -n, Γ is about ±1/(n! × distance): the further left, the flatter its
        // branches, so the band checked narrows to where they are more than 3 px from the pole.
        + [Gap(graph: .gamma, x: 0, between: -4...4), Gap(graph: .gamma, x: -1, between: -4...4),
           Gap(graph: .gamma, x: -2, between: -4...4), Gap(graph: .gamma, x: -3, between: -2...2),
           Gap(graph: .gamma, x: -4, between: -0.5...0.5)]
        + [Gap(graph: .factorial, x: -1, between: -4...4), Gap(graph: .factorial, x: -2, between: -4...4),
           Gap(graph: .factorial, x: -3, between: -4...4), Gap(graph: .factorial, x: -4, between: -2...2)]
        + [-Double.pi, 0, Double.pi].map { Gap(graph: .cot, x: $0, between: -4...4) }

    @Test("Nothing is drawn across a jump or a pole", arguments: gaps)
    func nothingAcross(_ gap: Gap) throws {
        let lit = try #require(try Self.plot(gap.graph).curvePixels(nearX: gap.x, between: gap.between))
        #expect(lit == 0, "\(lit) curve pixels between y = \(gap.between.lowerBound) and \(gap.between.upperBound)")
    }
}
