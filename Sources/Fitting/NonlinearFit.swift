/// Levenberg–Marquardt fits of nonlinear models.
enum NonlinearFit {
    /// Below this, a parameter's Jacobian column is taken as lying in the others' span.
    static let minimumIndependence = 1e-9

    /// `model` fitted to `sample` from `start` (nil: the model's starting values).
    static func fit(_ model: NonlinearModel, to sample: FitSample, start: [Double]?,
                    maxEvaluations: Int?) -> Result<Fit, FitError> {
        let parameters = model.parameters.count
        if let failure = Regression.checkDetermined(sample, parameters: parameters) { return .failure(failure) }
        // Fitted where x and y are within (−2, 2), when the model knows how its parameters scale.
        let (xScale, yScale) = model.unscale == nil ? (1.0, 1.0) : (powerOfTwoScale(sample.x), powerOfTwoScale(sample.y))
        let scaled = sample.scaled(x: xScale, y: yScale)
        let guess: [Double]?
        if let start {
            guess = model.unscale.map { unscale in
                // The caller's start is in the data's units: into the scaled ones.
                let unit = unscale([Double](repeating: 1, count: parameters), xScale, yScale)
                return zip(start, unit).map { $0 / $1 }
            } ?? start
        } else {
            guess = model.start(scaled)
        }
        guard let guess, guess.count == parameters, guess.allSatisfy(\.isFinite) else {
            return .failure(FitError(.notConverged, "no starting values for the model could be found from the data"))
        }
        let limit = maxEvaluations ?? 200 * (parameters + 1)
        let function = model.function
        let outcome = scaled.x.withUnsafeBufferPointer { xs in
            scaled.y.withUnsafeBufferPointer { ys in
                LevenbergMarquardt.minimize(count: scaled.count, start: guess, maxEvaluations: limit) { p, residuals in
                    for index in 0..<xs.count { residuals[index] = function(xs[index], p) - ys[index] }
                }
            }
        }
        guard let outcome else {
            return .failure(FitError(.tooFewPoints, "\(sample.count) points are more than MINPACK can take"))
        }
        switch outcome.info {
        case 1...4, 6...8: break
        case 5:
            return .failure(FitError(.notConverged, "the fit did not converge in \(outcome.evaluations) evaluations "
                                     + "of the model"))
        default:
            return .failure(FitError(.notConverged, "the fit stopped (MINPACK info \(outcome.info))"))
        }
        let values = model.canonical(model.unscale?(outcome.parameters, xScale, yScale) ?? outcome.parameters)
        guard outcome.independence >= minimumIndependence else {
            return .failure(FitError(.singular, "the data do not determine the parameters separately "
                                     + "(the fit is degenerate at \(describe(model, values)))"))
        }
        guard values.allSatisfy(\.isFinite) else {
            return .failure(FitError(.notFinite, "the fitted parameters are beyond Double's range"))
        }
        let fitted = values.withUnsafeBufferPointer { p in sample.x.map { function($0, p) } }
        return Regression.result(names: model.parameters, values: values, sample: sample, fitted: fitted,
                                 evaluations: outcome.evaluations)
    }

    private static func describe(_ model: NonlinearModel, _ values: [Double]) -> String {
        zip(model.parameters, values).map { "\($0) = \($1)" }.joined(separator: ", ")
    }
}
