import Foundation

/// Numbers as the popover shows them (like "%.6g"): no digit that is noise.
///
/// Six significant digits at most, and at most six decimals; exponent form from a million
/// up and below 1e-4; never "-0".
enum PopoverNumber {
    /// `value` to the digits it can be trusted to.
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "undefined" : value > 0 ? "∞" : "-∞" }
        let magnitude = abs(value)
        let text: String
        if magnitude >= 1e6 || (magnitude > 0 && magnitude < 1e-4) {
            let formatted = String(format: "%.5e", value)
            let parts = formatted.split(separator: "e", maxSplits: 1)
            text = parts.count == 2 ? trimmingZeros(String(parts[0])) + "e" + parts[1] : formatted
        } else {
            let integerDigits = String(format: "%.0f", magnitude).count
            let decimals = min(6, max(0, 6 - (magnitude < 1 ? 0 : integerDigits)))
            text = trimmingZeros(String(format: "%.\(decimals)f", value))
        }
        return text == "-0" ? "0" : text
    }

    /// "1.500000" → "1.5", "2.000" → "2"; integers are left alone.
    private static func trimmingZeros(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
