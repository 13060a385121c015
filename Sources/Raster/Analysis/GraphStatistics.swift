/// Facts about a function over the visible x-range, for a popover.
public struct GraphStatistics: Equatable, Sendable {
    /// A point of the graph where y is extreme.
    public struct Extremum: Equatable, Sendable {
        public var x: Double
        public var y: Double

        /// The extremum y at x.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// The x-range measured.
    public var xRange: ClosedRange<Double>
    /// The smallest finite y and where it occurs, or nil when there are no finite values.
    public var minimum: Extremum?
    /// The largest finite y and where it occurs, or nil when there are no finite values.
    public var maximum: Extremum?
    /// How often consecutive finite samples change sign (zeros skipped; jumps through poles count).
    public var signChanges: Int
    /// Whether the function is undefined (nil or non-finite) somewhere in the range.
    public var isUndefinedSomewhere: Bool

    /// Whether any value in the range is finite; false is the "no finite values" state.
    public var hasFiniteValues: Bool { minimum != nil }

    /// Statistics of `f` over the viewport's visible x-range.
    public static func measure(_ f: (Double) -> Double?, in viewport: Viewport) -> GraphStatistics {
        measure(f, over: viewport.xRange, samples: max(4 * viewport.width, 1024))
    }

    /// Statistics of `f` over `xRange` from `samples` even samples, extremes refined by golden-section search.
    public static func measure(_ f: (Double) -> Double?, over xRange: ClosedRange<Double>, samples: Int = 2048) -> GraphStatistics {
        let count = max(samples, 3)
        let low = xRange.lowerBound, span = xRange.upperBound - xRange.lowerBound
        func x(at i: Int) -> Double { i == count - 1 ? xRange.upperBound : low + span * Double(i) / Double(count - 1) }
        var lowest: (index: Int, y: Double)?, highest: (index: Int, y: Double)?
        var undefined = false, signChanges = 0, lastSign = 0
        for i in 0..<count {
            guard let y = f(x(at: i)), y.isFinite else { undefined = true; continue }
            if lowest.map({ y < $0.y }) ?? true { lowest = (i, y) }
            if highest.map({ y > $0.y }) ?? true { highest = (i, y) }
            let sign = y > 0 ? 1 : y < 0 ? -1 : 0
            if sign != 0 {
                if lastSign != 0, sign != lastSign { signChanges += 1 }
                lastSign = sign
            }
        }
        var statistics = GraphStatistics(
            xRange: xRange, minimum: nil, maximum: nil, signChanges: signChanges, isUndefinedSomewhere: undefined
        )
        if let highest {
            let bracket = (x(at: max(highest.index - 1, 0)), x(at: min(highest.index + 1, count - 1)))
            let refined = GoldenSection.maximize(f, in: bracket.0, bracket.1)
            statistics.maximum = refined.flatMap { $0.y > highest.y ? Extremum(x: $0.x, y: $0.y) : nil }
                ?? Extremum(x: x(at: highest.index), y: highest.y)
        }
        if let lowest {
            let bracket = (x(at: max(lowest.index - 1, 0)), x(at: min(lowest.index + 1, count - 1)))
            let refined = GoldenSection.maximize({ f($0).map { -$0 } }, in: bracket.0, bracket.1)
            statistics.minimum = refined.flatMap { -$0.y < lowest.y ? Extremum(x: $0.x, y: -$0.y) : nil }
                ?? Extremum(x: x(at: lowest.index), y: lowest.y)
        }
        return statistics
    }
}
