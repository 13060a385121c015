import CMinpack

/// Levenberg–Marquardt by MINPACK's `lmdif` (forward-difference Jacobian, automatic scaling),
/// the one file that calls MINPACK; scipy's `curve_fit` calls the same routine.
enum LevenbergMarquardt {
    /// Where `lmdif` stopped.
    struct Outcome {
        var parameters: [Double]
        /// `lmdif`'s info: 1–4 converged, 5 out of evaluations, 6–8 no further improvement
        /// possible at machine precision.
        var info: Int32
        var evaluations: Int
        /// The smallest |Rᵢᵢ| / ‖column i of R‖ of the Jacobian's pivoted QR at the end: the sine
        /// of the angle between a parameter's column and the span of the others; near 0, the
        /// data do not determine the parameters separately.
        var independence: Double
    }

    /// The residuals for parameter values into a buffer of `count` values.
    typealias Residuals = (_ parameters: UnsafeBufferPointer<Double>, _ into: UnsafeMutableBufferPointer<Double>) -> Void

    private final class Context {
        let residuals: Residuals
        init(_ residuals: @escaping Residuals) { self.residuals = residuals }
    }

    /// Minimizes the sum of squares of `residuals` (`count` of them) from `start`. Nil when the
    /// sizes do not fit MINPACK's 32-bit integers.
    static func minimize(count: Int, start: [Double], maxEvaluations: Int,
                         residuals: @escaping Residuals) -> Outcome? {
        let n = start.count
        guard count > n, n > 0, let m32 = Int32(exactly: count), let n32 = Int32(exactly: n),
              Int32(exactly: count * n) != nil else { return nil }
        let context = Context(residuals)
        var x = start
        var fvec = [Double](repeating: 0, count: count)
        var fjac = [Double](repeating: 0, count: count * n)
        var diag = [Double](repeating: 0, count: n), qtf = diag, wa1 = diag, wa2 = diag, wa3 = diag
        var wa4 = fvec
        var ipvt = [Int32](repeating: 0, count: n)
        var evaluations: Int32 = 0
        let callback: cminpack_func_mn = { pointer, m, n, x, fvec, _ in
            guard let pointer, let x, let fvec else { return -1 }
            let context = Unmanaged<Context>.fromOpaque(pointer).takeUnretainedValue()
            let output = UnsafeMutableBufferPointer(start: fvec, count: Int(m))
            context.residuals(UnsafeBufferPointer(start: x, count: Int(n)), output)
            // An overflow is a bad step, not a poisoned one: a large finite residual makes
            // lmdif shrink the step instead.
            for index in output.indices where !output[index].isFinite { output[index] = 1e150 }
            return 0
        }
        let info = withExtendedLifetime(context) {
            lmdif(callback, Unmanaged.passUnretained(context).toOpaque(), m32, n32, &x, &fvec,
                  1e-14, 1e-13, 0, Int32(clamping: maxEvaluations), 0, &diag, 1, 100, 0, &evaluations,
                  &fjac, m32, &ipvt, &qtf, &wa1, &wa2, &wa3, &wa4)
        }
        return Outcome(parameters: x, info: info, evaluations: Int(evaluations),
                       independence: independence(fjac, rows: count, columns: n))
    }

    /// The smallest |Rᵢᵢ| / ‖R's column i‖ of the upper triangle `lmdif` leaves in `fjac`.
    private static func independence(_ fjac: [Double], rows: Int, columns: Int) -> Double {
        var smallest = Double.infinity
        for column in 0..<columns {
            var norm = 0.0
            let diagonal = abs(fjac[column * rows + column])
            var largest = 0.0
            for row in 0...column { largest = max(largest, abs(fjac[column * rows + row])) }
            guard largest > 0 else { return 0 }
            for row in 0...column {
                let scaled = fjac[column * rows + row] / largest
                norm += scaled * scaled
            }
            smallest = min(smallest, diagonal / largest / norm.squareRoot())
        }
        return smallest
    }
}
