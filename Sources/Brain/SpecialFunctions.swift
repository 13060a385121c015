#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few functions of the symbol table that the C library does not provide as such.
enum SpecialFunctions {
    /// n! for n = 0…22, each exact: 22! is the largest factorial a Double holds exactly.
    private static let exactFactorials: [Double] = {
        var values: [Double] = [1]
        for n in 1...22 { values.append(values[n - 1] * Double(n)) }
        return values
    }()

    /// Γ(x): exact at the integers 1…23 (Γ(n) = (n − 1)!), else the C library's `tgamma`.
    /// NaN at the poles (0, −1, −2, …), which `isGammaPole` tells apart beforehand.
    static func gamma(_ x: Double) -> Double {
        if x >= 1, x <= 23, x.rounded(.down) == x, let n = Int(exactly: x) {
            return exactFactorials[n - 1]
        }
        return tgamma(x)
    }

    /// Whether Γ has a pole at `x`: x is 0 or a negative integer.
    static func isGammaPole(_ x: Double) -> Bool {
        x <= 0 && x.rounded(.down) == x
    }

    /// a mod b with the sign of b, as Python's `%` and Desmos's `mod` compute it: `mod(7, -3)`
    /// is −2, `mod(-7, 3)` is 2. NaN when b is 0, which the table reports as an error first.
    static func floorModulo(_ a: Double, _ b: Double) -> Double {
        let remainder = fmod(a, b)
        if remainder == 0 { return 0 }
        return (remainder < 0) != (b < 0) ? remainder + b : remainder
    }

    /// −1, 0 or 1, as the sign of x (0 for ±0).
    static func sign(_ x: Double) -> Double {
        x > 0 ? 1 : (x < 0 ? -1 : 0)
    }
}
