import Raster

/// A table of values: x in even steps, y for each curve (the app's table and `points --table`).
public struct ValueTable: Equatable, Sendable {
    /// One row: x and y of each curve (nil where undefined).
    public struct Row: Equatable, Sendable {
        public var x: Double
        public var ys: [Double?]
        /// Why each missing y is missing (nil for a y there is); empty when every y is there.
        public var gaps: [Gap?] = []
    }

    /// Why a table has no y at an x.
    public enum Gap: Equatable, Sendable {
        /// Undefined at x alone, a removable hole, where the curve tends to this value (sin(x)/x at 0 → 1).
        case hole(tendsTo: Double)
        /// Past the largest Double (eˣ at 800), as the calculator's "Error: overflow" says.
        case overflow
        /// Undefined (√x at −1, a pole, a jump).
        case undefined

        /// The gap as a table cell says it, the limit written by `number`: "hole → 1", "overflow", "undefined".
        public func text(_ number: (Double) -> String) -> String {
            switch self {
            case .hole(let limit): "hole → \(number(limit))"
            case .overflow: "overflow"
            case .undefined: "undefined"
            }
        }
    }

    /// The rows, x increasing.
    public var rows: [Row]

    /// How many rows a table may have.
    public static let maximumRows = 100_000

    /// The multiples of `step` in `xRange` (each the roundest Double within a billionth of a step of
    /// k × step, so 0.3, not 0.30000000000000004), with each function's value, and where there is
    /// none, why (`overflows`: whether each function's value is missing because it overflows; none
    /// given, none does); nil when the step is not positive and finite or would make more than
    /// `maximumRows` rows.
    public static func rows(of functions: [(Double) -> Double?], over xRange: ClosedRange<Double>, step: Double,
                            overflows: [(Double) -> Bool] = []) -> ValueTable? {
        guard step.isFinite, step > 0, let count = rowCount(over: xRange, step: step) else { return nil }
        let first = multiples(of: step, in: xRange).first
        var rows = [Row]()
        rows.reserveCapacity(count)
        for k in 0..<count {
            let exact = (first + Double(k)) * step
            let x = RoundNumber.roundest(in: (exact - step * 1e-9)...(exact + step * 1e-9))
            guard xRange.contains(x) else { continue }
            var row = Row(x: x, ys: functions.map { f in f(x).flatMap { $0.isFinite ? $0 : nil } })
            if row.ys.contains(nil) {
                row.gaps = functions.indices.map { curve -> Gap? in
                    guard row.ys[curve] == nil else { return nil }
                    if let limit = limit(of: functions[curve], at: x, step: step) { return .hole(tendsTo: limit) }
                    return overflows.indices.contains(curve) && overflows[curve](x) ? .overflow : .undefined
                }
            }
            rows.append(row)
        }
        return ValueTable(rows: rows)
    }

    /// The value `f`, undefined at `x`, tends to there when x alone is undefined: a removable hole,
    /// by the points' own test (`CurveScan.hole(at:scale:)`, f beside x to the last bit), with f
    /// defined a step either side. Nil at a pole, a jump, or where f is undefined beside x too. At
    /// most a dozen evaluations.
    private static func limit(of f: @escaping (Double) -> Double?, at x: Double, step: Double) -> Double? {
        let counter = EvaluationCounter(f, limit: 64)
        let xs = [x - step, x + step], ys = xs.map(counter.sample)
        guard !ys.contains(where: \.isNaN),
              case .hole(let point)? = CurveScan(counter, xs: xs, ys: ys).hole(at: x, scale: max(abs(ys[0]), abs(ys[1])))
        else { return nil }
        return point.y
    }

    /// How many multiples of `step` lie in `xRange`, or nil when more than `maximumRows`.
    public static func rowCount(over xRange: ClosedRange<Double>, step: Double) -> Int? {
        let (first, last) = multiples(of: step, in: xRange)
        guard first.isFinite, last.isFinite, last - first < Double(maximumRows) else { return nil }
        return max(Int(last - first) + 1, 0)
    }

    /// The first and last k with k × `step` in `xRange`, to within a billionth of a step: 0.3 / 0.1
    /// is 2.9999999999999996, and the row 0.3 of [0, 0.3] was left out.
    private static func multiples(of step: Double, in xRange: ClosedRange<Double>) -> (first: Double, last: Double) {
        ((xRange.lowerBound / step - 1e-9).rounded(.up), (xRange.upperBound / step + 1e-9).rounded(.down))
    }
}

extension ValueTable.Row {
    /// Why curve `curve`'s y is missing ("undefined" when the row does not say).
    public func gap(of curve: Int) -> ValueTable.Gap {
        gaps.indices.contains(curve) ? gaps[curve] ?? .undefined : .undefined
    }
}
