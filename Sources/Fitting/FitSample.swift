/// The points a fit uses: the data's (x, y) pairs where both are finite, in their order.
package struct FitSample: Sendable {
    package private(set) var x: [Double]
    package private(set) var y: [Double]
    /// The rows left out: a gap (nil or NaN) or an infinity in x or y.
    package let skipped: Int

    package var count: Int { x.count }

    /// The finite pairs of `x` and `y`, which must have the same length.
    package init(x: [Double?], y: [Double?]) throws(FitError) {
        guard x.count == y.count else {
            throw FitError(.mismatchedLengths, "x has \(x.count) values and y \(y.count): they must pair up")
        }
        var keptX: [Double] = [], keptY: [Double] = []
        keptX.reserveCapacity(x.count)
        keptY.reserveCapacity(y.count)
        for (u, v) in zip(x, y) {
            guard let u, let v, u.isFinite, v.isFinite else { continue }
            keptX.append(u)
            keptY.append(v)
        }
        self.x = keptX
        self.y = keptY
        skipped = x.count - keptX.count
    }

    /// The finite pairs of `x` and `y`; NaN marks a gap.
    package init(x: [Double], y: [Double]) throws(FitError) {
        guard x.count == y.count else {
            throw FitError(.mismatchedLengths, "x has \(x.count) values and y \(y.count): they must pair up")
        }
        if x.allSatisfy(\.isFinite) && y.allSatisfy(\.isFinite) {
            self.init(x: x, y: y, skipped: 0)
        } else {
            try self.init(x: x.map(Optional.some), y: y.map(Optional.some))
        }
    }

    private init(x: [Double], y: [Double], skipped: Int) {
        self.x = x
        self.y = y
        self.skipped = skipped
    }

    /// These points with x divided by `xScale` and y by `yScale`.
    func scaled(x xScale: Double, y yScale: Double) -> FitSample {
        if xScale == 1 && yScale == 1 { return self }
        return FitSample(x: x.map { $0 / xScale }, y: y.map { $0 / yScale }, skipped: skipped)
    }

    /// At most `limit` of these points, evenly spaced through the data, for starting values.
    func thinned(to limit: Int) -> FitSample {
        guard count > limit, limit > 0 else { return self }
        let indices = (0..<limit).map { $0 * count / limit }
        return FitSample(x: indices.map { x[$0] }, y: indices.map { y[$0] }, skipped: skipped)
    }

    /// These points ordered by x.
    func sortedByX() -> FitSample {
        let order = x.indices.sorted { x[$0] < x[$1] }
        return FitSample(x: order.map { x[$0] }, y: order.map { y[$0] }, skipped: skipped)
    }

    /// Whether x takes at least `needed` different values; otherwise the values it takes.
    func distinctX(atLeast needed: Int) -> [Double]? {
        var seen: Set<Double> = []
        for value in x {
            seen.insert(value == 0 ? 0 : value)   // -0 and 0 are one x
            if seen.count >= needed { return nil }
        }
        return seen.sorted()
    }
}

/// The power of two at or below the largest magnitude of `values` (1 when all are zero): dividing
/// by it is exact and brings the values within (-2, 2), so sums of squares of 1e308s do not
/// overflow (the power above 1e308 would itself be infinite).
func powerOfTwoScale(_ values: [Double]) -> Double {
    let largest = values.reduce(0) { max($0, abs($1)) }
    guard largest > 0, largest.isFinite else { return 1 }
    return Double(sign: .plus, exponent: largest.exponent, significand: 1)
}
