import Raster

/// Turns the largest sample of a function into its largest value nearby, to display precision.
struct ExtremumRefiner {
    /// The function (negated by the caller to find a minimum).
    let f: (Double) -> Double?
    /// The samples either side of the largest sample.
    let bracket: ClosedRange<Double>
    /// The width to search for poles and round x values in.
    let spacing: Double
    /// How far f's values may lie apart from its rounding noise alone, measured (0 when not): a
    /// top within it of the largest value is flat, as far as f's digits know.
    var noise = 0.0

    /// What refining found.
    enum Outcome: Equatable {
        /// A largest value.
        case value(GraphStatistics.Extremum)
        /// A pole at x; `up` when f rises without bound there, `down` when it falls without bound.
        case pole(x: Double, up: Bool, down: Bool)
        /// f rises to the largest Double at x, the edge of its domain, and overflows past it: e^x
        /// at 709.78. Its largest Double is no maximum, and no pole either.
        case overflow(x: Double)
        /// f tends to its largest value y at x, where it is undefined and defined either side: a
        /// hole (sin x / x at 0). No value is attained there; y is f's value just beside x.
        case hole(GraphStatistics.Extremum)
    }

    /// A value this close to the largest Double at the last defined x is where f overflows: one
    /// step of x past it multiplies f by 1 + |f′/f|·ulp(x), far less than a millionth for any
    /// function whose logarithm is not steeper than 10⁹ per unit of log x; a domain that merely
    /// ends at a large value (10³⁰⁸·(1.5 − x) for x ≥ 0) ends further below it.
    static let overflowing = Double.greatestFiniteMagnitude * (1 - 1e-6)

    /// The largest value near `sampled`, or the pole it sits beside.
    func largest(sampled: GraphStatistics.Extremum) -> Outcome {
        var best = sampled
        if let refined = GoldenSection.maximize(f, in: bracket.lowerBound, bracket.upperBound), refined.y > best.y {
            best = GraphStatistics.Extremum(x: refined.x, y: refined.y)
        }
        // The roundest x of the bracket, where larger still: the search narrows the bracket by a
        // 10¹⁹th, no closer than 10¹²⁸ to 0 over ±10¹⁴⁷, where 1/(1 + x²)'s top is 1 wide.
        if let directions = PoleTest.directions(of: f, near: best.x, width: spacing), directions.up {
            let x = snapped(best.x) { value in value.map { !$0.isFinite || $0 >= best.y } ?? true }
            return .pole(x: x, up: directions.up, down: directions.down)
        }
        for edge in [bracket.lowerBound, bracket.upperBound] where value(at: edge) == nil {
            let inside = domainEdge(undefined: edge, defined: best.x)
            guard let y = value(at: inside), y >= best.y else { continue }
            // Rising without bound to the domain's edge, where it overflows, it is a pole there:
            // exp(x!) just right of −1, whose largest Double is no maximum.
            if let directions = PoleTest.directions(of: f, near: inside, width: spacing), directions.up {
                return .pole(x: inside, up: directions.up, down: directions.down)
            }
            if y >= Self.overflowing { return .overflow(x: inside) }
            best = GraphStatistics.Extremum(x: inside, y: y)
        }
        let near = snapped(best.x) { value in value.map { $0.isFinite && $0 >= best.y } ?? false }
        switch flatTop(around: best, near: near) {
        case .attained(let x): return .value(GraphStatistics.Extremum(x: x, y: value(at: x) ?? best.y))
        case .hole(let x, let beside): return .hole(GraphStatistics.Extremum(x: x, y: beside))
        }
    }

    /// Where a flat top is said to be.
    private enum Top {
        /// At x, where f is as large.
        case attained(Double)
        /// At x, where f is undefined, tending to `beside` either side.
        case hole(Double, beside: Double)
    }

    /// Where the flat top around `best` is said to be: the middle of the stretch where f is within
    /// its rounding noise of the largest value, rounded to the digits the stretch knows, or `near`
    /// (the roundest x found in windows shrinking around it) when that lies outside the stretch as
    /// measured. A smooth maximum is flat to the last bits over a stretch about 10⁻⁸ wide (sin² x
    /// is 1 within 1.05e-8 of 5π/2), which holds the true maximum; the search may end anywhere in
    /// it (at −7.853981644511195, its last digits noise), and windows around that end meet only
    /// x's as long. Where f's own rounding makes the top ragged (x cos x, e^(−x) sin 3x: a few
    /// units in the last place up and down), the largest value found is one of its spikes, so the
    /// stretch is where f is within `noise` of it. Its middle, where a smooth extremum lies,
    /// rounded (−7.85398163) has the truth's last digit, rounded.
    ///
    /// A stretch narrower than its edges are measured to (x²'s, 3e-23 wide) is `near`'s: 0. So is
    /// one that ends where f stops being defined, at whose edge the extremum is: x^x is 1 at 0 and
    /// on [0, 2.7e-18], and undefined left of 0. Where the rounding meets an x where f is
    /// undefined, with f as large just either side, the top is a hole there (sin x / x at 0),
    /// which no x beside it would say truly.
    private func flatTop(around best: GraphStatistics.Extremum, near: Double) -> Top {
        let level = best.y - max(Self.noise(of: best.y), noise)
        guard let low = flatEdge(of: best, at: level, toward: max(best.x - spacing, bracket.lowerBound)),
              let high = flatEdge(of: best, at: level, toward: min(best.x + spacing, bracket.upperBound)),
              low <= near, near <= high else { return .attained(near) }
        // The middle rounded to the coarsest decimal unit whose rounding stays in the stretch's
        // middle half and where f is as large: that last digit is the truth's, rounded.
        let middle = low / 2 + high / 2, half = high / 2 - low / 2
        guard half > 0 else { return .attained(near) }
        var exponent = Int(TickLadder.log10Floor(half))
        for _ in 0..<8 {
            let x = RoundNumber.rounded(middle, toPowerOfTen: exponent)
            guard let y = value(at: x) else {
                // Beside it by a thousandth of the rounding: on a log x axis, every position within
                // 10⁻¹⁶ of 0 is x = 1, and sin(x − 1)/(x − 1) undefined there.
                let aside = max(TickLadder(mantissa: 1, exponent: exponent).step / 2000, x.ulp)
                if let left = value(at: x - aside), let right = value(at: x + aside), min(left, right) >= level {
                    return .hole(x, beside: max(left, right))
                }
                exponent -= 1
                continue
            }
            if y >= level { return .attained(x) }
            exponent -= 1
        }
        return .attained(near)
    }

    /// How far below `y` a value still counts as equal to it: sixteen units in its last place, more
    /// than the rounding of a few operations (an argument rounded before sin, a product after it).
    static func noise(of y: Double) -> Double {
        16 * max(y.magnitude.ulp, Double.leastNonzeroMagnitude)
    }

    /// The furthest x from `best.x` toward `outside` where f is still at least `level`, by
    /// bisection to a 10¹²th of x (or of the spacing): the edges need no more digits than the
    /// decimal chosen between them shows. Nil where f is undefined just past it.
    private func flatEdge(of best: GraphStatistics.Extremum, at level: Double, toward outside: Double) -> Double? {
        let isAsLarge = { (x: Double) in value(at: x).map { $0 >= level } ?? false }
        if isAsLarge(outside) { return outside }
        let edge = Bisection.lastHolding(from: best.x, toward: outside, precision: max(abs(best.x), spacing) * 1e-12,
                                         isAsLarge)
        return value(at: edge.outside) == nil ? nil : edge.inside
    }

    private func value(at x: Double) -> Double? {
        guard let y = f(x), y.isFinite else { return nil }
        return y
    }

    /// The last defined x between `undefined` and `defined`, by bisection.
    private func domainEdge(undefined: Double, defined: Double) -> Double {
        Bisection.lastHolding(from: defined, toward: undefined) { value(at: $0) != nil }.inside
    }

    /// The roundest x near `x` (in windows shrinking from `spacing` by tens) whose value `accepts`,
    /// or `x` itself when none does.
    private func snapped(_ x: Double, accepts: (Double?) -> Bool) -> Double {
        var radius = spacing
        for _ in 0..<17 {
            let low = max(x - radius, bracket.lowerBound), high = min(x + radius, bracket.upperBound)
            guard low <= high else { break }
            let candidate = RoundNumber.roundest(in: low...high)
            if candidate == x { return x }
            if accepts(f(candidate)) { return candidate }
            radius /= 10
        }
        return x
    }
}
