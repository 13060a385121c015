import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 0 that f reaches only by rounding: eˣ left of −745.13, (−200)^(−200). The point finder
/// gives such a 0 no root, and the statistics no minimum or maximum.
enum Underflow {
    /// Whether f is 0 at x only because its value underflowed, as the floating-point underflow
    /// flag says. The C calls are `feclearexcept(3)` and `fetestexcept(3)`.
    static func makesZero(_ f: (Double) -> Double?, at x: Double) -> Bool {
        feclearexcept(FE_UNDERFLOW)
        let value = f(x)
        return value == 0 && fetestexcept(FE_UNDERFLOW) != 0
    }
}
