#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How trigonometric functions read their argument and inverse ones give their result: in
/// radians (as the C library does) or in degrees (a calculator's DEG mode: sin(30) is 0.5,
/// acos(0.5) is 60). A program is evaluated and compiled in one mode; its steps do not change.
package enum AngleMode: String, Sendable, Equatable, Codable, CaseIterable {
    case radians, degrees

    /// What the display shows for the mode: "RAD" or "DEG".
    package var shortName: String { self == .radians ? "RAD" : "DEG" }

    /// The other mode.
    package var toggled: AngleMode { self == .radians ? .degrees : .radians }
}

extension UnaryOperation {
    /// This operation as it reads angles in `mode`: the degree variant of a trigonometric
    /// function or its inverse in degrees, else itself.
    func reading(_ mode: AngleMode) -> UnaryOperation {
        guard mode == .degrees, let variant = Degrees.variants[symbol] else { return self }
        return UnaryOperation(symbol: symbol, notation: notation, infix: infix, apply: variant.apply, check: variant.check)
    }
}

/// Trigonometry in degrees, exact where the mathematics is: the angle is reduced by whole turns
/// and quarter turns exactly (fmod and subtraction of multiples of 90 lose nothing), so sin(180)
/// is 0, cos(90) is 0 and tan(90) a pole, and what is left (within ±45°) is converted to radians
/// with π/180 split in two parts, so sin(30) is 0.5 and tan(45) is 1. Inverse functions give
/// degrees, snapped to a whole degree within a few ulps (acos(0.5) is 60, not 60.00000000000001).
enum Degrees {
    typealias Variant = (apply: @Sendable (Double) -> Double, check: (@Sendable (Double) -> CalculationError?)?)

    /// The degree variants, by the radian function's symbol.
    static let variants: [String: Variant] = [
        "sin": ({ sine($0) }, nil),
        "cos": ({ cosine($0) }, nil),
        "tan": ({ tangent($0) }, { abs(cosine($0)) < 1e-12 ? .tangentPole : nil }),
        "sec": ({ 1 / cosine($0) }, { abs(cosine($0)) < 1e-12 ? .pole("secant") : nil }),
        "csc": ({ 1 / sine($0) }, { abs(sine($0)) < 1e-12 ? .pole("cosecant") : nil }),
        "cot": ({ cotangent($0) }, { abs(sine($0)) < 1e-12 ? .pole("cotangent") : nil }),
        "sin⁻¹": ({ degrees(fromRadians: asin($0)) }, { abs($0) > 1 ? .outsideDomain("sin⁻¹", domain: "[-1, 1]") : nil }),
        "cos⁻¹": ({ degrees(fromRadians: acos($0)) }, { abs($0) > 1 ? .outsideDomain("cos⁻¹", domain: "[-1, 1]") : nil }),
        "tan⁻¹": ({ degrees(fromRadians: atan($0)) }, nil),
    ]

    /// π/180 and 180/π, each as a Double and the Double nearest its rounding error.
    private static let radiansPerDegree = 0.017_453_292_519_943_295, radiansPerDegreeError = 2.948_652_270_870_168_7e-19
    private static let degreesPerRadian = 57.295_779_513_082_32, degreesPerRadianError = -1.987_849_567_057_628_3e-15

    /// sin of `x` degrees.
    static func sine(_ x: Double) -> Double {
        let (quadrant, t) = reduce(x)
        let value: Double
        switch quadrant {
        case 0: value = sineKernel(t)
        case 1: value = cosineKernel(t)
        case 2: value = -sineKernel(t)
        default: value = -cosineKernel(t)
        }
        return value + 0  // -0 (sin of -180) reads as 0
    }

    /// cos of `x` degrees.
    static func cosine(_ x: Double) -> Double {
        let (quadrant, t) = reduce(x)
        let value: Double
        switch quadrant {
        case 0: value = cosineKernel(t)
        case 1: value = -sineKernel(t)
        case 2: value = -cosineKernel(t)
        default: value = sineKernel(t)
        }
        return value + 0
    }

    /// tan of `x` degrees: ±1 exactly at the odd multiples of 45.
    static func tangent(_ x: Double) -> Double {
        let (_, t) = reduce(x)
        let sine = sine(x), cosine = cosine(x)
        if abs(t) == 45 { return (sine > 0) == (cosine > 0) ? 1 : -1 }
        return sine / cosine
    }

    /// cot of `x` degrees: ±1 exactly at the odd multiples of 45.
    static func cotangent(_ x: Double) -> Double {
        let (_, t) = reduce(x)
        let sine = sine(x), cosine = cosine(x)
        if abs(t) == 45 { return (sine > 0) == (cosine > 0) ? 1 : -1 }
        return cosine / sine
    }

    /// `x` degrees as a quadrant (0 to 3, counterclockwise from 0°) and the angle within ±45° of
    /// it, both exact: fmod is exact, and so is each subtraction (Sterbenz).
    private static func reduce(_ x: Double) -> (quadrant: Int, t: Double) {
        var r = fmod(x, 360)
        if r > 180 { r -= 360 } else if r < -180 { r += 360 }
        let q = (r / 90).rounded()
        guard q.isFinite else { return (0, .nan) }
        return (((Int(q) % 4) + 4) % 4, r - 90 * q)
    }

    /// sin of `t` degrees, |t| ≤ 45, from its radians in two parts.
    private static func sineKernel(_ t: Double) -> Double {
        if t == 0 { return t }
        if abs(t) == 30 { return t > 0 ? 0.5 : -0.5 }
        let high = t * radiansPerDegree, low = fma(t, radiansPerDegree, -high) + t * radiansPerDegreeError
        return sin(high) + low * cos(high)
    }

    /// cos of `t` degrees, |t| ≤ 45.
    private static func cosineKernel(_ t: Double) -> Double {
        if t == 0 { return 1 }
        let high = t * radiansPerDegree, low = fma(t, radiansPerDegree, -high) + t * radiansPerDegreeError
        return cos(high) - low * sin(high)
    }

    /// `radians` in degrees, from 180/π in two parts, snapped to a whole degree within 4 ulps.
    static func degrees(fromRadians radians: Double) -> Double {
        let high = radians * degreesPerRadian
        let value = high + (fma(radians, degreesPerRadian, -high) + radians * degreesPerRadianError)
        let whole = value.rounded()
        return whole != 0 && abs(value - whole) <= 4 * whole.ulp ? whole : value
    }
}
