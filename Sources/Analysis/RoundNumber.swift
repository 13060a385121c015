import Raster

/// The "roundest" numbers in an interval: the ones with the fewest significant decimal digits.
enum RoundNumber {
    /// The number in `range` with the fewest significant digits (0 when the range holds it),
    /// or the middle of the range when it holds no decimal a Double can name.
    static func roundest(in range: ClosedRange<Double>) -> Double {
        let low = range.lowerBound, high = range.upperBound
        if low <= 0, high >= 0 { return 0 }
        let middle = low / 2 + high / 2
        let width = high / 2 - low / 2
        guard low.isFinite, high.isFinite, width > 0, width.isFinite else { return middle }
        var exponent = Int(TickLadder.log10Floor(width * 2)) + 1
        for _ in 0..<40 {
            let ladder = TickLadder(mantissa: 1, exponent: exponent)
            let multiple = (low / ladder.step).rounded(.up)
            if multiple.isFinite, abs(multiple) < 1e15 {
                let candidate = ladder.value(of: multiple)
                if candidate >= low, candidate <= high { return candidate }
                // Division can land one step low: try the next multiple too.
                let next = ladder.value(of: multiple + 1)
                if next >= low, next <= high { return next }
            }
            exponent -= 1
        }
        return middle
    }

    /// `x` rounded to a multiple of 10^`exponent` (or a coarser decimal within half of one of it):
    /// the roundest number within half that unit, so that its last digit is x's, rounded.
    static func rounded(_ x: Double, toPowerOfTen exponent: Int) -> Double {
        let reach = TickLadder(mantissa: 1, exponent: exponent).step / 2
        return roundest(in: (x - reach)...(x + reach))
    }
}

extension RoundNumber {
    /// The multiples in `range` of the power of ten above `least`: the round x's at a zoom whose
    /// samples lie a tenth of `least` apart (the tenths over [−10, 10] in 4096 samples), where a
    /// typed expression is undefined alone ((x² − 1)/(x − 1) at 1). None when there would be a
    /// million or more.
    static func multiples(ofPowerOfTenAbove least: Double, in range: ClosedRange<Double>) -> [Double] {
        guard least > 0, least.isFinite else { return [] }
        let unit = TickLadder(mantissa: 1, exponent: Int(TickLadder.log10Floor(least)) + 1)
        let low = (range.lowerBound / unit.step).rounded(.up), high = (range.upperBound / unit.step).rounded(.down)
        guard low.isFinite, high.isFinite, abs(low) < 1e15, abs(high) < 1e15, low <= high, high - low < 1e6 else { return [] }
        return stride(from: low, through: high, by: 1).map { unit.value(of: $0) }
    }
}

extension TickLadder {
    /// `multiple` × step, divided rather than multiplied for negative exponents so decimals come out nearest.
    func value(of multiple: Double) -> Double {
        let scaled = multiple * Double(mantissa)
        return exponent >= 0 ? scaled * Self.power(exponent) : scaled / Self.power(-exponent)
    }
}
