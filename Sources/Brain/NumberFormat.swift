#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How numbers print on the display and in descriptions.
package enum NumberFormat {
    /// A display value: at most 6 decimals without trailing zeros, scientific
    /// (`1.234568e+15`) when |v| ≥ 1e12 or 0 < |v| < 1e-6, and `-0` as `0`.
    package static func display(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        if magnitude >= 1e12 || magnitude < 1e-6 {
            let text = cFormat("%.6e", value)
            guard let e = text.firstIndex(of: "e") else { return text }
            return trimmingZeros(String(text[..<e])) + text[e...]
        }
        let text = trimmingZeros(cFormat("%.6f", value))
        return text == "-0" ? "0" : text
    }

    /// A number inside a description or expression: the shortest text that reads back as
    /// exactly this number, without a trailing `.0` (`7`, `0.1`, `1e-07`,
    /// `1000000000000000`, `1e+16`).
    package static func description(_ value: Double) -> String {
        if value == 0 { return "0" }
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// `"1.500000"` → `"1.5"`, `"2.000000"` → `"2"`.
    /// A measured value to six significant digits and at most six decimals (like "%.6g"):
    /// exponent form from a million up and below 1e-4, and `-0` as `0`. Non-finite values print
    /// as `display` prints them.
    package static func significant(_ value: Double) -> String {
        guard value.isFinite else { return display(value) }
        let magnitude = abs(value)
        let text: String
        if magnitude >= 1e6 || (magnitude > 0 && magnitude < 1e-4) {
            let formatted = cFormat("%.5e", value)
            let parts = formatted.split(separator: "e", maxSplits: 1)
            text = parts.count == 2 ? trimmingZeros(String(parts[0])) + "e" + parts[1] : formatted
        } else {
            let integerDigits = cFormat("%.0f", magnitude).count
            let decimals = min(6, max(0, 6 - (magnitude < 1 ? 0 : integerDigits)))
            text = trimmingZeros(cFormat("%.\(decimals)f", value))
        }
        return text == "-0" ? "0" : text
    }

    private static func trimmingZeros(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed.removeLast() }
        if trimmed.hasSuffix(".") { trimmed.removeLast() }
        return String(trimmed)
    }
}
