/// A table of values: x in even steps, y for each curve (the app's table and `points --table`).
public struct ValueTable: Equatable, Sendable {
    /// One row: x and y of each curve (nil where undefined).
    public struct Row: Equatable, Sendable {
        public var x: Double
        public var ys: [Double?]
    }

    /// The rows, x increasing.
    public var rows: [Row]

    /// How many rows a table may have.
    public static let maximumRows = 100_000

    /// The multiples of `step` in `xRange` (each the roundest Double within a billionth of a step of
    /// k × step, so 0.3, not 0.30000000000000004), with each function's value; nil when the step
    /// is not positive and finite or would make more than `maximumRows` rows.
    public static func rows(of functions: [(Double) -> Double?], over xRange: ClosedRange<Double>, step: Double) -> ValueTable? {
        guard step.isFinite, step > 0, let count = rowCount(over: xRange, step: step) else { return nil }
        let first = multiples(of: step, in: xRange).first
        var rows = [Row]()
        rows.reserveCapacity(count)
        for k in 0..<count {
            let exact = (first + Double(k)) * step
            let x = RoundNumber.roundest(in: (exact - step * 1e-9)...(exact + step * 1e-9))
            guard xRange.contains(x) else { continue }
            rows.append(Row(x: x, ys: functions.map { f in f(x).flatMap { $0.isFinite ? $0 : nil } }))
        }
        return ValueTable(rows: rows)
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
