#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gamma-correct colour mixing: sRGB to linear light, mix, back to sRGB.
enum LinearBlend {
    /// `under` covered by `over` at `coverage` (0…1).
    static func mix(_ under: RGB, _ over: RGB, _ coverage: Double) -> RGB {
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            let linear = linearize(a) * (1 - coverage) + linearize(b) * coverage
            return encode(linear)
        }
        return RGB(channel(under.red, over.red), channel(under.green, over.green), channel(under.blue, over.blue))
    }

    /// The linear-light value of an sRGB channel.
    static func linearize(_ value: UInt8) -> Double {
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow(( c + 0.055) / 1.055, 2.4)
    }

    /// The sRGB channel of a linear-light value.
    static func encode(_ linear: Double) -> UInt8 {
        let l = min(max(linear, 0), 1)
        let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8((c * 255).rounded())
    }
}
