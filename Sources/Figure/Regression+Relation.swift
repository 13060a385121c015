import Brain
import Fitting
import Synchronization

/// A regression's model handed to Fitting: linear in its parameters, by least squares on its
/// coefficients' functions of x; otherwise by Levenberg–Marquardt, a known shape as Fitting's
/// model of it (its function, starting values and scaling), any other on the compiled program
/// from generic starting values.
extension RegressionSpec {
    /// The spec's model fitted to `x` and `y` (nil: a gap), trigonometry read in `angle`: the
    /// fitted parameters, R², RMSE and residuals, or one line of why not.
    package func fit(x: [Double?], y: [Double?], angle: AngleMode = .radians) -> Result<FittedRegression, RegressionError> {
        guard x.count == y.count else {
            return .failure(RegressionError(.mismatchedLengths, "x has \(x.count) values and y \(y.count): they must pair up"))
        }
        if model.isAffine(in: Set(parameters)) { return fitLinear(x: x, y: y, angle: angle) }
        return fitNonlinear(x: x, y: y, angle: angle)
    }

    /// The spec's model fitted to `x` and `y` (NaN: a gap).
    package func fit(x: [Double], y: [Double], angle: AngleMode = .radians) -> Result<FittedRegression, RegressionError> {
        fit(x: x.map(Optional.some), y: y.map(Optional.some), angle: angle)
    }

    /// The model's value with the parameters at `values` (the others 0), as a plain function
    /// of x: NaN where the program fails.
    private func compiled(_ values: [String: Double], angle: AngleMode) -> @Sendable (Double) -> Double {
        let f = model.function(of: Coordinates.xVariable, using: values, angle: angle)
        return { x in f(x) ?? .nan }
    }

    /// Least squares for a model affine in its parameters: f(x) = g₀(x) + Σ pᵢ gᵢ(x), where gᵢ
    /// is f's partial derivative in pᵢ, f with pᵢ = 1 and the others 0, less g₀, f with all 0;
    /// y − g₀ is fitted to the gᵢ, and R² is computed again about y's own mean.
    private func fitLinear(x: [Double?], y: [Double?], angle: AngleMode) -> Result<FittedRegression, RegressionError> {
        let zeros = Dictionary(uniqueKeysWithValues: parameters.map { ($0, 0.0) })
        let offset = compiled(zeros, angle: angle)
        var shifted = y, hasOffset = false
        for index in y.indices {
            guard let u = x[index], let v = y[index], u.isFinite, v.isFinite else { continue }
            let g = offset(u)
            guard g.isFinite else {
                return .failure(RegressionError(.notFinite, "the model is not finite at x = \(NumberFormat.significant(u))"))
            }
            if g != 0 { hasOffset = true }
            shifted[index] = v - g
        }
        // Where g₀ is 0 at every point, f with one parameter 1 is its partial derivative as it is.
        let basis: [@Sendable (Double) -> Double] = parameters.map { name in
            var unit = zeros
            unit[name] = 1
            let withOne = compiled(unit, angle: angle)
            if hasOffset { return { x in withOne(x) - offset(x) } }
            return withOne
        }
        let model = LinearModel(parameters: parameters, basis: basis)
        return Regression.fit(model, x: x, y: hasOffset ? shifted : y).mapError(Self.error).map { fit in
            let rSquared = hasOffset ? Self.rSquared(y: y, x: x, rmse: fit.rmse) : fit.rSquared
            return result(fit, rSquared: rSquared, method: .leastSquares)
        }
    }

    /// R² about the mean of the used rows' y, from the RMSE: 1 − n RMSE² / SS(y − ȳ).
    private static func rSquared(y: [Double?], x: [Double?], rmse: Double) -> Double? {
        var used: [Double] = []
        for (u, v) in zip(x, y) {
            if let u, let v, u.isFinite, v.isFinite { used.append(v) }
        }
        let scale = used.reduce(0) { max($0, abs($1)) }
        guard scale > 0, scale.isFinite else { return nil }
        let mean = used.reduce(0) { $0 + $1 / scale } / Double(used.count)
        let deviations = used.reduce(0) { $0 + ($1 / scale - mean) * ($1 / scale - mean) }
        guard deviations > 0 else { return nil }
        let residuals = Double(used.count) * (rmse / scale) * (rmse / scale)
        return 1 - residuals / deviations
    }

    /// Levenberg–Marquardt: a known shape from its starting values (sine only in radians,
    /// where its periodogram's frequency is); any other model, or a shape whose fit failed, on
    /// the compiled program from each of a few generic starts in turn until one converges.
    private func fitNonlinear(x: [Double?], y: [Double?], angle: AngleMode) -> Result<FittedRegression, RegressionError> {
        let recognised = model.knownShape.flatMap { $0.shape == .sine && angle != .radians ? nil : $0 }
        let names = recognised?.parameters ?? parameters
        let function = CompiledModel(model, parameters: names, angle: angle).function
        var firstFailure: FitError?
        if let (shape, _) = recognised {
            // The shape's own closure: the same function as the program (the spellings are
            // compared exactly), without a compiled program's call a node.
            let known = Self.fittingModel(of: shape)
            let model = NonlinearModel(parameters: names, function: known.function, start: known.start,
                                       unscale: known.unscale, canonical: known.canonical)
            switch Regression.fit(model, x: x, y: y) {
            case .success(let fit):
                return .success(result(fit, rSquared: fit.rSquared, method: .levenbergMarquardt(shape: shape, evaluations: fit.evaluations)))
            case .failure(let error): firstFailure = error
            }
        }
        var best: Fit?
        for start in Self.genericStarts(names.count) {
            let model = NonlinearModel(parameters: names, function: function, start: { _ in start })
            switch Regression.fit(model, x: x, y: y) {
            case .success(let fit): best = fit
            case .failure(let error): if firstFailure == nil { firstFailure = error }
            }
            if best != nil { break }
        }
        if let best {
            return .success(result(best, rSquared: best.rSquared, method: .levenbergMarquardt(shape: nil, evaluations: best.evaluations)))
        }
        let failure = firstFailure ?? FitError(.notConverged, "the fit did not converge")
        return .failure(Self.error(failure))
    }

    /// Fitting's model of a known shape: its starting values, scaling and canonical form.
    private static func fittingModel(of shape: ModelShape) -> NonlinearModel {
        switch shape {
        case .exponential: .exponential
        case .sine: .sine
        case .logistic: .logistic
        }
    }

    /// Where a model of no known shape starts, tried in this order: all ones (as scipy's
    /// `curve_fit` does), then distinct values (symmetric terms such as a exp(b x) + c exp(d x) need them to separate),
    /// a small start, and alternating signs.
    static func genericStarts(_ count: Int) -> [[Double]] {
        [
            [Double](repeating: 1, count: count),
            (0..<count).map { 1 + Double($0) / 4 },
            [Double](repeating: 0.1, count: count),
            (0..<count).map { $0 % 2 == 0 ? 1 : -1 },
        ]
    }

    /// The figure's result of Fitting's fit, with `rSquared` as R².
    private func result(_ fit: Fit, rSquared: Double?, method: FittedRegression.Method) -> FittedRegression {
        let summary = fit.residuals
        return FittedRegression(
            spec: self, parameters: parameters.compactMap { name in fit[name].map { (name: name, value: $0) } },
            rSquared: rSquared, rmse: fit.rmse,
            residuals: .init(min: summary.min, lowerQuartile: summary.lowerQuartile, median: summary.median,
                             upperQuartile: summary.upperQuartile, max: summary.max),
            count: fit.count, skipped: fit.skipped, method: method)
    }

    private static func error(_ error: FitError) -> RegressionError {
        let kind: RegressionError.Kind = switch error.kind {
        case .mismatchedLengths: .mismatchedLengths
        case .tooFewPoints: .tooFewPoints
        case .singular: .singular
        case .notFinite: .notFinite
        case .notConverged: .notConverged
        }
        return RegressionError(kind, error.description)
    }
}

/// A model's program as Levenberg–Marquardt calls it, f(x, p) point by point: compiled again
/// (as a graph compiles it, parameters as constants) only when p changes, which it does once a
/// pass over the data.
private final class CompiledModel: Sendable {
    private struct Compiled {
        var values: [Double]
        var function: @Sendable (Double) -> Double?
    }

    private let model: Program
    private let parameters: [String]
    private let angle: AngleMode
    private let cache = Mutex<Compiled?>(nil)

    init(_ model: Program, parameters: [String], angle: AngleMode) {
        self.model = model
        self.parameters = parameters
        self.angle = angle
    }

    var function: NonlinearModel.Function {
        { [self] x, p in value(at: x, p) }
    }

    private func value(at x: Double, _ p: UnsafeBufferPointer<Double>) -> Double {
        let f = cache.withLock { cached -> @Sendable (Double) -> Double? in
            if let cached, cached.values.elementsEqual(p) { return cached.function }
            let values = Array(p)
            let bound = Dictionary(uniqueKeysWithValues: zip(parameters, values))
            let function = model.function(of: Coordinates.xVariable, using: bound, angle: angle)
            cached = Compiled(values: values, function: function)
            return function
        }
        return f(x) ?? .nan
    }
}
