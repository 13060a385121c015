/// The sampler's searches in x itself, not in pixel columns: a column names x only to about a
/// part in 10¹⁶ of the view's width, while a domain's edge or a line steeper than that (1e20·x at
/// 0, 1e20·√(x + 0.25) at -0.25) needs every double there is.
extension CurveSampler {
    /// The x of an interval's ends that are the domain's edge, found by `boundary`: a column
    /// cannot name every x (-0.25 + 1e-300 is column 150 in a view 400 px over [-1, 1], as -0.25
    /// is), and the jump test must start from the edge itself.
    struct Edges {
        var low: Double?
        var high: Double?
    }

    /// The last defined point between a defined and an undefined column, found by bisection in x
    /// (as `discontinuity` bisects, and for the same reason): √(x + 0.25) starts at -0.25 itself,
    /// not a column's resolution beside it, where 1e20·√(x + 0.25) is already far above the view.
    /// Returns the point in columns and rows, and its x, which its column may not name.
    func boundary(
        _ f: (Double) -> Double?, finite: Double, finiteRow: Double, undefined: Double, _ budget: inout Budget
    ) -> (point: Point, x: Double) {
        var insideRow = finiteRow
        let edge = Bisection.lastHoldingInOrder(from: viewport.x(atColumn: finite), toward: viewport.x(atColumn: undefined),
                                                steps: boundarySteps) { x in
            let rowThere = row(f, atX: x, &budget.used)
            if rowThere.isNaN { return false }
            insideRow = rowThere
            return true
        }
        let column = min(max(viewport.column(forX: edge.inside), min(finite, undefined)), max(finite, undefined))
        return (Point(x: column, y: insideRow), edge.inside)
    }

    /// The two sides of a jump inside `a...b`, or nil when the change shrinks with the interval.
    ///
    /// The bisection runs in x, halving the doubles between the ends (`Double.midpointInOrder`),
    /// not the columns: a column resolves x only to about a part in 10¹⁶ of the view's width, so a
    /// line steeper than that (1e20·x at x = 0) looked like a jump there and was left undrawn,
    /// while x itself has every double down to 5e-324 beside 0. In the doubles' order any interval
    /// narrows to two neighbours within 64 halvings, and within one binade the midpoint is the
    /// usual one.
    func discontinuity(
        _ f: (Double) -> Double?, _ a: Double, _ ra: Double, _ b: Double, _ rb: Double, edges: Edges, _ budget: inout Budget
    ) -> (before: Point, after: Point)? {
        var low = edges.low ?? viewport.x(atColumn: a), high = edges.high ?? viewport.x(atColumn: b)
        var rowLow = ra, rowHigh = rb
        // Changes are measured in the rows that show, within `margin` of the image: off the view,
        // a continuous curve's rise to the rows' clamp would lead the bisection away from the
        // view, where it can spend every step (1e100·√(x − 1e-200) reaches the top at 2e-200).
        let top = -margin, bottom = Double(viewport.height) + margin
        func shown(_ row: Double) -> Double { min(max(row, top), bottom) }
        for _ in 0..<discontinuitySteps {
            guard let m = Double.midpointInOrder(low, high) else { break }
            let rm = row(f, atX: m, &budget.used)
            if rm.isNaN { break }
            let left = abs(shown(rm) - shown(rowLow)), right = abs(shown(rowHigh) - shown(rm))
            if max(left, right) <= tolerance { return nil }
            if left >= right { high = m; rowHigh = rm } else { low = m; rowLow = rm }
        }
        guard abs(shown(rowHigh) - shown(rowLow)) > tolerance else { return nil }
        if Double.midpointInOrder(low, high) == nil, isRamp(f, from: low, to: high, &budget) { return nil }
        let lowColumn = min(max(viewport.column(forX: low), a), b)
        let highColumn = min(max(viewport.column(forX: high), lowColumn), b)
        return (Point(x: lowColumn, y: rowLow), Point(x: highColumn, y: rowHigh))
    }

    /// Whether a rise between two neighbouring doubles `low` and `high` belongs to a line too steep
    /// for the doubles to show, not to a jump: f changes as much, and the same way, from the double
    /// before `low` and to the double after `high` (at least a sixteenth as much).
    ///
    /// 1e20·(x + 0.25) rises 8 × 10⁵ pixels from one double to the next beside -0.25, yet it is
    /// one line. A step (floor, sign) is flat beside its rise, and a pole turns back on its far
    /// side. The y values are compared, not the rows, which are clamped.
    ///
    /// At the edge of the domain only the side where f is defined is asked: 1e20·√(x + 0.25) rises
    /// from 0 at -0.25 to 7e11 at the next double, and on from there, a vertical tangent.
    private func isRamp(_ f: (Double) -> Double?, from low: Double, to high: Double, _ budget: inout Budget) -> Bool {
        let (before, after) = low < high ? (low.nextDown, high.nextUp) : (low.nextUp, high.nextDown)
        budget.used += 4
        func value(_ x: Double) -> Double? { f(x).flatMap { $0.isFinite ? $0 : nil } }
        guard let yLow = value(low), let yHigh = value(high) else { return false }
        let rise = yHigh - yLow
        guard rise.isFinite, rise != 0 else { return false }
        func continues(_ change: Double?) -> Bool? {
            guard let change else { return nil }
            return change.isFinite && change.sign == rise.sign && change.magnitude >= rise.magnitude / 16
        }
        let first = continues(value(before).map { yLow - $0 }), last = continues(value(after).map { $0 - yHigh })
        switch (first, last) {
        case (let first?, let last?): return first && last
        case (let one?, nil), (nil, let one?): return one
        case (nil, nil): return false
        }
    }
}
