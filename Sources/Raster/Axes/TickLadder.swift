/// Tick spacing from the 1-2-5 ladder: `mantissa × 10^exponent`, the smallest step at least
/// a minimum number of pixels apart.
package struct TickLadder: Equatable, Sendable {
    /// 1, 2 or 5.
    package let mantissa: Int
    /// The power of ten of the step.
    package let exponent: Int

    /// The ladder step for `pixelsPerUnit` with ticks at least `minimumSpacing` pixels apart.
    package init(pixelsPerUnit: Double, minimumSpacing: Double) {
        let raw = minimumSpacing / max(abs(pixelsPerUnit), .leastNormalMagnitude)
        guard raw.isFinite, raw > 0 else { mantissa = 1; exponent = 0; return }
        var exponent = Int(Self.log10Floor(raw))
        let decade = Self.power(exponent)
        let candidates = [1, 2, 5, 10]
        let mantissa = candidates.first { Double($0) * decade >= raw * (1 - 1e-12) } ?? 10
        if mantissa == 10 {
            self.mantissa = 1
            exponent += 1
        } else {
            self.mantissa = mantissa
        }
        self.exponent = exponent
    }

    /// A ladder step given directly.
    package init(mantissa: Int, exponent: Int) {
        self.mantissa = mantissa
        self.exponent = exponent
    }

    /// The distance between ticks in units.
    package var step: Double { value(at: 1) }

    /// The value of tick `index` (index × step), computed without accumulating error.
    package func value(at index: Int) -> Double {
        let multiple = Double(index) * Double(mantissa)
        return exponent >= 0 ? multiple * Self.power(exponent) : multiple / Self.power(-exponent)
    }

    /// The index of the first tick at or above `value`: ceil(value / step).
    package func firstIndex(atOrAbove bound: Double) -> Int? {
        let scaled = (bound / step).rounded(.up)
        guard scaled.isFinite, abs(scaled) < 1e15 else { return nil }
        var index = Int(scaled)
        // Division can land one ulp off; correct with the exact tick values.
        if value(at: index - 1) >= bound { index -= 1 }
        if value(at: index) < bound { index += 1 }
        return index
    }

    /// The tick indices inside `range`.
    package func indices(in range: ClosedRange<Double>) -> ClosedRange<Int>? {
        guard let first = firstIndex(atOrAbove: range.lowerBound),
              let beyond = firstIndex(atOrAbove: range.upperBound) else { return nil }
        let last = value(at: beyond) == range.upperBound ? beyond : beyond - 1
        return first <= last ? first...last : nil
    }

    /// The label of tick `index`, exact to the step's decimals ("0.3", "1.5", "1e+06").
    package func label(at index: Int) -> String {
        NumberLabel.format(multiple: index * mantissa, exponent: exponent)
    }

    package static func power(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= 10 }
        return exponent >= 0 ? result : 1 / result
    }

    package static func log10Floor(_ value: Double) -> Double {
        var exponent = 0
        var v = value
        while v >= 10 { v /= 10; exponent += 1 }
        while v < 1 { v *= 10; exponent -= 1 }
        return Double(exponent)
    }
}

extension GraphStyle {
    /// The distance between the x axis's ticks in `viewport` (1, 2 or 5 times a power of ten),
    /// as the axes draw them: the step of a table of values that reads like the graph.
    public func xTickStep(in viewport: Viewport) -> Double {
        TickLadder(pixelsPerUnit: viewport.scaleX, minimumSpacing: minimumTickSpacing).step
    }
}
