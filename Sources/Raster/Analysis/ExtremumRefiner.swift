/// Turns the largest sample of a function into its largest value nearby, to display precision.
struct ExtremumRefiner {
    /// The function (negated by the caller to find a minimum).
    let f: (Double) -> Double?
    /// The samples either side of the largest sample.
    let bracket: ClosedRange<Double>
    /// The width to search for poles and round x values in.
    let spacing: Double

    /// What refining found.
    enum Outcome: Equatable {
        /// A largest value.
        case value(GraphStatistics.Extremum)
        /// A pole at x; `up` when f rises without bound there, `down` when it falls without bound.
        case pole(x: Double, up: Bool, down: Bool)
        /// f rises to the largest Double at x, the edge of its domain, and overflows past it: e^x
        /// at 709.78. Its largest Double is no maximum, and no pole either.
        case overflow(x: Double)
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
        let x = flatTop(around: best, near: near)
        return .value(GraphStatistics.Extremum(x: x, y: value(at: x) ?? best.y))
    }

    /// The roundest x of the stretch around `best` where f is as large as there, or `near` (the
    /// roundest x found in windows shrinking around it) when that lies outside the stretch as
    /// measured. A smooth maximum is flat to the last bit over a stretch about 10⁻⁸ wide (sin² x
    /// is 1 within 1.05e-8 of 5π/2), which holds the true maximum; the search may end anywhere in
    /// it (at −7.853981644511195, its last digits noise), and windows around that end meet only
    /// x's as long. The stretch's shortest decimal (−7.85398163) says only the digits it knows.
    /// A stretch narrower than its edges are measured to (x²'s, 3e-23 wide) is `near`'s: 0. So is
    /// one that ends where f stops being defined, at whose edge the extremum is: x^x is 1 at 0 and
    /// on [0, 2.7e-18], and undefined left of 0.
    private func flatTop(around best: GraphStatistics.Extremum, near: Double) -> Double {
        guard let low = flatEdge(of: best, toward: max(best.x - spacing, bracket.lowerBound)),
              let high = flatEdge(of: best, toward: min(best.x + spacing, bracket.upperBound)),
              low <= near, near <= high else { return near }
        // From the middle half: a smooth extremum lies at the middle of its flat stretch, and the
        // stretch's own shortest decimal may sit at an edge (−7.85398164 for −7.8539816340).
        let quarter = high / 4 - low / 4, middle = low / 2 + high / 2
        for range in [(middle - quarter)...(middle + quarter), low...high] {
            let x = RoundNumber.roundest(in: range)
            if let y = value(at: x), y >= best.y { return x }
        }
        return near
    }

    /// The furthest x from `best.x` toward `outside` where f is still at least `best.y`, by
    /// bisection to a 10¹²th of x (or of the spacing): the edges need no more digits than the
    /// decimal chosen between them shows. Nil where f is undefined just past it.
    private func flatEdge(of best: GraphStatistics.Extremum, toward outside: Double) -> Double? {
        let isAsLarge = { (x: Double) in value(at: x).map { $0 >= best.y } ?? false }
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
