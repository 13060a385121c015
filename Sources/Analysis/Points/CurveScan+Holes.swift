import Raster

/// Removable holes: single x's where f is undefined while it tends to one finite value from both
/// sides (sin(x)/x and x²/x at 0, (x² − 1)/(x − 1) at 1). The graph is drawn through them; the
/// points say them, with the value f tends to.
extension CurveScan {
    /// What the undefined `x` is when f is continuous through it: nil when it is not, and otherwise
    /// the hole with the value f tends to there, or nothing when the Doubles beside x do not bear
    /// it out (`isContinuous`).
    ///
    /// Continuous through x: defined on both sides, a millionth (of x, or of the samples' spacing)
    /// and a thousand times nearer, with the difference across x a millionth of `scale`, or
    /// shrinking at least a hundredfold as the sides come a thousand times closer. A jump's
    /// difference stays; a pole's grows. 24/Γ(x⁵ + 1) is undefined at each pole of Γ, where it
    /// crosses 0 steeply: the difference a billionth of the spacing away was not yet a millionth of
    /// the samples' change, and a hole was called a jump.
    ///
    /// The value tended to is the shortest decimal among those four values, widened by how much
    /// the near and the far differ. That holds the limit whether rounding or the distance decides
    /// how far off they are: x² beside 0 is 4e-18 and 4e-24, the limit 0; (eˣ − 1)/x beside 0 is
    /// 1 ± 10⁻⁹ far and 1 ± 10⁻⁴ near, where its cancellation is all noise. 2 for (x² − 1)/(x − 1)
    /// at 1; a limit that is no short decimal gets the six or seven digits the distances allow. x
    /// is the shortest decimal within its rounding where f is undefined too.
    func hole(at x: Double, scale: Double) -> Event? {
        let wide = max(abs(x) * 1e-6, spacing * 1e-6), narrow = max(wide / 1000, 64 * x.ulp)
        guard let farLeft = f(x - wide), let farRight = f(x + wide), let left = f(x - narrow), let right = f(x + narrow) else {
            return nil
        }
        let difference = abs(right - left)
        guard difference <= 1e-6 * scale || difference <= abs(farRight - farLeft) / 100 else { return nil }
        let values = [left, right, farLeft, farRight]
        let spread = max(abs(farLeft - left), abs(farRight - right))
        let lowest = values.min() ?? left, highest = values.max() ?? right
        let limit = ShortestDecimal.within((lowest - spread)...(highest + spread))
        guard isContinuous(at: x, toward: limit) else { return .nothing }
        // Shorter only where f is undefined too: mod(c, x + π) is undefined at the Double nearest
        // −π alone, not at −3.14159265359.
        let shorter = ShortestDecimal.near(x, spacing: spacing)
        return .hole(GraphPoint(x: f(shorter) == nil ? shorter : x, y: limit))
    }

    /// The hole at undefined sample k between defined ones ((x² − 1)/(x − 1) over [−5, 5], whose
    /// 2457th sample is 1), or nil: the hole or nothing when f is continuous through it, so that
    /// no domain edges are looked for either side of it.
    func holeOnSample(_ k: Int) -> Event? {
        guard k > 0, k + 1 < xs.count, ys[k].isNaN, !ys[k - 1].isNaN, !ys[k + 1].isNaN else { return nil }
        return hole(at: xs[k], scale: max(abs(ys[k - 1]), abs(ys[k + 1])))
    }

    /// Whether f at the Doubles either side of `x` is `limit` to a millionth: continuous through x
    /// to the last bit, as far as Doubles can tell. A pole that a larger term hides until within
    /// 10⁻¹¹ of x (π/9 + x! + 1.5x¹² at −9, where x! adds ±1.4e10 to 4.2e11 beside it) is no hole.
    /// Neither is a hole that f's own rounding hides there: (eˣ − 1)/x is 0 next to 0, its
    /// difference all cancelled, so no hole is said there at all (an omission, never a false one).
    private func isContinuous(at x: Double, toward limit: Double) -> Bool {
        [x.nextDown, x.nextUp].allSatisfy { neighbour in
            guard let value = f(neighbour) else { return false }
            return abs(value - limit) <= 1e-6 * abs(limit) + 1e-300
        }
    }

    /// Holes between defined samples at the multiples of the decimal unit at least ten times the
    /// samples' spacing (a tenth over [−10, 10], whose ticks are every 2): the x's a typed
    /// expression makes a hole at (0, 1, 0.5), as round as the view shows. A hole at a less round
    /// x shows once the view is zoomed in on it, or when a search for a root or a jump meets it.
    /// One evaluation for about one interval in ten, in a pass of its own over those multiples.
    func findRoundHoles(skipping unresolved: [Bool], into found: inout Findings) {
        guard let first = xs.first, let last = xs.last, spacing > 0, spacing.isFinite else { return }
        for x in RoundNumber.multiples(ofPowerOfTenAbove: 10 * spacing, in: first...last) {
            if f.isExhausted { found.isTruncated = true; return }
            // Divided before subtracting, so that no difference overflows; clamped before it is an Int.
            let position = x / spacing - first / spacing
            guard position.isFinite else { continue }
            var i = Int(min(max(position.rounded(.down), 0), Double(xs.count - 2)))
            // The quotient's rounding may put x one interval off.
            if x <= xs[i], i > 0 { i -= 1 } else if x >= xs[i + 1], i + 2 < xs.count { i += 1 }
            guard x > xs[i], x < xs[i + 1], !unresolved[i], !unresolved[i + 1], !ys[i].isNaN, !ys[i + 1].isNaN,
                  f(x) == nil, let hole = hole(at: x, scale: max(abs(ys[i]), abs(ys[i + 1]))) else { continue }
            classify(hole, into: &found)
        }
    }
}
