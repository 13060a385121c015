import Fitting
import Testing

/// `fit` agrees with `reference` within `tolerance`, relative: each parameter to its own
/// magnitude, R² to 1, RMSE to itself, the residuals' summary to the RMSE (residuals near 0
/// have no relative digits to compare).
func expectAgreement(_ fit: Fit, _ reference: Reference.Values, within tolerance: Double,
                     sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(fit.values.count == reference.parameters.count, sourceLocation: sourceLocation)
    for (index, (mine, theirs)) in zip(fit.values, reference.parameters).enumerated() {
        #expect(abs(mine - theirs) <= tolerance * abs(theirs),
                "\(fit.names[index]) = \(mine), the reference's \(theirs)", sourceLocation: sourceLocation)
    }
    let rSquared = fit.rSquared ?? .nan
    #expect(abs(rSquared - reference.rSquared) <= tolerance, "R² \(rSquared), the reference's \(reference.rSquared)",
            sourceLocation: sourceLocation)
    #expect(abs(fit.rmse - reference.rmse) <= tolerance * reference.rmse,
            "RMSE \(fit.rmse), the reference's \(reference.rmse)", sourceLocation: sourceLocation)
    let summary = [fit.residuals.min, fit.residuals.lowerQuartile, fit.residuals.median,
                   fit.residuals.upperQuartile, fit.residuals.max]
    for (mine, theirs) in zip(summary, reference.residuals) {
        #expect(abs(mine - theirs) <= tolerance * reference.rmse, "residual quantile \(mine), the reference's \(theirs)",
                sourceLocation: sourceLocation)
    }
}
