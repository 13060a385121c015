import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Areas of curves that overflow inside their computation far out: 1/x² past 1.3·10¹⁵⁴, where
/// x² overflows though 1/x² only underflows, and e^(−x²) and 1/(1 + x²) there too. Where f is
/// missing from an end of the interval inward because it overflows, farther from 0 than where it
/// is defined, the area is that of the defined part when what lies beyond is negligible: f near
/// the edge is 0, or falls as a power of x whose integral out to the end is less than 10⁻¹¹ of the
/// rest. Otherwise (x²/x², 1 all the way) there is no value, and the reason says that y overflows.
extension Area {
    /// The area of `range` when f overflows far out on part of it; nil when it does not, so that
    /// the area is what it is without `overflows`.
    static func overflowingFarOut(_ f: @escaping (Double) -> Double?, over range: ClosedRange<Double>, budget: WorkBudget,
                                  cost: Int, overflows: (Double) -> Bool) -> Result<Double, Refusal>? {
        // The point of the interval nearest 0, from which f overflows farther out.
        let anchor = min(max(0, range.lowerBound), range.upperBound)
        guard f(anchor) != nil, overflows(range.lowerBound) || overflows(range.upperBound) else { return nil }
        var core = range
        var edges = [(edge: Double, end: Double)]()
        for end in [range.lowerBound, range.upperBound] where overflows(end) && end != anchor {
            let edge = Bisection.lastHoldingInOrder(from: anchor, toward: end, steps: 80) { !overflows($0) }.inside
            // Overflowing all the way out, as far as 64 points spread over the decades say.
            guard (1...64).allSatisfy({ overflows(edge + (end - edge) * Double($0) / 64) }), edge != anchor else { return nil }
            edges.append((edge, end))
            if end < anchor { core = edge...core.upperBound } else { core = core.lowerBound...edge }
        }
        let interval = "[\(shown(range.lowerBound)), \(shown(range.upperBound))]"
        guard case .success(let inside) = ofDefined(f, over: core, budget: budget, cost: cost) else {
            return .failure(Refusal(text: "y overflows at x = \(shown(edges[0].edge)), in \(interval)"))
        }
        var total = inside
        for (edge, end) in edges {
            guard let tail = negligibleTail(f, from: edge, to: end, anchor: anchor, beside: inside) else {
                return .failure(Refusal(text: "y overflows at x = \(shown(edge)), in \(interval)"))
            }
            total += tail
        }
        return .success(total)
    }

    /// ∫ f from `edge` out to `end` (signed as the interval runs) as the power of x that f is at
    /// edge, edge/2 and edge/4; nil when f is no such power there, or the integral is not less
    /// than 10⁻¹¹ of `beside`.
    private static func negligibleTail(_ f: (Double) -> Double?, from edge: Double, to end: Double, anchor: Double,
                                       beside: Double) -> Double? {
        let xs = [edge, edge / 2, edge / 4]
        guard xs.allSatisfy({ abs($0 - anchor) <= abs(edge - anchor) && ($0 > anchor) == (edge > anchor) }) else { return nil }
        let values = xs.compactMap { f($0) }
        guard values.count == 3 else { return nil }
        if values.allSatisfy({ $0 == 0 }) { return 0 }
        guard values.allSatisfy({ $0 != 0 && ($0 > 0) == (values[0] > 0) }) else { return nil }
        let p = log2(values[0] / values[1]), nearer = log2(values[1] / values[2])
        guard p.isFinite, abs(p - nearer) <= 1e-3 * max(1, abs(p)) else { return nil }
        // ∫ from edge to end of f(edge)(x/edge)^p = edge f(edge) ((end/edge)^(p+1) − 1)/(p + 1).
        let q = p + 1, ratio = end / edge
        let growth = abs(q) < 1e-9 ? log(ratio) : (pow(ratio, q) - 1) / q
        let tail = abs(edge) * values[0] * growth
        guard tail.isFinite, abs(tail) <= 1e-11 * abs(beside) else { return nil }
        return tail
    }
}
