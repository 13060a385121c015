import Raster

/// The signed area between a curve and the x axis over an interval.
public struct Area: Equatable, Sendable {
    /// The ends as given; `from` > `to` gives the negative of the other way.
    public var from: Double
    public var to: Double
    /// The integral, accurate to about 1e-10; nil when it has none.
    public var value: Double?
    /// Why there is no value ("a pole at x = 0 lies in [-1, 1]"), or nil.
    public var reason: String?

    /// ∫ f from `from` to `to` by adaptive Gauss–Kronrod quadrature, split at the jumps (and at
    /// `decades` over a wide interval).
    ///
    /// There is no value when a pole lies strictly inside the interval (1/x on [−1, 1]: no
    /// principal values), when f is undefined on part of it (√x on [−1, 1]; an isolated hole such
    /// as sin(x)/x at 0 does not count), or when the quadrature does not converge (1/x on [0, 1]).
    /// A pole at an end whose integral converges has its value (1/√x on [0, 1] is 2), as on a TI-84.
    ///
    /// With `overflows`, which says where f is missing because a step of it overflowed, a stretch
    /// from an end inward where f overflows far out is no gap when f's tail there is negligible:
    /// ∫₁^1e300 1/x² is 1, though x² overflows past 1.3·10¹⁵⁴ (`Area+Overflow`).
    public static func of(_ f: @escaping (Double) -> Double?, from: Double, to: Double, budget: WorkBudget = .points,
                          cost: Int = 1, overflows: ((Double) -> Bool)? = nil) -> Area {
        var area = Area(from: from, to: to, value: nil, reason: nil)
        guard from.isFinite, to.isFinite else { area.reason = "the ends must be finite"; return area }
        guard from != to else { area.value = 0; return area }
        let low = min(from, to), high = max(from, to)
        let result = overflows.flatMap { overflowingFarOut(f, over: low...high, budget: budget, cost: cost, overflows: $0) }
            ?? ofDefined(f, over: low...high, budget: budget, cost: cost)
        switch result {
        case .success(let total): area.value = from < to ? total : -total
        case .failure(let reason): area.reason = reason.text
        }
        return area
    }

    /// Why an area has no value, as a sentence's end.
    struct Refusal: Error {
        var text: String
    }

    /// ∫ f over `range`, f defined (but at holes and end poles) all over it.
    static func ofDefined(_ f: @escaping (Double) -> Double?, over range: ClosedRange<Double>, budget: WorkBudget,
                          cost: Int) -> Result<Double, Refusal> {
        let low = range.lowerBound, high = range.upperBound
        let limit = min(budget.evaluations(cost: cost, curves: 1), 1024 * PointsOfInterest.evaluationsPerSample)
        let counter = EvaluationCounter(f, limit: limit)
        let scan = CurveScan(counter, over: low...high, count: 1024)
        let findings = scan.find()
        let interval = "[\(Self.shown(low)), \(Self.shown(high))]"
        // A pole is confirmed at its own scale: over ±10¹⁵⁰ the samples are 10¹⁴⁷ apart, and from
        // there 1/(1 + x²)'s peak at 0 grows as a pole does for every step the test takes.
        let poles = findings.poles.filter { pole in
            pole > low && pole < high
                && PoleTest.directions(of: f, near: pole, width: min(scan.spacing, max(abs(pole), 1) * 1e-3)) != nil
        }
        if let pole = poles.first {
            return .failure(Refusal(text: "a pole at x = \(Self.shown(pole)) lies in \(interval)"))
        }
        if let gap = scan.undefinedStretch() {
            return .failure(Refusal(text: "y is undefined at x = \(Self.shown(gap)), in \(interval)"))
        }
        // Samples that do not resolve f (sin(x)/x over ±10⁴) leave it to the quadrature, begun on
        // pieces as narrow as the samples' spacing, within the budget: 15 nodes a piece, and room
        // for 16 times as many pieces.
        let oscillates = findings.isTruncated
        if oscillates && budget.evaluations(cost: cost, curves: 1) < 15 * 16 * 1024 {
            return .failure(Refusal(text: "the curve oscillates too fast to integrate in \(interval)"))
        }
        let cuts = ([low, high] + findings.jumps.filter { $0 > low && $0 < high } + Self.decades(within: low...high)).sorted()
        do throws(GaussKronrod.Failure) {
            var total = 0.0
            for (a, b) in zip(cuts, cuts.dropFirst()) where a < b {
                let pieces = oscillates ? Int(((b - a) / scan.spacing).rounded(.up)) : 1
                total += try Self.integral(f, from: a, to: b, startingPieces: min(max(pieces, 1), 4096))
            }
            return .success(total)
        } catch .undefined(let x) where min(x - low, high - x) > (high - low) * 1e-3 {
            return .failure(Refusal(text: "y is undefined at x = \(Self.shown(x)), in \(interval)"))
        } catch {
            if oscillates { return .failure(Refusal(text: "the curve oscillates too fast to integrate in \(interval)")) }
            // Not converging, or overflowing next to a pole at an end (1/x at 0).
            return .failure(Refusal(text: "the integral does not converge over \(interval)"))
        }
    }

    /// ∫ f over one piece between cuts: by Gauss–Kronrod, or where that does not converge or meets
    /// an undefined node, as an improper integral, whose ends may be poles (1/√(1 − x) at 1).
    static func integral(_ f: (Double) -> Double?, from low: Double, to high: Double,
                         startingPieces: Int = 1) throws(GaussKronrod.Failure) -> Double {
        do throws(GaussKronrod.Failure) {
            return try GaussKronrod.integrate(f, from: low, to: high, startingPieces: startingPieces)
        } catch {
            if startingPieces > 1 { throw error }
            return try ImproperIntegral.integrate(f, from: low, to: high)
        }
    }

    /// Where a wide interval is cut besides its jumps: 0 and ±10ᵏ inside it, from 1 to the
    /// interval's width, when it is over a thousand wide. A feature near the origin narrower than
    /// the samples' spacing (e^(−x²) over ±10⁶, all of whose samples underflow to 0) then lies in a
    /// piece of its own size, which the quadrature resolves; over the whole interval its nodes
    /// missed it, and the area came out 0, not √π.
    static func decades(within range: ClosedRange<Double>) -> [Double] {
        let width = range.upperBound - range.lowerBound
        guard width > 1000, width.isFinite else { return [] }
        var cuts = [0.0]
        var power = 1.0
        while power < width {
            cuts += [power, -power]
            power *= 10
        }
        return cuts.filter { $0 > range.lowerBound && $0 < range.upperBound }
    }

    /// `value` in the fewest digits that name it.
    static func shown(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}

extension CurveScan {
    /// The first undefined sample inside the range that is not an isolated hole, or an undefined
    /// end beside which f does not grow without bound (an end pole may still integrate).
    func undefinedStretch() -> Double? {
        let n = ys.count
        for i in 0..<n where ys[i].isNaN {
            if i == 0 || i == n - 1 {
                let spacing = (xs[n - 1] - xs[0]) / Double(n - 1)
                if PoleTest.directions(of: f.callAsFunction, near: xs[i], width: spacing) == nil,
                   !isHole(i) { return xs[i] }
                continue
            }
            if ys[i - 1].isNaN || ys[i + 1].isNaN || !isHole(i) { return xs[i] }
        }
        return nil
    }

    /// Whether f is defined just either side of sample i, so it is undefined at a point only.
    private func isHole(_ i: Int) -> Bool {
        let step = max(abs(xs[i]) * 1e-9, (xs[xs.count - 1] - xs[0]) * 1e-12)
        return f(xs[i] - step) != nil && f(xs[i] + step) != nil
    }
}
