import Brain

/// A regression fitted to data, as a figure shows it and `points` reports it: each parameter's
/// value, how well the curve follows the points, the fitted curve as an ordinary y(x) item to
/// draw over the data, and its legend, `y = 2.00143 x + 0.998; R² = 0.9987`.
package struct FittedRegression: Sendable {
    /// How the parameters were found.
    package enum Method: Sendable, Equatable {
        /// The model is linear in its parameters: least squares by a QR factorization, at once.
        case leastSquares
        /// Levenberg–Marquardt from starting values found from the data for a known shape
        /// (`ModelShape`), or from generic ones (nil), in this many evaluations of the model.
        case levenbergMarquardt(shape: ModelShape?, evaluations: Int)
    }

    /// The smallest and largest residual y − f(x) and the quartiles between them.
    package struct Residuals: Sendable, Equatable {
        package let min: Double
        package let lowerQuartile: Double
        package let median: Double
        package let upperQuartile: Double
        package let max: Double
    }

    package let spec: RegressionSpec
    /// The parameters with their fitted values, in the order the model names them.
    package let parameters: [(name: String, value: Double)]
    /// 1 − SS(residuals) / SS(y about its mean); nil when every y is equal.
    package let rSquared: Double?
    /// √(SS(residuals) / count), in y's units.
    package let rmse: Double
    package let residuals: Residuals
    /// The points used, and the rows left out (a gap or an infinity in x or y).
    package let count: Int
    package let skipped: Int
    package let method: Method

    /// The parameters' values by name, as a figure item binds them.
    package var values: [String: Double] {
        Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0.value) })
    }

    /// The fitted curve: the model as y(x) with the fitted values in place of its parameters,
    /// so that no slider or animation of a parameter of the same name moves it.
    package var relation: Relation { .function(spec.model.substitutingParameters(values)) }

    /// The fitted equation, each value to 6 significant digits: `y = 2.00143 x + 0.998`.
    package var equation: String { spec.equation(values: values) }

    /// The legend: the equation and R² to 4 decimals, `y = 2.00143 x + 0.998; R² = 0.9987`.
    package var legend: String {
        guard let rSquared else { return equation }
        return equation + "; R² = " + cFormat("%.4f", rSquared)
    }

    /// The fitted curve as a figure item over the data, its legend `legend`.
    package func item(angle: AngleMode, t: ClosedRange<Double>) -> FigureItem {
        FigureItem(relation: relation, values: [:], angle: angle, t: t, equation: legend)
    }
}

/// Why a regression could not be fitted, in one line (`description`): too few points, data
/// that do not determine the parameters, a fit that does not converge. Never a curve.
package struct RegressionError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        case mismatchedLengths, tooFewPoints, singular, notFinite, notConverged
    }

    package let kind: Kind
    package let description: String

    package init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
