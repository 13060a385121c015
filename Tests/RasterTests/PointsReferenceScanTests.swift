import Foundation
import Raster
import Testing
import TestSupport

/// Random expressions (TestSupport's generator, evaluated by plain floating point) against a slow
/// scan at a resolution twelve times finer, and against the definitions of a root and a pole.
@Suite("Points of interest against a fine reference scan")
struct PointsReferenceScanTests {
    static let range = -10.0...10.0
    static let fineSamples = 49_141  // 12 × the finder's 4096 intervals, plus one

    /// Whether f grows without bound toward x: 10⁴ times closer gives over 10³ times larger (a
    /// side where f is undefined, at the edge of its domain, counts for nothing).
    static func looksLikePole(_ f: (Double) -> Double?, at x: Double) -> Bool {
        let near = max(abs(f(x - 1e-8) ?? 0), abs(f(x + 1e-8) ?? 0))
        let far = max(abs(f(x - 1e-4) ?? 0), abs(f(x + 1e-4) ?? 0))
        return near > 1e3 * max(far, 1)
    }

    /// The continuous roots of f where the fine scan changes sign, each narrowed by bisection
    /// (independent of Brent), with the x of every fine sample where f is undefined or steps.
    static func reference(_ f: (Double) -> Double?) -> (roots: [Double], trouble: [Double]) {
        let n = fineSamples
        let xs = (0..<n).map { range.lowerBound + (range.upperBound - range.lowerBound) * Double($0) / Double(n - 1) }
        let ys = xs.map { f($0) }
        var roots = [Double](), trouble = [Double]()
        for i in 0..<(n - 1) {
            guard let a = ys[i], let b = ys[i + 1] else { trouble.append(xs[i]); continue }
            if a == 0 {
                // A root only where f is continuous: not the foot of a jump (1.5 mod(x, 1) at 1).
                let step = 1e-9 * max(abs(xs[i]), 1)
                let sides = [f(xs[i] - step), f(xs[i] + step)].compactMap { $0 }.map(abs)
                if sides.allSatisfy({ $0 <= 1e-6 }) { roots.append(xs[i]) } else { trouble.append(xs[i]) }
                continue
            }
            guard (a < 0) != (b < 0), b != 0 else { continue }
            var low = xs[i], high = xs[i + 1], fLow = a
            for _ in 0..<60 {
                let middle = (low + high) / 2
                guard let y = f(middle) else { break }
                if (y < 0) == (fLow < 0) { low = middle; fLow = y } else { high = middle }
            }
            let edges = [f(low), f(high)].compactMap { $0 }.map(abs)
            if edges.count == 2, edges.max() ?? 0 <= 1e-8 * max(abs(a), abs(b)) {
                roots.append(low)
            } else {
                trouble.append(xs[i])
            }
        }
        return (roots, trouble)
    }

    @Test("every reported root is on the curve; none at a pole; isolated reference roots are all found",
          arguments: 0..<6)
    func randomExpressions(batch: Int) {
        var generator = SplitMix64(seed: 0x501_7000 + batch)
        let spacing = (Self.range.upperBound - Self.range.lowerBound) / Double(PointsOfInterest.samples - 1)
        for _ in 0..<25 {
            let expression = RandomExpression.random(depth: 3, using: &generator)
            let text = expression.text(fullyParenthesized: false)
            let f: (Double) -> Double? = { expression.value(at: $0) }
            let curve = PointsOfInterest.find(in: [f], over: Self.range).curves[0]
            for root in curve.roots {
                let value = f(root)
                let scale = max(abs(f(root - 1e-6) ?? 0), abs(f(root + 1e-6) ?? 0))
                #expect(value.map { abs($0) <= max(1e-5 * scale, 1e-12) } == true, "\(text): root \(root), y \(String(describing: value))")
                #expect(!Self.looksLikePole(f, at: root), "\(text): root \(root) at a pole")
            }
            for point in curve.maxima + curve.minima {
                #expect(f(point.x) == point.y, "\(text): extremum \(point) off the curve")
                #expect(!Self.looksLikePole(f, at: point.x), "\(text): extremum at a pole \(point.x)")
            }
            for pole in curve.poles {
                #expect(!curve.roots.contains(pole), "\(text): \(pole) both pole and root")
            }
            guard !curve.isTruncated else { continue }
            let reference = Self.reference(f)
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
                #expect(curve.roots.contains { abs($0 - root) <= 1e-9 * max(abs(root), 1) },
                        "\(text): the reference root \(root) is missing from \(curve.roots)")
            }
        }
    }
}
