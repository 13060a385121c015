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

    /// ∛x to the nearest Double: glibc's `cbrt` is a unit or two in the last place off for some
    /// exact cubes (`cbrt(27)` is 3.0000000000000004, `cbrt(491³)` two units above 491), so its
    /// answer takes one Newton step, and of that and the Doubles either side the one whose cube is
    /// nearest x is the root; each cube's error is computed with fused multiply-adds.
    static func cubeRoot(_ x: Double) -> Double {
        let estimate = cbrt(x)
        // Below 10⁻²⁹⁰ the cubes' errors underflow; past 10³⁰⁰ the squares overflow.
        guard estimate.isFinite, abs(x) > 1e-290, abs(x) < 1e300 else { return estimate }
        func cubeError(_ root: Double) -> Double {
            let square = root * root
            let squareError = (-square).addingProduct(root, root)  // root² − square, exactly
            return (-x).addingProduct(square, root) + squareError * root
        }
        let stepped = estimate - cubeError(estimate) / (3 * estimate * estimate)
        return [stepped.nextDown, stepped.nextUp].reduce(stepped) { best, candidate in
            abs(cubeError(candidate)) < abs(cubeError(best)) ? candidate : best
        }
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
