import CLapacke

/// Linear least squares by LAPACK's Householder QR (`dgels`), the one file that calls LAPACK.
enum QRLeastSquares {
    /// The solution of min ‖A s − b‖ and the reciprocal condition number of A's R factor in the
    /// 1-norm (`dtrcon`'s estimate): near 0, the columns are (nearly) dependent.
    struct Solution {
        var coefficients: [Double]
        var reciprocalCondition: Double
    }

    /// Solves min ‖A s − b‖ for `design`, the `rows` × `columns` matrix A stored column by column
    /// (rows > columns), and `rhs`, b. Nil when R has an exact zero on its diagonal or the sizes
    /// do not fit LAPACK's 32-bit integers (`lapack_int`, a macro for `int32_t`).
    static func solve(design: [Double], rows: Int, columns: Int, rhs: [Double]) -> Solution? {
        guard rows > columns, columns > 0, design.count == rows * columns, rhs.count == rows,
              let m = Int32(exactly: rows), let n = Int32(exactly: columns),
              Int32(exactly: rows * columns) != nil else { return nil }
        var a = design, b = rhs
        let info = a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeMutableBufferPointer { b in
                LAPACKE_dgels(LAPACK_COL_MAJOR, CChar(UInt8(ascii: "N")), m, n, 1,
                              a.baseAddress, m, b.baseAddress, m)
            }
        }
        guard info == 0 else { return nil }
        var rcond = 0.0
        let conditionInfo = a.withUnsafeBufferPointer { a in
            LAPACKE_dtrcon(LAPACK_COL_MAJOR, CChar(UInt8(ascii: "1")), CChar(UInt8(ascii: "U")),
                           CChar(UInt8(ascii: "N")), n, a.baseAddress, m, &rcond)
        }
        guard conditionInfo == 0 else { return nil }
        return Solution(coefficients: Array(b[0..<columns]), reciprocalCondition: rcond)
    }
}
