import Raster

/// The decimal with the fewest significant digits in a narrow interval: where a jump or pole
/// found to a few units in the last place is reported (1, not 0.9999999999999998).
enum ShortestDecimal {
    /// The number in `range` with the fewest significant digits (0 when the range holds it), up to
    /// 17 digits, or the middle of the range when none is found.
    static func within(_ range: ClosedRange<Double>) -> Double {
        let low = range.lowerBound, high = range.upperBound
        if low <= 0, high >= 0 { return 0 }
        let middle = low / 2 + high / 2
        guard middle.isFinite, middle != 0 else { return middle }
        let magnitude = Int(TickLadder.log10Floor(abs(middle)))
        for digits in 0...17 {
            let exponent = digits - magnitude
            guard abs(exponent) <= 22 else { continue }
            let scale = TickLadder.power(abs(exponent))
            let candidate = exponent >= 0 ? (middle * scale).rounded() / scale : (middle / scale).rounded() * scale
            if range.contains(candidate) { return candidate }
        }
        return middle
    }

    /// The shortest decimal within a few units in the last place of `x`, or within a 10¹²th of
    /// `spacing` (the samples' distance): 1/x's pole, found where it overflows at 5.6e-309, is at
    /// 0 over [0, 1], but a pole at 10⁻³⁰¹ is there over ±10⁻³⁰⁰.
    static func near(_ x: Double, spacing: Double) -> Double {
        let width = max(8 * x.ulp, spacing * 1e-12)
        return within((x - width)...(x + width))
    }
}
