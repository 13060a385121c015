/// Number formatting for axis labels, without floating-point noise.
enum NumberLabel {
    /// `value` rounded to the decimals of `step` ("0.30000000000000004" with step 0.1 → "0.3").
    static func format(_ value: Double, step: Double) -> String {
        guard value.isFinite, step.isFinite, step > 0 else { return value.isNaN ? "nan" : value > 0 ? "inf" : "-inf" }
        let exponent = Int(TickLadder.log10Floor(step))
        let scaled = (value / TickLadder.power(exponent)).rounded()
        guard abs(scaled) < 9e15 else { return "\(value)" }
        return format(multiple: Int(scaled), exponent: exponent)
    }

    /// The decimal `multiple × 10^exponent`: fixed with `-exponent` decimals, or "2.5e+07"
    /// style when it is a million or more, or below 1e-4.
    static func format(multiple: Int, exponent: Int) -> String {
        if multiple == 0 { return "0" }
        let sign = multiple < 0 ? "-" : ""
        var digits = String(multiple.magnitude)
        var trimmedExponent = exponent
        while digits.count > 1, digits.hasSuffix("0") {
            digits.removeLast()
            trimmedExponent += 1
        }
        let magnitude = trimmedExponent + digits.count - 1
        if magnitude >= 6 || magnitude < -4 {
            var mantissa = String(digits.prefix(1))
            if digits.count > 1 { mantissa += "." + digits.dropFirst() }
            let exponentDigits = String(abs(magnitude))
            let padded = exponentDigits.count < 2 ? "0" + exponentDigits : exponentDigits
            return sign + mantissa + "e" + (magnitude < 0 ? "-" : "+") + padded
        }
        let fixed = String(multiple.magnitude)
        if exponent >= 0 { return sign + fixed + String(repeating: "0", count: exponent) }
        let decimals = -exponent
        let padded = fixed.count <= decimals ? String(repeating: "0", count: decimals - fixed.count + 1) + fixed : fixed
        let split = padded.index(padded.endIndex, offsetBy: -decimals)
        return sign + padded[..<split] + "." + padded[split...]
    }
}
