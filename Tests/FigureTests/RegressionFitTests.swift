import Brain
import Figure
import Foundation
import TestSupport
import Testing

/// Regressions typed as Desmos types them, fitted to seeded data and checked against numpy's
/// `lstsq` (1e-9 relative, models linear in their parameters) and scipy's `curve_fit` (1e-6,
/// the others), both run by python3 at test time on the same points.
@Suite("Regressions against numpy's lstsq and scipy's curve_fit",
       .enabled(if: Reference.enabled, "python3 with numpy and scipy is missing: run scripts/setup --test"))
struct RegressionFitTests {
    private func fit(_ text: String, _ data: SeededData, columns: [String] = []) throws -> FittedRegression {
        try RegressionSpec.parse(text, columns: columns).fit(x: data.x, y: data.y).get()
    }

    @Test func aLineAgreesWithLstsq() throws {
        let data = SeededData(seed: 101, count: 200, x: -3...8, noise: 0.4) { 2 * $0 + 1 }
        let fitted = try fit("y ~ a x + b", data)
        #expect(fitted.method == .leastSquares)
        expectAgreement(fitted, try Reference.lstsq("line", x: data.x, y: data.y), within: 1e-9)
    }

    @Test func aQuadraticAgreesWithLstsq() throws {
        let data = SeededData(seed: 102, count: 150, x: -4...4, noise: 0.3) { 0.7 * $0 * $0 - 2 * $0 + 5 }
        let fitted = try fit("y ~ a x^2 + b x + c", data)
        #expect(fitted.method == .leastSquares)
        expectAgreement(fitted, try Reference.lstsq("quadratic", x: data.x, y: data.y), within: 1e-9)
    }

    @Test func aGeneralLinearModelIsSolvedOnItsPartialDerivatives() throws {
        let data = SeededData(seed: 103, count: 300, x: -6...6, noise: 0.2) { 1.5 - 3 * sin($0) + 0.25 * $0 * $0 }
        let fitted = try fit("y ~ a + b sin(x) + c x^2", data)
        #expect(fitted.method == .leastSquares)
        expectAgreement(fitted, try Reference.lstsq(basis: ["np.ones_like(x)", "np.sin(x)", "x**2"], x: data.x, y: data.y),
                        within: 1e-9)
    }

    @Test func aModelWithATermOfNoParameterFitsTheRestAndRSquaredIsAboutY() throws {
        let data = SeededData(seed: 104, count: 120, x: -1...5, noise: 0.3) { 0.8 * ($0 - 2) * ($0 - 2) + 3 }
        let fitted = try fit("y ~ a (x - 2)^2 + 3", data)
        #expect(fitted.method == .leastSquares)
        expectAgreement(fitted, try Reference.lstsq(basis: ["(x - 2)**2"], offset: "3 + 0 * x", x: data.x, y: data.y),
                        within: 1e-9)
    }

    @Test func columnNamesFitAsXAndY() throws {
        let data = SeededData(seed: 105, count: 60, x: 1...31, noise: 1.5) { 0.3 * $0 + 12 }
        let fitted = try fit("temp ~ m day + k", data, columns: ["day", "temp"])
        #expect(fitted.parameters.map(\.name) == ["m", "k"])
        expectAgreement(fitted, try Reference.lstsq("line", x: data.x, y: data.y), within: 1e-9)
        #expect(fitted.legend.hasPrefix("temp = "))
    }

    @Test func gapsAreSkippedAndCounted() throws {
        let data = SeededData(seed: 106, count: 80, x: 0...10, noise: 0.5) { -1.25 * $0 + 4 }
        var x: [Double?] = data.x, y: [Double?] = data.y
        x[3] = nil
        y[10] = .nan
        y[20] = .infinity
        let fitted = try RegressionSpec.parse("y ~ a x + b").fit(x: x, y: y).get()
        #expect(fitted.count == 77)
        #expect(fitted.skipped == 3)
        let kept = (0..<80).filter { ![3, 10, 20].contains($0) }
        expectAgreement(fitted, try Reference.lstsq("line", x: kept.map { data.x[$0] }, y: kept.map { data.y[$0] }),
                        within: 1e-9)
    }

    @Test("known shapes start from Fitting's starting values", arguments: [
        ("y ~ a exp(b x)", "exponential", ModelShape.exponential, [1.7, 0.65]),
        ("y ~ k e^(q x)", "exponential", .exponential, [1.7, 0.65]),
        ("y ~ a sin(b x + c) + d", "sine", .sine, [2.3, 1.7, 0.4, 0.9]),
        ("y ~ a/(1+exp(-b(x-c)))", "logistic", .logistic, [5.5, 1.2, 2.5]),
    ] as [(String, String, ModelShape, [Double])])
    func knownShape(text: String, reference: String, shape: ModelShape, truth: [Double]) throws {
        let curve: (Double) -> Double = switch shape {
        case .exponential: { truth[0] * exp(truth[1] * $0) }
        case .sine: { truth[0] * sin(truth[1] * $0 + truth[2]) + truth[3] }
        case .logistic: { truth[0] / (1 + exp(-truth[1] * ($0 - truth[2]))) }
        }
        let range: ClosedRange<Double> = switch shape {
        case .exponential: 0...4
        case .sine: 0...20
        case .logistic: -6...10
        }
        let data = SeededData(seed: 107, count: 300, x: range, noise: 0.2, curve: curve)
        let fitted = try fit(text, data)
        #expect(fitted.method == .levenbergMarquardt(shape: shape, evaluations: fittedEvaluations(fitted)))
        expectAgreement(fitted, try Reference.curveFit(reference, x: data.x, y: data.y, start: truth), within: 1e-6)
    }

    @Test func aModelOfNoKnownShapeStartsGenerically() throws {
        // Michaelis–Menten: scipy from all ones, as curve_fit starts by default.
        let data = SeededData(seed: 108, count: 120, x: 0.1...10, noise: 0.05) { 3.2 * $0 / (1.8 + $0) }
        let fitted = try fit("y ~ a x / (b + x)", data)
        #expect(fitted.method == .levenbergMarquardt(shape: nil, evaluations: fittedEvaluations(fitted)))
        expectAgreement(fitted, try Reference.curveFit(lambda: "lambda x, a, b: a * x / (b + x)", x: data.x, y: data.y,
                                                       start: [1, 1]), within: 1e-6)
    }

    @Test func aDecayToAnOffsetIsFittedByLevenbergMarquardt() throws {
        let data = SeededData(seed: 109, count: 200, x: 0...6, noise: 0.05) { 4 * exp(-0.9 * $0) + 1.5 }
        let fitted = try fit("y ~ a exp(-b x) + c", data)
        expectAgreement(fitted, try Reference.curveFit(lambda: "lambda x, a, b, c: a * np.exp(-b * x) + c",
                                                       x: data.x, y: data.y, start: [4, 0.9, 1.5]), within: 1e-6)
    }

    private func fittedEvaluations(_ fitted: FittedRegression) -> Int {
        if case .levenbergMarquardt(_, let evaluations) = fitted.method { return evaluations }
        return -1
    }
}

/// The fitted curve and its legend, and the one line a fit that cannot be made says.
@Suite struct RegressionResultTests {
    @Test func theFittedCurveIsAnItemOfTheModelAtTheFittedValues() throws {
        let x = (0..<20).map { Double($0) / 2 }
        let y = x.map { 2 * $0 + 1 + ($0.truncatingRemainder(dividingBy: 1) == 0 ? 0.01 : -0.01) }
        let fitted = try RegressionSpec.parse("y ~ a x + b").fit(x: x, y: y).get()
        let values = fitted.values
        let a = try #require(values["a"]), b = try #require(values["b"])
        let item = fitted.item(angle: .radians, t: 0...1)
        let graph = try #require(item.graph)
        for u in [-3.0, 0, 2.5, 40] { #expect(graph.function(u) == a * u + b) }
        #expect(item.source.parameters.isEmpty)
        let rSquared = try #require(fitted.rSquared)
        #expect(item.equation == "y = \(NumberFormat.significant(a)) x + \(NumberFormat.significant(b)); R² = "
                + String(format: "%.4f", rSquared))
    }

    @Test("errors are one line, never a curve", arguments: [
        ("y ~ a x + b", [1.0, 2], [3.0, 4], RegressionError.Kind.tooFewPoints, "2 points for 2 parameters"),
        ("y ~ a x + b", [2.0, 2, 2, 2], [1.0, 2, 3, 4], .singular, "every x is 2.0"),
        ("y ~ a x^2 + b x^2", [1.0, 2, 3, 4], [1.0, 4, 9, 16], .singular, "linearly dependent"),
        ("y ~ a b x", [1.0, 2, 3, 4, 5], [2.1, 3.9, 6.2, 7.8, 10.1], .singular, "do not determine the parameters separately"),
        ("y ~ a sqrt(x) + b", [-1.0, -2, -3, -4], [1.0, 2, 3, 4], .notFinite, "not finite at x = -1"),
        ("y ~ a x + b", [1.0, 2, 3], [1.0, 2], .mismatchedLengths, "x has 3 values and y 2"),
    ] as [(String, [Double], [Double], RegressionError.Kind, String)])
    func errors(text: String, x: [Double], y: [Double], kind: RegressionError.Kind, message: String) throws {
        switch try RegressionSpec.parse(text).fit(x: x, y: y) {
        case .success(let fitted): Issue.record("\(text) fitted: \(fitted.legend)")
        case .failure(let error):
            #expect(error.kind == kind)
            #expect(error.description.contains(message), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }
}

/// Hostile data: a fit of what is there, or one line, never a crash or a wrong curve.
@Suite struct RegressionHostileDataTests {
    @Test func valuesNear1e308FitTheirClosedForm() throws {
        let x = (1...50).map(Double.init)
        let unit = 0x1p1023 / 64
        let y = x.map { unit * (1.5 * $0 - 20) }     // −2.6e307 to 7.7e307, exactly linear
        let allFinite = y.allSatisfy { $0.isFinite }
        #expect(allFinite)
        let fitted = try RegressionSpec.parse("y ~ a x + b").fit(x: x, y: y).get()
        #expect(fitted.skipped == 0)
        let values = fitted.values
        let a = try #require(values["a"]), b = try #require(values["b"])
        #expect(abs(a - unit * 1.5) <= 1e-9 * abs(a))
        #expect(abs(b + unit * 20) <= 1e-9 * abs(b))
        #expect(fitted.rmse <= 1e-9 * abs(b))
    }

    @Test("nothing to fit is one line", arguments: [
        ([Double](), [Double](), "0 points for 2 parameters"),
        ([1.0, 2, 3], [Double.nan, .nan, .infinity], "0 points (3 skipped) for 2 parameters"),
        ([1.0, .nan, 3], [2.0, 4, .nan], "1 point (2 skipped) for 2 parameters"),
    ] as [([Double], [Double], String)])
    func nothingToFit(x: [Double], y: [Double], message: String) throws {
        let result = try RegressionSpec.parse("y ~ a x + b").fit(x: x, y: y)
        #expect(throws: RegressionError.self) { try result.get() }
        if case .failure(let error) = result {
            #expect(error.kind == .tooFewPoints)
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test func anOverflowingModelIsAnErrorNotACurve() throws {
        let x = [1.0, 2, 3, 1e300, 5, 6]
        let y = [2.7, 7.4, 20.1, 54.6, 148.4, 403.4]
        let result = try RegressionSpec.parse("y ~ a x^2 + b").fit(x: x, y: y)
        guard case .failure(let error) = result else { Issue.record("fitted: \(result)"); return }
        #expect(error.kind == .notFinite)
        #expect(error.description.contains("1e+300"), "\(error.description)")
    }
}

/// `fitted` agrees with `reference` within `tolerance`, relative: each parameter to its own
/// magnitude, R² to 1, RMSE to itself, the residuals' summary to the RMSE.
private func expectAgreement(_ fitted: FittedRegression, _ reference: Reference.Values, within tolerance: Double,
                             sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(fitted.parameters.count == reference.parameters.count, sourceLocation: sourceLocation)
    for ((name, mine), theirs) in zip(fitted.parameters, reference.parameters) {
        #expect(abs(mine - theirs) <= tolerance * abs(theirs), "\(name) = \(mine), the reference's \(theirs)",
                sourceLocation: sourceLocation)
    }
    let rSquared = fitted.rSquared ?? .nan
    #expect(abs(rSquared - reference.rSquared) <= tolerance, "R² \(rSquared), the reference's \(reference.rSquared)",
            sourceLocation: sourceLocation)
    #expect(abs(fitted.rmse - reference.rmse) <= tolerance * reference.rmse,
            "RMSE \(fitted.rmse), the reference's \(reference.rmse)", sourceLocation: sourceLocation)
    let summary = [fitted.residuals.min, fitted.residuals.lowerQuartile, fitted.residuals.median,
                   fitted.residuals.upperQuartile, fitted.residuals.max]
    for (mine, theirs) in zip(summary, reference.residuals) {
        #expect(abs(mine - theirs) <= tolerance * reference.rmse, "residual quantile \(mine), the reference's \(theirs)",
                sourceLocation: sourceLocation)
    }
}
