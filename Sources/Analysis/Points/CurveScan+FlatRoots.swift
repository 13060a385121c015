import Raster

extension CurveScan {
    /// The root near `x`, where f changes sign, said with the digits f's rounding leaves it when f
    /// is flat there; nil when its sign settles within `margin` of x, as at a simple root.
    ///
    /// Where f is flat at a root, its terms cancel: sin x + sin(2x)/2 is −(x − π)³/2 near π, its
    /// two terms each about x − π, so the rounding of those terms (a unit in the last place of
    /// them) decides the sign of f anywhere within about 2·10⁻⁸ of π, and the search ends
    /// anywhere there (3.1415926589414). Stepping out from x by doublings to a quarter of the
    /// spacing, the last step on each side where f's sign is not yet the one it keeps beyond
    /// bounds that stretch, and its middle rounded to a decimal unit as wide as the stretch is the
    /// root (3.1415927): its last digit is the truth's to within one. About 20 evaluations at a
    /// simple root.
    func flatRoot(near x: Double, margin: Double) -> Double? {
        // A quarter of the spacing: zoomed in on π over [3.14, 3.15], the stretch is a hundredth of
        // the spacing. A root beside this one within it leaves the outer signs alike: no flat root.
        let limit = spacing / 4
        guard limit > 2 * margin, let outerLeft = f(x - limit), let outerRight = f(x + limit),
              outerLeft.sign != outerRight.sign, outerLeft != 0, outerRight != 0 else { return nil }
        var left = 0.0, right = 0.0, unsettledLargest = 0.0
        var step = margin, settledDoublings = 0
        // Out to the limit, or to 256 times the last step where a sign was not settled: f outgrows
        // its rounding more the further out (a cube against a line), so it stays settled.
        while step < limit, settledDoublings < 8 {
            settledDoublings += 1
            for (side, outer) in [(-1.0, outerLeft), (1.0, outerRight)] {
                guard let y = f(x + side * step) else { return nil }
                guard y == 0 || y.sign != outer.sign else { continue }
                unsettledLargest = max(unsettledLargest, abs(y))
                settledDoublings = 0
                if side < 0 { left = step } else { right = step }
            }
            step *= 2
        }
        guard max(left, right) > margin else { return nil }
        // Rounding noise is far smaller than f where its sign has settled (a thousandth: f a cube,
        // the noise stretch a thirtieth of the quarter spacing); a curve that swings through poles
        // and roots faster than the samples (tan(8 − x^x) near 5) is not.
        let small = 1e-3 * min(abs(outerLeft), abs(outerRight))
        guard unsettledLargest <= small else { return nil }
        // The root is somewhere in [x − 2·left, x + 2·right], where the next doubling on each side
        // settled: its middle rounded to a unit as wide as it is within a unit of the truth.
        let low = x - 2 * left, high = x + 2 * right
        let root = RoundNumber.rounded(low / 2 + high / 2, toPowerOfTen: Int(TickLadder.log10Floor(high - low)) + 1)
        if let y = f(root), abs(y) <= small { return root }
        return nil
    }
}
