/// Regressions: a model's parameters fitted to data by least squares.
///
/// A model linear in its parameters (`LinearModel`: `y ~ a x + b`, polynomials, any sum of
/// parameter × basis function) is solved at once by a QR factorization (LAPACK's `dgels`);
/// any other (`NonlinearModel`: `y ~ a exp(b x)`, `y ~ a sin(b x + c) + d`, the logistic) by
/// Levenberg–Marquardt (MINPACK's `lmdif`) from starting values found from the data.
///
/// Fitting `y ~ a exp(b x)` to two arrays (NaN, or nil in `[Double?]`, marks a gap: skipped
/// and counted):
///
/// ```swift
/// let x: [Double] = [0, 1, 2, 3, 4, .nan]
/// let y: [Double] = [2.0, 5.4, 14.8, 40.1, 109.2, 7]
/// switch Regression.fit(.exponential, x: x, y: y) {
/// case .success(let fit):
///     // fit["a"] ≈ 2.0, fit["b"] ≈ 1.0; fit.rSquared, fit.rmse, fit.residuals.median…
///     print(fit.names, fit.values, fit.count, fit.skipped)   // … 5 1
/// case .failure(let error):
///     print(error)   // one line, e.g. "2 points for 2 parameters: a fit needs more points than parameters"
/// }
/// ```
///
/// A fit that does not converge, data too few for the model (no more points than parameters)
/// or data that do not determine it (all x equal) is a `FitError`, never a wrong curve.
package enum Regression {
    /// `model` fitted to the pairs of `x` and `y` by linear least squares.
    package static func fit(_ model: LinearModel, x: [Double], y: [Double]) -> Result<Fit, FitError> {
        Result { () throws(FitError) in try FitSample(x: x, y: y) }.flatMap { LinearFit.fit(model, to: $0) }
    }

    /// `model` fitted to the pairs of `x` and `y` (nil: a gap) by linear least squares.
    package static func fit(_ model: LinearModel, x: [Double?], y: [Double?]) -> Result<Fit, FitError> {
        Result { () throws(FitError) in try FitSample(x: x, y: y) }.flatMap { LinearFit.fit(model, to: $0) }
    }

    /// `model` fitted to the pairs of `x` and `y` by Levenberg–Marquardt, from `start` or, when
    /// nil, from the model's own starting values for the data; at most `maxEvaluations` passes
    /// of the model over the data (nil: MINPACK's default, 200 × (parameters + 1)).
    package static func fit(_ model: NonlinearModel, x: [Double], y: [Double],
                            start: [Double]? = nil, maxEvaluations: Int? = nil) -> Result<Fit, FitError> {
        Result { () throws(FitError) in try FitSample(x: x, y: y) }.flatMap {
            NonlinearFit.fit(model, to: $0, start: start, maxEvaluations: maxEvaluations)
        }
    }

    /// `model` fitted to the pairs of `x` and `y` (nil: a gap) by Levenberg–Marquardt.
    package static func fit(_ model: NonlinearModel, x: [Double?], y: [Double?],
                            start: [Double]? = nil, maxEvaluations: Int? = nil) -> Result<Fit, FitError> {
        Result { () throws(FitError) in try FitSample(x: x, y: y) }.flatMap {
            NonlinearFit.fit(model, to: $0, start: start, maxEvaluations: maxEvaluations)
        }
    }

    /// Why `sample` cannot determine `parameters` parameters of a model of x, or nil: no more
    /// points than parameters, or fewer distinct x values than parameters.
    static func checkDetermined(_ sample: FitSample, parameters: Int) -> FitError? {
        let skipped = sample.skipped > 0 ? " (\(sample.skipped) skipped)" : ""
        guard sample.count > parameters else {
            return FitError(.tooFewPoints, "\(sample.count) point\(sample.count == 1 ? "" : "s")\(skipped) for "
                            + "\(parameters) parameters: a fit needs more points than parameters")
        }
        if let distinct = sample.distinctX(atLeast: parameters) {
            let values = distinct.count == 1 ? "every x is \(distinct[0])"
                : "x takes only \(distinct.count) values (\(distinct.map { "\($0)" }.joined(separator: ", ")))"
            return FitError(.singular, "\(values): \(parameters) parameters are not determined")
        }
        return nil
    }

    /// The fit of `values` to `sample`, whose fitted values are `fitted`: R², RMSE and the
    /// residuals' summary, or why not when a fitted value is not finite.
    static func result(names: [String], values: [Double], sample: FitSample, fitted: [Double],
                       evaluations: Int) -> Result<Fit, FitError> {
        if let bad = fitted.firstIndex(where: { !$0.isFinite }) {
            return .failure(FitError(.notFinite, "the fitted curve is not finite at x = \(sample.x[bad])"))
        }
        // Sums of squares of y and residuals divided by a power of two, so 1e308s do not overflow.
        let scale = max(powerOfTwoScale(sample.y), powerOfTwoScale(fitted))
        var residuals = [Double](repeating: 0, count: sample.count)
        var meanY = 0.0, squaredResiduals = 0.0
        for index in 0..<sample.count {
            let r = sample.y[index] / scale - fitted[index] / scale
            residuals[index] = r
            squaredResiduals += r * r
            meanY += sample.y[index] / scale
        }
        meanY /= Double(sample.count)
        let squaredDeviations = sample.y.reduce(0) { $0 + ($1 / scale - meanY) * ($1 / scale - meanY) }
        for index in residuals.indices { residuals[index] *= scale }
        guard let summary = ResidualSummary(sorting: &residuals) else {
            return .failure(FitError(.tooFewPoints, "no points to fit"))
        }
        let rSquared = squaredDeviations > 0 ? 1 - squaredResiduals / squaredDeviations : nil
        let rmse = (squaredResiduals / Double(sample.count)).squareRoot() * scale
        return .success(Fit(names: names, values: values, rSquared: rSquared, rmse: rmse, residuals: summary,
                            count: sample.count, skipped: sample.skipped, evaluations: evaluations))
    }
}
