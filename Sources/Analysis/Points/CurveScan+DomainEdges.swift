import Raster

/// The edges of the domain: where f stops being defined, between samples or across a gap.
extension CurveScan {
    /// The edge of the domain between a defined and an undefined sample.
    func domainEdge(defined: Int, undefined: Int) -> Event {
        let (inside, outside) = lastDefined(from: xs[defined], toward: xs[undefined])
        let edge = domainEdge(at: inside, beyond: outside, toward: xs[defined], width: spacing)
        guard let atEdge = f(inside) else { return edge }
        return .several([edge, rootBeside(xs[defined], ys[defined], inside, atEdge)])
    }

    /// What the domain's edge at `inside` is, f defined there and undefined just past it toward
    /// `outside`, with `sample` a defined sample on the inside: a root when f is 0 there (√x at 0),
    /// a pole when f grows without bound within `width` of it (ln x at 0), else nothing.
    func domainEdge(at inside: Double, beyond outside: Double, toward sample: Double, width: Double) -> Event {
        if PoleTest.directions(of: f.callAsFunction, near: inside, width: width) != nil { return .pole(inside) }
        guard let value = f(inside), endsAtZero(inside, value: value, toward: sample), !isUnderflowAlone(at: inside) else {
            return .nothing
        }
        let bracket = min(inside, outside)...max(inside, outside)
        if let there = f(RoundNumber.roundest(in: bracket)), abs(there) <= abs(value) {
            return .root(RoundNumber.roundest(in: bracket))
        }
        // Where f tends to 0, the edge itself, to the precision of the samples: x ln x is defined
        // down to 5e-324, and its root is the edge, 0, where it is undefined. A 0 met at the edge
        // by rounding alone (mod(x!^1.5, 3) where x! overflows) stays where it was met.
        if tendsToZero(at: inside, value: value, toward: sample) { return .root(ShortestDecimal.near(inside, spacing: width)) }
        return .root(inside)
    }

    /// Whether f is 0 at the domain's edge `inside`, where it is `value`: exactly 0; or small beside
    /// f a thousandth of the way back to `sample`, not beside the sample itself (x^x is 1 at its
    /// edge, 0, which is small beside 10^10 at x = 10, but no root); or shrinking toward 0 as the
    /// edge nears, |f| less than half as large at each of a millionth and a billionth of the way
    /// back, and no larger at the edge. The edge of √(x² − 0.01) is 0.1, which no double is: at the
    /// double nearest, f is the square root of a rounding error, about 1e-9.
    func endsAtZero(_ inside: Double, value: Double, toward sample: Double) -> Bool {
        if value == 0 { return true }
        let back = sample - inside
        guard let near = f(inside + back / 1000).map(abs) ?? f(sample).map(abs) else { return false }
        if abs(value) <= 1e-10 * max(near, .leastNormalMagnitude) { return true }
        return tendsToZero(at: inside, value: value, toward: sample, near: near)
    }

    /// Whether |f| shrinks toward 0 as the domain's edge `inside` nears from `sample`: less than
    /// half as large at each of a millionth and a billionth of the way back as at a thousandth
    /// (`near`, when known), and no larger at the edge, where it is `value`.
    func tendsToZero(at inside: Double, value: Double, toward sample: Double, near: Double? = nil) -> Bool {
        let back = sample - inside
        guard let near = near ?? f(inside + back / 1000).map(abs),
              let millionth = f(inside + back * 1e-6).map(abs), let billionth = f(inside + back * 1e-9).map(abs) else {
            return false
        }
        return millionth < near / 2 && billionth < millionth / 2 && abs(value) <= billionth
    }

    /// The root between the domain's edge and the sample beside it, where f is `fa` at `a` and
    /// `fb` at `b`, when it changes sign there; nothing when the search meets an undefined place or a
    /// discontinuity (sign(x)√(x² − 0.01) = x/3 at ±0.106, between the edges ±0.1 and samples
    /// 0.24 from 0).
    func rootBeside(_ a: Double, _ fa: Double, _ b: Double, _ fb: Double) -> Event {
        guard (fa < 0 && fb > 0) || (fa > 0 && fb < 0),
              case .converged(let x, let other) = BrentRoot.search(f.callAsFunction, a, fa, b, fb, near0: near0),
              let root = confirmedRoot(x, other: other, scale: max(abs(fa), abs(fb))) else { return .nothing }
        return .root(root)
    }

    /// The defined places nearest either side of `x` in the stretch where f is undefined around it,
    /// bisected from the ends of `bracket`; nil on a side whose end of `bracket` is undefined.
    func undefinedStretch(around x: Double, within bracket: ClosedRange<Double>) -> (low: Double?, high: Double?) {
        func edge(from defined: Double) -> Double? {
            f(defined) == nil ? nil : lastDefined(from: defined, toward: x).inside
        }
        return (edge(from: bracket.lowerBound), edge(from: bracket.upperBound))
    }

    /// The last place where f is defined going from `defined` toward `undefined`, and the first
    /// where it is not past it, adjacent Doubles, by bisection.
    func lastDefined(from defined: Double, toward undefined: Double) -> (inside: Double, outside: Double) {
        Bisection.lastHolding(from: defined, toward: undefined) { f($0) != nil }
    }

    /// Whether `x` is a point of the domain alone (f undefined just beside it, either side) where f
    /// is 0 only because the value underflowed, as the floating-point underflow flag says:
    /// (−200)^(−200) is 1/200^200, not 0, and no root. A point alone whose 0 is exact (√(−x²) at
    /// 0) is one.
    func isUnderflowAlone(at x: Double) -> Bool {
        let step = max(spacing * 1e-9, 4 * x.ulp)
        guard f(x - step) == nil, f(x + step) == nil else { return false }
        return Underflow.makesZero(f.callAsFunction, at: x)
    }
}
