/// A model fitted to data: each parameter's value and how well the curve follows the points.
package struct Fit: Sendable, Equatable {
    /// The parameters' names, in the model's order (`["a", "b"]` for `y ~ a exp(b x)`).
    package let names: [String]
    /// The parameters' values, in the order of `names`.
    package let values: [Double]
    /// 1 − SS(residuals) / SS(y about its mean); nil when every y is equal (it is then undefined).
    package let rSquared: Double?
    /// √(SS(residuals) / count), in y's units.
    package let rmse: Double
    /// The residuals y − f(x), summarized.
    package let residuals: ResidualSummary
    /// The points used.
    package let count: Int
    /// The rows left out: a gap (nil or NaN) or an infinity in x or y.
    package let skipped: Int
    /// How many times the model was evaluated over the data (Levenberg–Marquardt); 1 for a
    /// linear model, solved at once.
    package let evaluations: Int

    /// The value of the parameter called `name`.
    package subscript(name: String) -> Double? {
        names.firstIndex(of: name).map { values[$0] }
    }
}

/// The smallest and largest residual and the quartiles between them (linear interpolation
/// between order statistics, as numpy's `percentile` computes them by default).
package struct ResidualSummary: Sendable, Equatable {
    package let min: Double
    package let lowerQuartile: Double
    package let median: Double
    package let upperQuartile: Double
    package let max: Double

    /// The summary of `values`, which it sorts; nil when there are none.
    init?(sorting values: inout [Double]) {
        guard !values.isEmpty else { return nil }
        values.sort()
        func quantile(_ q: Double) -> Double {
            let position = q * Double(values.count - 1)
            let low = Int(position.rounded(.down))
            let high = Swift.min(low + 1, values.count - 1)
            let fraction = position - Double(low)
            return values[low] + fraction * (values[high] - values[low])
        }
        min = values[0]
        lowerQuartile = quantile(0.25)
        median = quantile(0.5)
        upperQuartile = quantile(0.75)
        max = values[values.count - 1]
    }
}

/// Why a model could not be fitted, in one line (`description`): a fit that fails is this,
/// never a curve that does not follow the data.
package struct FitError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// x and y have different lengths.
        case mismatchedLengths
        /// No more points than parameters.
        case tooFewPoints
        /// The data do not determine the parameters (all x equal, dependent terms).
        case singular
        /// A value of the model or of the fit is out of Double's range.
        case notFinite
        /// Levenberg–Marquardt stopped before it converged.
        case notConverged
    }

    package let kind: Kind
    /// The reason, one line.
    package let description: String

    package init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
