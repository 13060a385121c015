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
        let count = max(samples, 3)
        func x(at i: Int) -> Double { Viewport.interpolate(xRange, Double(i) / Double(count - 1)) }
        func defined(_ x: Double) -> Bool { f(x).map(\.isFinite) ?? false }
        var lowest: (index: Int, y: Double)?, highest: (index: Int, y: Double)?
        var undefined = false, signChanges = 0, lastSign = 0, lastIndex = 0
        var signChangeBrackets = [ClosedRange<Double>]()
        let values = (0..<count).map { i in f(x(at: i)).flatMap { $0.isFinite ? $0 : nil } }
        let spacing = xRange.upperBound / 2 / Double(count - 1) - xRange.lowerBound / 2 / Double(count - 1)
        // A point where f is defined alone, undefined a millionth of the spacing either side and
        // at the samples beside it, is on no curve that is drawn: x^x at a negative integer, where
        // (−1329)^(−1329) underflows to −0. The statistics are the drawn curve's, where there is one.
        func isAlone(_ x: Double) -> Bool {
            let step = max(2 * spacing * 1e-6, x.ulp)
            return !defined(x - step) && !defined(x + step)
        }
        let isolated = (0..<count).map { i in
            guard values[i] != nil, i == 0 || values[i - 1] == nil, i == count - 1 || values[i + 1] == nil else {
                return false
            }
            return isAlone(x(at: i))
        }
        let hasCurve = values.indices.contains { values[$0] != nil && !isolated[$0] }
        for i in 0..<count {
            guard let y = values[i], !(hasCurve && isolated[i]) else { undefined = true; continue }
            if lowest.map({ y < $0.y }) ?? true { lowest = (i, y) }
            if highest.map({ y > $0.y }) ?? true { highest = (i, y) }
            let sign = y > 0 ? 1 : y < 0 ? -1 : 0
            if sign != 0 {
                if lastSign != 0, sign != lastSign {
                    signChanges += 1
                    if signChangeBrackets.count < 256 { signChangeBrackets.append(x(at: lastIndex)...x(at: i)) }
                }
                lastSign = sign
                lastIndex = i
            }
        }
        // f at 0, where the y-intercept is read, evaluated once: for the undefined points and the extremes.
        let atZero = xRange.contains(0) ? f(0) : nil
        // Undefined points a sampled column may miss: the roundest x where the sign changes, 0, and
        // the round x's at this zoom, where a hole is ((x² − 1)/(x − 1) at 1, which no sign change shows).
        if !undefined {
            let exactPoints = signChangeBrackets.map(RoundNumber.roundest(in:))
            undefined = exactPoints.contains { !defined($0) } || (xRange.contains(0) && !(atZero?.isFinite ?? false))
                || RoundNumber.multiples(ofPowerOfTenAbove: 20 * spacing, in: xRange).contains { !defined($0) }
        }
        var statistics = GraphStatistics(xRange: xRange, signChanges: signChanges, isUndefinedSomewhere: undefined)
        typealias Candidate = (x: Double, y: Double, bracket: ClosedRange<Double>)
        func sample(_ index: Int, _ y: Double) -> Candidate {
            (x(at: index), y, x(at: max(index - 1, 0))...x(at: min(index + 1, count - 1)))
        }
        // A finite stretch narrower than the samples' spacing lies between two samples (e^x seen
        // across ±5e6 is finite only on [-745, 709.8]): 0, where the y-intercept is read, counts as
        // a sample too, bracketed by the samples either side of it, unless it is an isolated point
        // beside a drawn curve.
        var zero: Candidate?
        if let y = atZero, y.isFinite, !hasCurve || !isAlone(0) {
            let below = min(max(Int((-xRange.lowerBound / (xRange.upperBound - xRange.lowerBound) * Double(count - 1)).rounded(.down)), 0), count - 1)
            zero = (0, y, x(at: below)...x(at: min(below + 1, count - 1)))
        }
        let largest = [highest.map { sample($0.index, $0.y) }, zero].compactMap { $0 }.max { $0.y < $1.y }
        let smallest = [lowest.map { sample($0.index, $0.y) }, zero].compactMap { $0 }.min { $0.y < $1.y }
        if let highest = largest {
            let outcome = withoutActuallyEscaping(f) { f in
                ExtremumRefiner(f: f, bracket: highest.bracket, spacing: 2 * spacing)
                    .largest(sampled: Extremum(x: highest.x, y: highest.y))
            }
            switch outcome {
            case .value(let extremum): statistics.maximum = extremum
            case .pole(let pole, _, let down):
                statistics.isUndefinedSomewhere = true
                statistics.poleAbove = pole
                if down { statistics.poleBelow = pole }
            case .overflow(let edge):
                statistics.isUndefinedSomewhere = true
                statistics.overflowAbove = edge
            case .hole(let limit):
                statistics.isUndefinedSomewhere = true
                statistics.holeAbove = limit
            }
        }
        if let lowest = smallest {
            let outcome = withoutActuallyEscaping(f) { f in
                ExtremumRefiner(f: { f($0).map { -$0 } }, bracket: lowest.bracket, spacing: 2 * spacing)
                    .largest(sampled: Extremum(x: lowest.x, y: -lowest.y))
            }
            switch outcome {
            case .value(let extremum):
                if statistics.poleBelow == nil { statistics.minimum = Extremum(x: extremum.x, y: -extremum.y) }
            case .pole(let pole, _, let down):
                // Negated: rising without bound is falling without bound for f.
                statistics.isUndefinedSomewhere = true
                statistics.poleBelow = statistics.poleBelow ?? pole
                if down { statistics.poleAbove = statistics.poleAbove ?? pole }
            case .overflow(let edge):
                statistics.isUndefinedSomewhere = true
                statistics.overflowBelow = edge
            case .hole(let limit):
                statistics.isUndefinedSomewhere = true
                statistics.holeBelow = Extremum(x: limit.x, y: -limit.y)
            }
        }
        if statistics.poleAbove != nil { statistics.maximum = nil; statistics.holeAbove = nil }
        if statistics.poleBelow != nil { statistics.minimum = nil; statistics.holeBelow = nil }
        if statistics.minimum?.y == 0 || statistics.maximum?.y == 0 {
            let sampled = SampledValues(xs: (0..<count).map(x(at:)), values: values, spacing: spacing,
                                        valueAtZero: atZero.flatMap { $0.isFinite ? $0 : nil })
            statistics.settleUnderflow(below: true, of: f, sampled: sampled)
            statistics.settleUnderflow(below: false, of: f, sampled: sampled)
        }
        return statistics
    }

    /// Statistics with the given facts and no extrema yet.
    private init(xRange: ClosedRange<Double>, signChanges: Int, isUndefinedSomewhere: Bool) {
        self.xRange = xRange
        self.signChanges = signChanges
        self.isUndefinedSomewhere = isUndefinedSomewhere
    }
}
