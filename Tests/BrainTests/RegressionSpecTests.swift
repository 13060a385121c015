import Brain
import Foundation
import Testing

/// Regressions as Desmos writes them, read: what is fitted, what the model calls x, its
/// parameters, whether it is linear in them, its known shape, and the fitted equation's text.
@Suite struct RegressionSpecTests {
    /// The model's value at x with `values`, as the program computes it.
    private func value(_ spec: RegressionSpec, at x: Double, _ values: [String: Double]) -> Double? {
        spec.model.function(of: Coordinates.xVariable, using: values)(x)
    }

    @Test func aLineNamesYXAndItsParametersInTheOrderWritten() throws {
        let spec = try RegressionSpec.parse("y ~ m x + b")
        #expect(spec.response == "y")
        #expect(spec.predictor == "x")
        #expect(spec.parameters == ["m", "b"])
        #expect(value(spec, at: 3, ["m": 2, "b": -1]) == 5)
    }

    @Test func columnNamesStandForXAndY() throws {
        let spec = try RegressionSpec.parse("temp ~ a day + b")
        #expect(spec.response == "temp")
        #expect(spec.predictor == "day")
        #expect(spec.parameters == ["a", "b"])
        #expect(value(spec, at: 4, ["a": 0.5, "b": 3]) == 5)
        // Named among the data's columns, a column wins even where a function's name begins it
        // (cos·t) or digits end it (x·1).
        let cost = try RegressionSpec.parse("price ~ k cost^2 + c", columns: ["cost", "price"])
        #expect(cost.predictor == "cost")
        #expect(cost.parameters == ["k", "c"])
        #expect(value(cost, at: 3, ["k": 2, "c": 1]) == 19)
        let desmos = try RegressionSpec.parse("y1 ~ m x1 + b", columns: ["x1", "y1"])
        #expect(desmos.response == "y1")
        #expect(desmos.predictor == "x1")
        #expect(value(desmos, at: 2, ["m": 3, "b": 1]) == 7)
    }

    @Test("bad regressions say why in one line, at the column", arguments: [
        ("a x + b", "a regression is written y ~ model", 1),
        ("y ~ a x ~ b", "a second '~'", 9),
        (" ~ a x", "nothing before '~'", 2),
        ("y ~  ", "nothing after '~'", 3),
        ("2y ~ a x", "is not a column's name", 1),
        ("y ~ 2 x + 1", "no parameters to fit", 4),
        ("y ~ a y + b", "the model names 'y', what it fits", 4),
        ("y ~ a x + sni(x)", "unknown name 'sni'", 11),
        ("z ~ a u + b v", "the model names 2 columns ('u', 'v')", 4),
    ] as [(String, String, Int)])
    func errors(text: String, message: String, column: Int) {
        do {
            let spec = try RegressionSpec.parse(text, columns: ["u", "v", "z"])
            Issue.record("\(text) parsed as \(spec)")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.column == column, "\(text): \(error.message) at \(error.column)")
        }
    }

    @Test("linear in its parameters, read from the tree", arguments: [
        ("y ~ a x + b", true), ("y ~ a x^2 + b x + c", true), ("y ~ a + b sin(x) + c x^2", true),
        ("y ~ (a + 1) x / 2 - b", true), ("y ~ -a exp(x) + 3", true), ("y ~ a (x - 2)^2 + 3", true),
        ("y ~ a exp(b x)", false), ("y ~ a b x", false), ("y ~ x / a", false), ("y ~ x^a", false),
        ("y ~ a sin(b x + c) + d", false), ("y ~ a / (1 + exp(-b (x - c)))", false), ("y ~ sin(a) x", false),
    ] as [(String, Bool)])
    func affinity(text: String, linear: Bool) throws {
        let spec = try RegressionSpec.parse(text)
        #expect(spec.model.isAffine(in: Set(spec.parameters)) == linear)
    }

    @Test("known shapes, their parameters mapped by position", arguments: [
        ("y ~ a exp(b x)", ModelShape.exponential, ["a", "b"]),
        ("y ~ k e^(q x)", .exponential, ["k", "q"]),
        ("y ~ exp(q x) k", .exponential, ["k", "q"]),
        ("y ~ a sin(b x + c) + d", .sine, ["a", "b", "c", "d"]),
        ("y ~ m + p sin(w x + f)", .sine, ["p", "w", "f", "m"]),
        ("y ~ a / (1 + exp(-b (x - c)))", .logistic, ["a", "b", "c"]),
        ("y ~ l/(1+exp(-k(x-m)))", .logistic, ["l", "k", "m"]),
    ] as [(String, ModelShape, [String])])
    func shapes(text: String, shape: ModelShape, parameters: [String]) throws {
        let known = try #require(try RegressionSpec.parse(text).model.knownShape)
        #expect(known.shape == shape)
        #expect(known.parameters == parameters)
    }

    @Test("other models are no known shape", arguments: [
        "y ~ a exp(b x) + c", "y ~ a exp(-b x)", "y ~ a sin(b x)", "y ~ a x / (b + x)", "y ~ a cos(b x + c) + d",
    ])
    func unknownShapes(text: String) throws {
        #expect(try RegressionSpec.parse(text).model.knownShape == nil)
    }

    @Test("the fitted equation writes the values where the parameters stood", arguments: [
        ("y ~ a x + b", ["a": 2.001432, "b": 0.998], "y = 2.00143 x + 0.998"),
        ("y ~ a x + b", ["a": 2, "b": -0.998], "y = 2 x - 0.998"),
        ("y ~ a x - b", ["a": -2, "b": -3], "y = -2 x + 3"),
        ("y ~ x^a", ["a": -2], "y = x^(-2)"),
        ("y ~ 2a x", ["a": 1.5], "y = 2 × 1.5 x"),
        ("y ~ a b x", ["a": 1, "b": -2], "y = 1 × (-2) x"),
        ("y ~ a/(1+exp(-b(x-c)))", ["a": 5, "b": -2, "c": 1], "y = 5/(1+exp(2(x-1)))"),
        ("temp ~ a day + b", ["a": 1234567, "b": 0.0000123], "temp = 1.23457e+06 day + 1.23e-05"),
    ] as [(String, [String: Double], String)])
    func equation(text: String, values: [String: Double], expected: String) throws {
        #expect(try RegressionSpec.parse(text).equation(values: values) == expected)
    }

    @Test func theFittedCurveHasTheValuesInPlaceAndNoParameters() throws {
        let spec = try RegressionSpec.parse("y ~ a sin(b x + c) + d")
        let values = ["a": 2.5, "b": -0.75, "c": 1.25, "d": -4]
        let fitted = spec.model.substitutingParameters(values)
        #expect(fitted.parameters.isEmpty)
        for x in [-3.0, 0, 0.5, 7] {
            #expect(fitted.function()(x) == 2.5 * sin(-0.75 * x + 1.25) - 4)
        }
    }
}
