import Analysis
import Raster

/// A trace: a point that walks along one curve, read out as `x = …  y = …` (Desmos's and a
/// TI-84's TRACE).
struct Trace: Equatable {
    /// What the traced point stands on, when a jump put it on a point of interest.
    enum Landmark: Equatable {
        case root, maximum, minimum, yIntercept
        /// Where the traced curve meets curve `curve` (colour order).
        case intersection(with: Int)
        /// A removable hole: the curve is undefined at the traced x and tends to `limit` there.
        case hole(limit: Double)
    }

    /// The traced curve, in colour order.
    var curve: Int
    /// The traced x, in graph units.
    var x: Double
    /// Whether the tangent and its slope are shown (`'`).
    var showsTangent = false
    /// The point of interest the trace stands on, nil once it moves off it.
    var landmark: Landmark?
    /// Where `A` began an area, in graph units, nil when none is begun.
    var areaFrom: Double?
    /// Where `A` ended the area; nil while the traced x is its other end.
    var areaTo: Double?

    /// The area's ends, the traced x standing for the second until `A` fixes it.
    var areaEnds: (from: Double, to: Double)? {
        areaFrom.map { ($0, areaTo ?? x) }
    }
}

/// What a trace key does.
enum TraceAction: Equatable {
    /// Starts a trace on the first curve, at the x of the pixel column nearest the view's centre (`t`).
    case start
    /// Starts a trace at a pane pixel, on the curve nearest it in that column (a click on a curve).
    case startAt(Point)
    /// Moves the traced point this many pixel columns (← →).
    case step(Int)
    /// Moves to the next curve in colour order (↓) or the previous one (↑), at the same x.
    case switchCurve(Int)
    /// Jumps to the next point of interest to the right (`]`, +1) or to the left (`[`, −1).
    case jump(Int)
    /// Shows or hides the tangent and its slope (`'`).
    case toggleTangent
    /// Begins an area at the traced x, or ends it there; a third press begins a new one (`A`).
    case markArea
}

extension Trace {
    /// How far either side of the view a jump looks for a point of interest, in view widths.
    static let jumpReach = 2.0

    /// The points a jump may land on for curve `curve` of `functions` over `xRange`, sorted by x:
    /// roots, extrema, the y-intercept, holes and intersections with the other curves; never a pole or a jump.
    static func landmarks(of curve: Int, among functions: [(Double) -> Double?], costs: [Int],
                          over xRange: ClosedRange<Double>, xScale: AxisScale = .linear) -> [(x: Double, landmark: Landmark)] {
        guard functions.indices.contains(curve) else { return [] }
        let found = PointsOfInterest.find(in: functions, over: xRange, xScale: xScale, costs: costs)
        let points = found.curves[curve]
        var marks = points.roots.map { (x: $0, landmark: Landmark.root) }
        marks += points.maxima.map { (x: $0.x, landmark: Landmark.maximum) }
        marks += points.minima.map { (x: $0.x, landmark: Landmark.minimum) }
        if points.yIntercept != nil { marks.append((x: 0, landmark: .yIntercept)) }
        marks += points.holes.map { (x: $0.x, landmark: Landmark.hole(limit: $0.y)) }
        for meeting in found.intersections where meeting.first == curve || meeting.second == curve {
            marks.append((x: meeting.x, landmark: .intersection(with: meeting.first == curve ? meeting.second : meeting.first)))
        }
        return marks.sorted { $0.x < $1.x }
    }

    /// The readout of the traced point: where it stands (a point of interest), x, y on `function`
    /// (exactly 0 on a root; "y overflows" where y is missing because it `overflows`, eˣ at 800), and
    /// the slope when the tangent shows; `slope` is nil at a corner or pole.
    func readout(y: Double?, slope: Double?, area: Area? = nil, curveNames: [String], overflows: Bool = false) -> [String] {
        var lines = [String]()
        switch landmark {
        case .root?: lines.append("root")
        case .maximum?: lines.append("maximum")
        case .minimum?: lines.append("minimum")
        case .yIntercept?: lines.append("y-intercept")
        case .intersection(let other)?:
            lines.append(curveNames.indices.contains(other) ? "meets \(curveNames[other])" : "intersection")
        case .hole?: lines.append("hole")
        case nil: break
        }
        lines.append("x = \(PopoverNumber.text(x))")
        if landmark == .root {
            lines.append("y = 0")
        } else if case .hole(let limit)? = landmark, y == nil {
            lines.append("y undefined, → \(PopoverNumber.text(limit))")
        } else {
            lines.append(y.map { "y = \(PopoverNumber.text($0))" } ?? (overflows ? "y overflows" : "y undefined"))
        }
        if showsTangent { lines.append(slope.map { "slope = \(PopoverNumber.text($0))" } ?? "no slope here") }
        if let area {
            let ends = "\(PopoverNumber.text(area.from))→\(PopoverNumber.text(area.to))"
            lines.append(area.value.map { "∫ \(ends) = \(PopoverNumber.text($0))" } ?? "∫ \(ends): none, \(area.reason ?? "no value")")
        }
        return lines
    }
}
