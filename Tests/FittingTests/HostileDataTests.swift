import Fitting
import Foundation
import Testing

/// Data too few, degenerate, huge or long: a fit or one line of why not, never a wrong curve.
@Suite("Hostile data")
struct HostileDataTests {
    @Test("one point, or as many points as parameters, is too few")
    func tooFew() throws {
        let line = Regression.fit(.line, x: [1], y: [2])
        #expect(line.failure?.kind == .tooFewPoints)
        #expect(line.failure?.description == "1 point for 2 parameters: a fit needs more points than parameters")
        #expect(Regression.fit(.quadratic, x: [1, 2, 3], y: [1, 4, 9]).failure?.kind == .tooFewPoints)
        #expect(Regression.fit(.exponential, x: [0], y: [1]).failure?.kind == .tooFewPoints)
        #expect(Regression.fit(.sine, x: [0, 1, 2, 3], y: [0, 1, 0, -1]).failure?.kind == .tooFewPoints)
        let gaps = Regression.fit(.line, x: [1, .nan, 3, 4], y: [1, 2, .nan, 5])
        #expect(gaps.failure?.description == "2 points (2 skipped) for 2 parameters: a fit needs more points than parameters")
        #expect(Regression.fit(.line, x: [], y: []).failure?.kind == .tooFewPoints)
    }

    @Test("all-equal x determines no slope, linear or not")
    func allEqualX() throws {
        let x = [Double](repeating: 3, count: 50), y = (0..<50).map { Double($0) }
        let line = Regression.fit(.line, x: x, y: y)
        #expect(line.failure == FitError.Kind.singular.error("every x is 3.0: 2 parameters are not determined"))
        #expect(Regression.fit(.exponential, x: x, y: y).failure?.kind == .singular)
        #expect(Regression.fit(.logistic, x: x, y: y).failure?.kind == .singular)
        let twoValues = Regression.fit(.quadratic, x: (0..<20).map { Double($0 % 2) }, y: y.prefix(20).map { $0 })
        #expect(twoValues.failure?.description == "x takes only 2 values (0.0, 1.0): 3 parameters are not determined")
    }

    @Test("dependent terms are singular, not a solution of noise")
    func dependentTerms() {
        let twice = LinearModel(parameters: ["a", "b"], basis: [{ $0 }, { 2 * $0 }])
        let fit = Regression.fit(twice, x: (0..<30).map(Double.init), y: (0..<30).map { Double($0) * 1.5 })
        #expect(fit.failure?.kind == .singular)
        let zero = LinearModel(parameters: ["a", "b"], basis: [{ $0 }, { _ in 0 }])
        #expect(Regression.fit(zero, x: [1, 2, 3], y: [1, 2, 3]).failure?.kind == .singular)
    }

    @Test("a constant y leaves a sine's frequency and phase undetermined")
    func flatSine() {
        let x = (0..<100).map { Double($0) / 10 }
        let fit = Regression.fit(.sine, x: x, y: [Double](repeating: 2, count: 100))
        #expect(fit.failure?.kind == .singular, "\(fit)")
    }

    @Test("1e308 values: fitted in scaled units, exactly the scaled fit's")
    func hugeLinear() throws {
        let data = SeededData(seed: 41, count: 100, x: -1...1, noise: 0.05) { 0.6 * $0 + 0.9 }
        let small = try Regression.fit(.line, x: data.x, y: data.y).get()
        let scale = 0x1p1023   // 8.99e307: y up to about 1.35e308
        let huge = try Regression.fit(.line, x: data.x.map { $0 * scale }, y: data.y.map { $0 * scale }).get()
        #expect(huge.values[0] == small.values[0] && huge.values[1] == small.values[1] * scale)
        #expect(huge.rSquared == small.rSquared && huge.rmse == small.rmse * scale)
        #expect(data.y.map { $0 * scale }.contains { abs($0) > 1e308 })
        // x² of 1e308 is beyond Double: one line saying so, not a curve.
        let square = Regression.fit(.quadratic, x: [1e308, 2, 3, 4], y: [1, 2, 3, 4])
        #expect(square.failure?.description == "term 1 of the model (a's) is not finite at x = 1e+308")
        let mixed = Regression.fit(.line, x: [-1e308, 1e308, 0, 5e307], y: [1.7e308, -1.7e308, 0, -1e308])
        #expect(mixed.success?.values.allSatisfy(\.isFinite) == true, "\(mixed)")
    }

    @Test("the entry point's example does what its comment says")
    func documentedExample() throws {
        let x: [Double] = [0, 1, 2, 3, 4, .nan]
        let y: [Double] = [2.0, 5.4, 14.8, 40.1, 109.2, 7]
        let fit = try Regression.fit(.exponential, x: x, y: y).get()
        let a = try #require(fit["a"]), b = try #require(fit["b"])
        #expect(abs(a - 2) < 0.02 && abs(b - 1) < 0.01, "\(fit)")
        #expect(fit.count == 5 && fit.skipped == 1)
        #expect(Regression.fit(.exponential, x: [0, 1], y: [1, 2]).failure?.description
                == "2 points for 2 parameters: a fit needs more points than parameters")
    }

    @Test("x and y of different lengths")
    func mismatched() {
        #expect(Regression.fit(.line, x: [1, 2, 3], y: [1, 2]).failure?.description
                == "x has 3 values and y 2: they must pair up")
    }

    @Test("a fit out of evaluations says it did not converge")
    func notConverged() {
        let data = SeededData(seed: 42, count: 100, x: 0...20, noise: 0.1) { 2 * sin(1.3 * $0) }
        let fit = Regression.fit(.sine, x: data.x, y: data.y, start: [1, 0.2, 0, 0], maxEvaluations: 8)
        #expect(fit.failure?.kind == .notConverged)
        #expect(fit.failure?.description.hasPrefix("the fit did not converge in ") == true, "\(fit)")
    }

    @Test("10⁶ points: line, quadratic, exponential, sine and logistic (timed, printed)")
    func millionPoints() throws {
        let count = 1_000_000
        let cases: [(String, (Double) -> Double, ClosedRange<Double>, (SeededData) -> Result<Fit, FitError>, [Double])] = [
            ("line", { 2.5 * $0 - 1.75 }, -5...15, { Regression.fit(.line, x: $0.x, y: $0.y) }, [2.5, -1.75]),
            ("quadratic", { 0.8 * $0 * $0 - 1.3 * $0 + 2.2 }, -3...4,
             { Regression.fit(.quadratic, x: $0.x, y: $0.y) }, [0.8, -1.3, 2.2]),
            ("exponential", { 1.7 * exp(0.65 * $0) }, 0...4, { Regression.fit(.exponential, x: $0.x, y: $0.y) }, [1.7, 0.65]),
            ("sine", { 2.3 * sin(1.7 * $0 + 0.4) + 0.9 }, 0...20, { Regression.fit(.sine, x: $0.x, y: $0.y) },
             [2.3, 1.7, 0.4, 0.9]),
            ("logistic", { 5.5 / (1 + exp(-1.2 * ($0 - 2.5))) }, -6...10,
             { Regression.fit(.logistic, x: $0.x, y: $0.y) }, [5.5, 1.2, 2.5]),
        ]
        for (name, curve, range, fit, truth) in cases {
            let data = SeededData(seed: 43, count: count, x: range, noise: 0.2, curve: curve)
            let clock = ContinuousClock()
            var result: Result<Fit, FitError>?
            let elapsed = clock.measure { result = fit(data) }
            let fitted = try #require(result).get()
            print("Fitting benchmark: \(count) points, \(name): \(elapsed), \(fitted.evaluations) evaluations, "
                  + "values \(fitted.values)")
            #expect(fitted.count == count)
            for (value, expected) in zip(fitted.values, truth) {
                #expect(abs(value - expected) <= 1e-2 * abs(expected), "\(name): \(value), the curve's \(expected)")
            }
        }
    }
}

extension Result {
    var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
    var success: Success? { if case .success(let value) = self { value } else { nil } }
}

extension FitError.Kind {
    /// For comparisons: an error of this kind saying `description`.
    func error(_ description: String) -> FitError? { FitError(self, description) }
}
