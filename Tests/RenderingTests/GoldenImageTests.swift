import Foundation
import Glyphs
import Raster
import TestSupport
import Testing

/// One graph of the golden set: a function, its file name, and how it is drawn.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    let name: String
    let function: TestFunction
    var theme: Theme = .dark
    var xRange: ClosedRange<Double> = -5...5
    var yRange: ClosedRange<Double> = -4...4

    var testDescription: String { name }

    static let width = 480, height = 320
    /// The text height `gcview plot` uses in a terminal whose cells are 20 pixels tall.
    static let textHeight = 20

    /// The style `gcview plot` ships: sized for the cell, no grid, the equation as title.
    var style: GraphStyle { .sized(forTextHeight: Self.textHeight, theme: theme, title: "y = " + function.name) }
    var viewport: Viewport { Viewport(width: Self.width, height: Self.height, xRange: xRange, yRange: yRange) }

    func render() throws -> IndexedImage {
        try GraphRenderer(style: style, glyphs: FreeTypeGlyphs.system()).render(function.function, in: viewport)
    }

    static let all: [GoldenCase] = [
        GoldenCase(name: "sin", function: .sine), GoldenCase(name: "square", function: .square),
        GoldenCase(name: "tan", function: .tangent), GoldenCase(name: "reciprocal", function: .reciprocal),
        GoldenCase(name: "sin-reciprocal", function: .sineOfReciprocal), GoldenCase(name: "sqrt", function: .squareRoot),
        GoldenCase(name: "floor", function: .floor), GoldenCase(name: "log", function: .logarithm),
        GoldenCase(name: "self-power", function: .selfPower), GoldenCase(name: "ninth-power", function: .ninthPower),
        GoldenCase(name: "sign", function: .sign), GoldenCase(name: "shifted-reciprocal", function: .shiftedReciprocal),
        GoldenCase(name: "cubic", function: .cubic), GoldenCase(name: "sin-light", function: .sine, theme: .light),
        GoldenCase(name: "light-pinned", function: .shifted, theme: .light, xRange: -0.5...0.5, yRange: 2...2.8),
        GoldenCase(name: "round", function: .round), GoldenCase(name: "mod", function: .modulo),
        // Γ is steep beside its poles on the left: this view keeps -4 out and -3 well inside, and
        // no pixel edge falls on a pole, so the sampler must find each between its samples.
        GoldenCase(name: "gamma", function: .gamma, xRange: -3.52...4.48), GoldenCase(name: "cot", function: .cotangent),
    ]
}

@Suite("Golden images")
struct GoldenImageTests {
    @Test("Graphs in the shipped style match their golden PNGs exactly", arguments: GoldenCase.all)
    func golden(_ example: GoldenCase) throws {
        try GoldenImage.check(example.render(), named: example.name)
    }
}
