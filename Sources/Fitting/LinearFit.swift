/// Least squares for models linear in their parameters.
enum LinearFit {
    /// Below this reciprocal condition of the (column-equilibrated) design's R, the terms are
    /// taken as dependent on these x: the parameters would be noise, not the data's.
    static let minimumReciprocalCondition = 1e-13

    /// `model` fitted to `sample` by QR least squares.
    static func fit(_ model: LinearModel, to sample: FitSample) -> Result<Fit, FitError> {
        let rows = sample.count, columns = model.basis.count
        if let failure = Regression.checkDetermined(sample, parameters: columns) { return .failure(failure) }
        // The design, column by column, each column and y divided by a power of two (exact,
        // so the solution is the unscaled one's): 1e308s do not overflow and the condition
        // estimate measures dependence, not units.
        var design = [Double](repeating: 0, count: rows * columns)
        var columnScales: [Double] = []
        for (column, term) in model.basis.enumerated() {
            let values = sample.x.map(term)
            if let bad = values.firstIndex(where: { !$0.isFinite }) {
                return .failure(FitError(.notFinite, "term \(column + 1) of the model (\(model.parameters[column])'s) "
                                         + "is not finite at x = \(sample.x[bad])"))
            }
            let scale = powerOfTwoScale(values)
            guard values.contains(where: { $0 != 0 }) else {
                return .failure(FitError(.singular, "term \(column + 1) of the model (\(model.parameters[column])'s) "
                                         + "is 0 at every x: \(model.parameters[column]) is not determined"))
            }
            columnScales.append(scale)
            for row in 0..<rows { design[column * rows + row] = values[row] / scale }
        }
        let yScale = powerOfTwoScale(sample.y)
        let rhs = sample.y.map { $0 / yScale }
        guard let solution = QRLeastSquares.solve(design: design, rows: rows, columns: columns, rhs: rhs),
              solution.reciprocalCondition >= minimumReciprocalCondition else {
            return .failure(FitError(.singular, "the model's terms are linearly dependent on these x values: "
                                     + "the parameters are not determined"))
        }
        let values = zip(solution.coefficients, columnScales).map { $0 * yScale / $1 }
        guard values.allSatisfy(\.isFinite) else {
            return .failure(FitError(.notFinite, "the fitted parameters are beyond Double's range"))
        }
        // The fitted values from the scaled design, so that no product overflows on the way.
        var fitted = [Double](repeating: 0, count: rows)
        for column in 0..<columns {
            let coefficient = solution.coefficients[column]
            for row in 0..<rows { fitted[row] += coefficient * design[column * rows + row] }
        }
        for row in 0..<rows { fitted[row] *= yScale }
        return Regression.result(names: model.parameters, values: values, sample: sample, fitted: fitted, evaluations: 1)
    }
}
