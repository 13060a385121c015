import Analysis
import Foundation
import Brain
import Figure
import Raster
import Testing

/// The figure as its consumers read it: items compiled once, the legend and title, bindings,
/// areas against their closed forms.
@Suite struct FigureTests {
    private func relation(_ text: String) throws -> Relation { try Relation.parse(text) }

    @Test func itemsOfEveryKindKeepTheirOrderAndOnlyYOfXHasAGraph() throws {
        let figure = Figure(frame: FigureFrame(x: -5...5),
                            relations: [try relation("sin(x)"), try relation("x^2 + y^2 = 9"), try relation("r = 1 + cos(θ)")],
                            values: [:])
        #expect(figure.graphIndices == [0])
        #expect(figure.items.map(\.equation) == ["y = sin(x)", "x ^ 2 + (y ^ 2) = 9", "r = 1 + cos(θ)"])
        let sine = try #require(figure.items[0].graph)
        #expect(sine.function(1) == sin(1.0))
    }

    @Test func theAreaUnderSineFromZeroToPiIsTwoInTheLegend() throws {
        let figure = Figure(frame: FigureFrame(x: -5...5), relations: [try relation("sin(x)"), try relation("x = y^2")],
                            values: [:], overlays: FigureOverlays(area: 0...Double.pi))
        let area = try #require(figure.areas[0]?.value)
        #expect(abs(area - 2) < 1e-12)
        #expect(figure.areas[1] == nil)
        #expect(figure.legend[0] == "y = sin(x)   ∫ 0→3.14159 = 2")
        #expect(figure.legend[1] == "x = y ^ 2")
    }

    @Test func bindingAParameterRecompilesOnlyTheItemsThatUseIt() throws {
        let figure = Figure(frame: FigureFrame(x: -5...5), relations: [try relation("a x"), try relation("x")], values: ["a": 2])
        #expect(figure.items[0].graph?.function(3) == 6)
        let bound = figure.binding("a", to: 5)
        #expect(bound.items[0].graph?.function(3) == 15)
        #expect(bound.items[1].values.isEmpty)
        #expect(bound.title == "a = 5")
        #expect(Figure(frame: FigureFrame(x: -1...1), relations: [try relation("a x")], values: ["a": 2]).title == "y = a × x; a = 2")
    }

    @Test func aFittedViewportShowsTheCurvesAndAGivenOneIsKept() throws {
        let parabola = Figure(frame: FigureFrame(x: -3...3), relations: [try relation("x^2")], values: [:])
        let fitted = parabola.viewport(width: 600, height: 400)
        #expect(fitted.yRange.lowerBound <= 0 && fitted.yRange.upperBound >= 9)
        let fixed = Figure(frame: FigureFrame(x: -3...3, y: .fixed(-1...2)), relations: [try relation("x^2")], values: [:])
        let kept = fixed.viewport(width: 600, height: 400).yRange
        #expect(abs(kept.lowerBound + 1) < 1e-12 && abs(kept.upperBound - 2) < 1e-12)
    }
}
