import Raster

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

    /// Where a point lies relative to the visible y-range.
    public enum Placement: Equatable, Sendable {
        case inView, aboveView, belowView
    }

    /// The x-range measured.
    public var xRange: ClosedRange<Double>
    /// The visible y-range, when measured in a viewport.
    public var yRange: ClosedRange<Double>?
    /// The smallest y and where it occurs, or nil when there are no finite values or y is unbounded below.
    public var minimum: Extremum?
    /// The largest y and where it occurs, or nil when there are no finite values or y is unbounded above.
    public var maximum: Extremum?
    /// The x of a pole where y falls without bound, when there is one.
    public var poleBelow: Double?
    /// The x of a pole where y rises without bound, when there is one.
    public var poleAbove: Double?
    /// The x past which y rises beyond the largest Double, when it does (e^x past 709.78, seen
    /// over ±10⁶): its largest Double there is no maximum, so none is said.
    public var overflowAbove: Double?
    /// The x past which y falls below the most negative Double, when it does.
    public var overflowBelow: Double?
    /// Where y's smallest value is 0 only because it underflowed, when it is (eˣ, zoomed out): the
    /// x where the stretch of underflowed zeros ends (−1075·ln 2), or one of them when f underflows
    /// at every sample. eˣ is never 0, so no minimum is said (`settleUnderflow`).
    public var underflowBelow: Double?
    /// Where y's largest value is 0 only because it underflowed, when it is (−eˣ, zoomed out).
    public var underflowAbove: Double?
    /// Where y tends to its largest value at a hole, and that value, when it does: sin x / x at 0,
    /// where it is undefined, attains no maximum, so none is said.
    public var holeAbove: Extremum?
    /// Where y tends to its smallest value at a hole, and that value, when it does.
    public var holeBelow: Extremum?
    /// How often consecutive finite samples change sign (zeros skipped; jumps through poles count).
    public var signChanges: Int
    /// Whether the function is undefined (nil or non-finite) somewhere in the range, poles included.
    public var isUndefinedSomewhere: Bool

    /// Whether any value in the range is finite; false is the "no finite values" state.
    public var hasFiniteValues: Bool {
        minimum != nil || maximum != nil || poleAbove != nil || poleBelow != nil || overflowAbove != nil || overflowBelow != nil
            || holeAbove != nil || holeBelow != nil || underflowAbove != nil || underflowBelow != nil
    }

    /// Where `point` lies relative to the visible y-range (in view when no y-range was measured).
    public func placement(of point: Extremum) -> Placement {
        guard let yRange else { return .inView }
        return point.y > yRange.upperBound ? .aboveView : point.y < yRange.lowerBound ? .belowView : .inView
    }

    /// Statistics of `f` over the viewport's visible x-range.
    /// On a log x axis the samples are even in log x (f of 10^u over the positions), and the
    /// places found are mapped back to x.
    public static func measure(_ f: (Double) -> Double?, in viewport: Viewport) -> GraphStatistics {
        let samples = max(4 * viewport.width, 1024)
        var statistics: GraphStatistics
        if viewport.xScale == .linear {
            statistics = measure(f, over: viewport.xRange, samples: samples)
        } else {
            statistics = withoutActuallyEscaping(f) { f in
                measure(viewport.xScale.substituting(f), over: viewport.xPositionRange, samples: samples)
            }
            let x = { (position: Double) in viewport.xScale.value(at: position) }
            statistics.xRange = viewport.xRange
            if let minimum = statistics.minimum { statistics.minimum = Extremum(x: x(minimum.x), y: minimum.y) }
            if let maximum = statistics.maximum { statistics.maximum = Extremum(x: x(maximum.x), y: maximum.y) }
            if let hole = statistics.holeAbove { statistics.holeAbove = Extremum(x: x(hole.x), y: hole.y) }
            if let hole = statistics.holeBelow { statistics.holeBelow = Extremum(x: x(hole.x), y: hole.y) }
            statistics.poleAbove = statistics.poleAbove.map(x)
            statistics.poleBelow = statistics.poleBelow.map(x)
            statistics.overflowAbove = statistics.overflowAbove.map(x)
            statistics.overflowBelow = statistics.overflowBelow.map(x)
            statistics.underflowAbove = statistics.underflowAbove.map(x)
            statistics.underflowBelow = statistics.underflowBelow.map(x)
        }
        statistics.yRange = viewport.yRange
        return statistics
    }

    /// Statistics of `f` over `xRange` from `samples` even samples.
    ///
    /// The extreme samples are refined by golden-section search, then checked for poles (said as
    /// such, never as a huge maximum) and for overflows (f rising past the largest Double at the
    /// edge of where it is defined, said as such, never as a maximum of 1.8e308), moved to a domain edge when it is at least as extreme, and
    /// snapped to the roundest nearby x where f is at least as extreme (so x² − 1 has its minimum
    /// at 0, not at -7.45e-09). Undefined points between samples are found where the sign changes
    /// (abs(x)/x at 0), at poles (1/x) and at 0 itself.
    public static func measure(_ f: (Double) -> Double?, over xRange: ClosedRange<Double>, samples: Int = 2048) -> GraphStatistics {
        let scan = SampleScan(f, over: xRange, samples: samples)
        var statistics = GraphStatistics(xRange: xRange, signChanges: scan.signChanges, isUndefinedSomewhere: scan.undefined)
        if let highest = scan.largest {
            statistics.settleMaximum(withoutActuallyEscaping(f) { f in
                ExtremumRefiner(f: f, bracket: highest.bracket, spacing: 2 * scan.spacing)
                    .largest(sampled: Extremum(x: highest.x, y: highest.y))
            })
        }
        if let lowest = scan.smallest {
            statistics.settleMinimum(withoutActuallyEscaping(f) { f in
                ExtremumRefiner(f: { f($0).map { -$0 } }, bracket: lowest.bracket, spacing: 2 * scan.spacing)
                    .largest(sampled: Extremum(x: lowest.x, y: -lowest.y))
            })
        }
        if statistics.poleAbove != nil { statistics.maximum = nil; statistics.holeAbove = nil }
        if statistics.poleBelow != nil { statistics.minimum = nil; statistics.holeBelow = nil }
        if statistics.minimum?.y == 0 || statistics.maximum?.y == 0 {
            let sampled = SampledValues(xs: (0..<scan.count).map(scan.x(at:)), values: scan.values, spacing: scan.spacing,
                                        valueAtZero: scan.atZero.flatMap { $0.isFinite ? $0 : nil })
            statistics.settleUnderflow(below: true, of: f, sampled: sampled)
            statistics.settleUnderflow(below: false, of: f, sampled: sampled)
        }
        return statistics
    }

    /// The largest value, refined: a maximum, or the pole, overflow or hole it is instead.
    private mutating func settleMaximum(_ outcome: ExtremumRefiner.Outcome) {
        switch outcome {
        case .value(let extremum): maximum = extremum
        case .pole(let pole, _, let down):
            isUndefinedSomewhere = true
            poleAbove = pole
            if down { poleBelow = pole }
        case .overflow(let edge):
            isUndefinedSomewhere = true
            overflowAbove = edge
        case .hole(let limit):
            isUndefinedSomewhere = true
            holeAbove = limit
        }
    }

    /// The smallest value, refined as the largest of −f: a minimum, or what it is instead.
    private mutating func settleMinimum(_ outcome: ExtremumRefiner.Outcome) {
        switch outcome {
        case .value(let extremum):
            if poleBelow == nil { minimum = Extremum(x: extremum.x, y: -extremum.y) }
        case .pole(let pole, _, let down):
            // Negated: rising without bound is falling without bound for f.
            isUndefinedSomewhere = true
            poleBelow = poleBelow ?? pole
            if down { poleAbove = poleAbove ?? pole }
        case .overflow(let edge):
            isUndefinedSomewhere = true
            overflowBelow = edge
        case .hole(let limit):
            isUndefinedSomewhere = true
            holeBelow = Extremum(x: limit.x, y: -limit.y)
        }
    }

    /// Statistics with the given facts and no extrema yet.
    private init(xRange: ClosedRange<Double>, signChanges: Int, isUndefinedSomewhere: Bool) {
        self.xRange = xRange
        self.signChanges = signChanges
        self.isUndefinedSomewhere = isUndefinedSomewhere
    }
}
