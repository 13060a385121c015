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

extension TickLadder {
    /// `multiple` × step, divided rather than multiplied for negative exponents so decimals come out nearest.
    func value(of multiple: Double) -> Double {
        let scaled = multiple * Double(mantissa)
        return exponent >= 0 ? scaled * Self.power(exponent) : scaled / Self.power(-exponent)
    }
}
