import Foundation
import Analysis
import Raster
import Testing
import TestSupport

/// Random expressions (TestSupport's generator, evaluated by plain floating point) against a slow
/// scan at a resolution twelve times finer, and against the definitions of a root and a pole.
@Suite("Points of interest against a fine reference scan")
struct PointsReferenceScanTests {
    static let range = -10.0...10.0
    /// Batches of 25 expressions each test runs: 6, or `GCVIEW_POINTS_BATCHES` for a longer soak
    /// (`GCVIEW_POINTS_BATCHES=60 swift test --skip-build --filter PointsReferenceScanTests`).
    static let batches = ProcessInfo.processInfo.environment["GCVIEW_POINTS_BATCHES"].flatMap { Int($0) }.map { max($0, 1) } ?? 6
    static let fineSamples = 49_141  // 12 × the finder's 4096 intervals, plus one

    /// Whether f grows without bound toward x: 10⁴ times closer gives over 10³ times larger (a
    /// side where f is undefined, at the edge of its domain, counts for nothing). The distances
    /// are 10⁻⁸ and 10⁻⁴ of a twentieth of `range`'s width (1 for [−10, 10]).
    static func looksLikePole(_ f: (Double) -> Double?, at x: Double, range: ClosedRange<Double> = range) -> Bool {
        let unit = (range.upperBound - range.lowerBound) / 20
        let near = max(abs(f(x - 1e-8 * unit) ?? 0), abs(f(x + 1e-8 * unit) ?? 0))
        let far = max(abs(f(x - 1e-4 * unit) ?? 0), abs(f(x + 1e-4 * unit) ?? 0))
        return near > 1e3 * max(far, 1)
    }

    /// The continuous roots of f where the fine scan changes sign, each narrowed by bisection
    /// (independent of Brent), with the x of every fine sample where f is undefined or steps.
    static func reference(_ f: (Double) -> Double?, over range: ClosedRange<Double> = range) -> (roots: [Double], trouble: [Double]) {
        let n = fineSamples
        let unit = (range.upperBound - range.lowerBound) / 20
        let xs = (0..<n).map { range.lowerBound + (range.upperBound - range.lowerBound) * Double($0) / Double(n - 1) }
        let ys = xs.map { f($0) }
        var roots = [Double](), trouble = [Double]()
        for i in 0..<(n - 1) {
            guard let a = ys[i], let b = ys[i + 1] else { trouble.append(xs[i]); continue }
            if a == 0 {
                // A root only where f is continuous: not the foot of a jump (1.5 mod(x, 1) at 1).
                let step = 1e-9 * max(abs(xs[i]), unit)
                let sides = [f(xs[i] - step), f(xs[i] + step)].compactMap { $0 }.map(abs)
                if sides.allSatisfy({ $0 <= 1e-6 }) { roots.append(xs[i]) } else { trouble.append(xs[i]) }
                continue
            }
            guard (a < 0) != (b < 0), b != 0 else { continue }
            var low = xs[i], high = xs[i + 1], fLow = a, defined = true
            for _ in 0..<80 {
                let middle = (low + high) / 2
                // An undefined point inside is a hole or a gap, no root: trouble.
                guard let y = f(middle) else { defined = false; break }
                if (y < 0) == (fLow < 0) { low = middle; fLow = y } else { high = middle }
            }
            let edges = [f(low), f(high)].compactMap { $0 }.map(abs)
            // A hole at 0 that bisection never meets exactly (−x (1.5 − mod(1.5, x)) at 0) is none either.
            if defined, f(0) != nil || abs(low) > 1e-9 * unit,
               edges.count == 2, edges.max() ?? 0 <= 1e-8 * max(abs(a), abs(b)) {
                roots.append(low)
            } else {
                trouble.append(xs[i])
            }
        }
        return (roots, trouble)
    }

    @Test("every reported root is on the curve; none at a pole; every hole is one; isolated reference roots are all found",
          arguments: 0..<batches)
    func randomExpressions(batch: Int) {
        var generator = SplitMix64(seed: 0x501_7000 + batch)
        for _ in 0..<25 {
            Self.check(RandomExpression.random(depth: 3, using: &generator), over: Self.range)
        }
    }

    @Test("the same over ranges drawn at random, 10⁻⁴ to 10⁵ wide, centred up to 10⁴ away",
          arguments: 0..<batches)
    func randomRanges(batch: Int) {
        var generator = SplitMix64(seed: 0x7A4_6E00 + batch)
        for _ in 0..<25 {
            let width = pow(10, Double.random(in: -4...5, using: &generator))
            let centre = Bool.random(using: &generator) ? 0 : pow(10, Double.random(in: -2...4, using: &generator))
                * (Bool.random(using: &generator) ? 1 : -1)
            let range = (centre - width / 2)...(centre + width / 2)
            Self.check(RandomExpression.random(depth: 3, using: &generator), over: range)
        }
    }

    /// The checks on one expression over one range.
    static func check(_ expression: RandomExpression, over range: ClosedRange<Double>) {
        let text = expression.text(fullyParenthesized: false) + " over \(range)"
        let f: (Double) -> Double? = { expression.value(at: $0) }
        let unit = (range.upperBound - range.lowerBound) / 20
        let spacing = (range.upperBound - range.lowerBound) / Double(PointsOfInterest.samples - 1)
        let curve = PointsOfInterest.find(in: [f], over: range).curves[0]
        for root in curve.roots {
            let value = f(root)
            let scale = max(abs(f(root - 1e-6 * unit) ?? 0), abs(f(root + 1e-6 * unit) ?? 0))
            #expect(value.map { abs($0) <= max(1e-5 * scale, 1e-12) } == true || shrinksToward(f, root, unit: unit)
                        || crossesWithinUlps(f, root),
                    "\(text): root \(root), y \(String(describing: value))")
            #expect(!looksLikePole(f, at: root, range: range), "\(text): root \(root) at a pole")
        }
        for point in curve.maxima + curve.minima {
            #expect(f(point.x) == point.y, "\(text): extremum \(point) off the curve")
            #expect(!looksLikePole(f, at: point.x, range: range), "\(text): extremum at a pole \(point.x)")
        }
        for pole in curve.poles {
            #expect(!curve.roots.contains(pole), "\(text): \(pole) both pole and root")
        }
        for jump in curve.jumps {
            #expect(isStep(f, at: jump, unit: unit), "\(text): a jump at \(jump) where f does not step")
        }
        for hole in curve.holes {
            #expect(isHole(f, at: hole, unit: unit), "\(text): a hole at \(hole) that is none")
        }
        guard !curve.isTruncated else { return }
        let reference = reference(f, over: range)
        // Sorted, so each root's nearest others are its neighbours in the list.
        let all = (reference.roots + reference.trouble).sorted()
        for root in reference.roots {
            var index = 0, end = all.count  // binary search: the first element not below root
            while index < end {
                let middle = (index + end) / 2
                if all[middle] < root { index = middle + 1 } else { end = middle }
            }
            let before = index > 0 ? all[index - 1] : -.infinity
            let after = index + 1 < all.count ? all[index + 1] : .infinity
            guard root - before >= 4 * spacing, after - root >= 4 * spacing else { continue }
            #expect(curve.roots.contains { abs($0 - root) <= 1e-9 * max(abs(root), unit) },
                    "\(text): the reference root \(root) is missing from \(curve.roots)")
        }
    }

    /// Whether f steps at x: defined on both sides, with a difference across x that does not
    /// shrink as the sides close in (10⁻⁷ and 10⁻¹⁰ of `unit` away, or 64 units in the last place
    /// of x), and more than rounding noise. Neither a gap in the domain nor a flat asymptote's noise.
    static func isStep(_ f: (Double) -> Double?, at x: Double, unit: Double) -> Bool {
        let distances = [1e-7 * unit, 1e-10 * unit].map { max($0, 64 * x.ulp) }
        let steps = distances.map { d -> Double? in
            guard let left = f(x - d), let right = f(x + d) else { return nil }
            let step = abs(right - left)
            return step > 16 * max(abs(left), abs(right)).ulp ? step : nil
        }
        guard let wide = steps[0], let narrow = steps[1] else { return false }
        return narrow >= 0.25 * wide
    }

    /// Whether f has a removable hole at `hole.x` tending to `hole.y`: undefined there and defined
    /// on both sides 10⁻⁷ and 10⁻¹⁰ of `unit` away (64 units in the last place of x at least),
    /// where it is within a thousandth (of |y|, or of 1) of y and, the nearer, no further off.
    static func isHole(_ f: (Double) -> Double?, at hole: GraphPoint, unit: Double) -> Bool {
        guard f(hole.x) == nil else { return false }
        let tolerance = 1e-3 * max(abs(hole.y), 1)
        var offs = [Double]()
        for distance in [1e-7 * unit, 1e-10 * unit].map({ max($0, 64 * hole.x.ulp) }) {
            guard let left = f(hole.x - distance), let right = f(hole.x + distance) else { return false }
            offs.append(max(abs(left - hole.y), abs(right - hole.y)))
        }
        return offs[0] <= tolerance && offs[1] <= max(offs[0], 1e-9 * max(abs(hole.y), 1))
    }

    /// Whether f changes sign within 4 units in the last place of x and grows away from there as a
    /// line through 0 does: a root where f is steeper than Doubles resolve (x! + 1.5x¹² + π/9
    /// crosses 0 at 2.5e-12 from the pole of x! at −6, where f changes by 1.2e6 a unit in the last
    /// place), not a pole, whose |f| shrinks away from it.
    static func crossesWithinUlps(_ f: (Double) -> Double?, _ x: Double) -> Bool {
        let step = 4 * x.ulp
        guard let left = f(x - step), let right = f(x + step), left.sign != right.sign, left != 0, right != 0,
              let farLeft = f(x - 64 * step), let farRight = f(x + 64 * step) else { return false }
        // 64 times as far, a line through 0 is 64 times as large; at least 8 times is asked. A jump
        // across 0 (sign(x) + x) barely grows.
        return abs(farLeft) >= 8 * abs(left) && abs(farRight) >= 8 * abs(right)
            && farLeft.sign == left.sign && farRight.sign == right.sign
    }

    /// Whether |f| shrinks toward 0 at x, on each side where it is defined (one at least): at
    /// 10⁻⁶, 10⁻⁹ and 10⁻¹² of `unit` away (64 units in the last place of x at least), each at most
    /// half the one before, and |f(x)| no larger than the last. A root at a vertical tangent or a
    /// domain's edge (∛x, acos at 1), whose value at the nearest Double is a rounding error's root.
    /// Where f is undefined at x itself, the limit: x ln x at 0, the edge of its domain.
    static func shrinksToward(_ f: (Double) -> Double?, _ x: Double, unit: Double) -> Bool {
        let value = f(x).map(abs) ?? 0
        let distances = [1e-6, 1e-9, 1e-12].map { max($0 * unit, 64 * x.ulp) }
        var sides = 0
        for direction in [-1.0, 1.0] {
            let values = distances.map { f(x + direction * $0).map(abs) }
            if values.contains(where: { $0 == nil }) { continue }
            let sizes = values.compactMap { $0 }
            guard sizes[1] <= sizes[0] / 2, sizes[2] <= sizes[1] / 2, value <= sizes[2] else { return false }
            sides += 1
        }
        return sides > 0
    }
}
