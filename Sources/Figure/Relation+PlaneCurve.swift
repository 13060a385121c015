import Brain
import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Relation {
    /// The curve Raster draws for this relation: its programs compiled once, parameters at
    /// `values` (those not given are 1) and angles read in `angle`; a parametric or polar curve
    /// runs over `t` (θ in degrees when `angle` is degrees, so `r = θ` turns once over 0…360).
    package func planeCurve(using values: [String: Double], angle: AngleMode, t: ClosedRange<Double>) -> PlaneCurve {
        let x = Coordinates.xVariable, y = Coordinates.yVariable
        switch self {
        case .function(let program):
            return .graph(program.function(of: x, using: values, angle: angle))
        case .inverse(let program):
            return .inverseGraph(program.function(of: y, using: values, angle: angle))
        case .parametric(let xOfT, let yOfT):
            let f = xOfT.function(of: Coordinates.tVariable, using: values, angle: angle)
            let g = yOfT.function(of: Coordinates.tVariable, using: values, angle: angle)
            return .path({ t in
                guard let x = f(t), let y = g(t) else { return nil }
                return (x, y)
            }, t: t)
        case .polar(let program):
            let r = program.function(of: Coordinates.thetaVariable, using: values, angle: angle)
            let radians = angle == .degrees ? Double.pi / 180 : 1
            return .path({ theta in
                // A negative r lies on the opposite side: (r cos θ, r sin θ) says so by itself.
                guard let radius = r(theta) else { return nil }
                let a = theta * radians
                return (radius * cos(a), radius * sin(a))
            }, t: t)
        case .implicit(let left, let right):
            return .relation(Self.difference(left, right, using: values, angle: angle))
        case .inequality(let left, let comparison, let right):
            let inside = comparison.leftIsLarger ? Self.difference(left, right, using: values, angle: angle)
                : Self.difference(right, left, using: values, angle: angle)
            return .region(inside, strict: comparison.isStrict, boundary: Self.boundary(left, right, using: values, angle: angle))
        case .between(let low, let first, let middle, let second, let high):
            return Self.between(low, first, middle, second, high, using: values, angle: angle)
        case .polarInequality(let comparison, let program):
            return Self.polarRegion(comparison, program, using: values, angle: angle, t: t)
        }
    }

    /// The region `low ⋚ middle ⋚ high`: where both comparisons hold, each edge dashed when its
    /// comparison is strict and drawn only where the other one holds.
    private static func between(_ low: Program, _ first: Comparison, _ middle: Program, _ second: Comparison, _ high: Program,
                                using values: [String: Double], angle: AngleMode) -> PlaneCurve {
        let lower = Condition(low, first, middle, using: values, angle: angle)
        let upper = Condition(middle, second, high, using: values, angle: angle)
        let inside: (Double, Double) -> Double? = { x, y in
            guard let a = lower.holds(x, y), let b = upper.holds(x, y) else { return nil }
            return a && b ? 1 : -1
        }
        let edges = [
            PlaneEdge(curve: boundary(low, middle, using: values, angle: angle), dashed: first.isStrict,
                      keeps: { x, y in upper.holds(x, y, orOnItsEdge: true) == true }),
            PlaneEdge(curve: boundary(middle, high, using: values, angle: angle), dashed: second.isStrict,
                      keeps: { x, y in lower.holds(x, y, orOnItsEdge: true) == true }),
        ]
        return .region(inside, strict: false, boundary: .edges(edges))
    }

    /// One comparison `left ⋚ right` in x and y.
    private struct Condition {
        let difference: (Double, Double) -> Double?
        let isStrict: Bool

        init(_ left: Program, _ comparison: Comparison, _ right: Program, using values: [String: Double], angle: AngleMode) {
            difference = comparison.leftIsLarger ? Relation.difference(left, right, using: values, angle: angle)
                : Relation.difference(right, left, using: values, angle: angle)
            isStrict = comparison.isStrict
        }

        /// Whether it holds at (x, y); nil where either side is undefined. `orOnItsEdge` takes
        /// a strict comparison's edge as holding (where another edge meets it).
        func holds(_ x: Double, _ y: Double, orOnItsEdge: Bool = false) -> Bool? {
            guard let value = difference(x, y) else { return nil }
            return isStrict && !orOnItsEdge ? value > 0 : value >= 0
        }
    }

    /// The region `r ⋚ f(θ)`: a point at distance ρ from the origin and angle θ₀ is inside when,
    /// for some turn θ = θ₀ + k·360° within `t`, ρ compares so with f(θ). Its edge is the polar
    /// curve r = f(θ) over `t`, dashed when the comparison is strict.
    private static func polarRegion(_ comparison: Comparison, _ program: Program, using values: [String: Double],
                                    angle: AngleMode, t: ClosedRange<Double>) -> PlaneCurve {
        let r = program.function(of: Coordinates.thetaVariable, using: values, angle: angle)
        let turn = angle == .degrees ? 360.0 : 2 * Double.pi, perRadian = turn / (2 * Double.pi)
        // At most 64 turns are looked at: a range of more turns is drawn over its first 64.
        let turns = min(Int(((t.upperBound - t.lowerBound) / turn).rounded(.up)), 64)
        let inside: (Double, Double) -> Double? = { x, y in
            let distance = (x * x + y * y).squareRoot()
            guard distance.isFinite else { return nil }
            var direction = atan2(y, x) * perRadian
            // The first θ of this direction at or after the start of the range.
            direction += ((t.lowerBound - direction) / turn).rounded(.up) * turn
            var defined = false
            for k in 0...max(turns, 0) {
                let theta = direction + Double(k) * turn
                guard theta <= t.upperBound else { break }
                guard let radius = r(theta) else { continue }
                defined = true
                let value = comparison.leftIsLarger ? distance - radius : radius - distance
                if comparison.isStrict ? value > 0 : value >= 0 { return 1 }
            }
            return defined ? -1 : nil
        }
        let edge = Relation.polar(program).planeCurve(using: values, angle: angle, t: t)
        return .region(inside, strict: false, boundary: .edges([PlaneEdge(curve: edge, dashed: comparison.isStrict)]))
    }

    /// left − right as a function of x and y, nil where either side is undefined.
    fileprivate static func difference(_ left: Program, _ right: Program, using values: [String: Double],
                                   angle: AngleMode) -> (Double, Double) -> Double? {
        let f = left.function(of: Coordinates.xVariable, and: Coordinates.yVariable, using: values, angle: angle)
        let g = right.function(of: Coordinates.xVariable, and: Coordinates.yVariable, using: values, angle: angle)
        return { x, y in
            guard let a = f(x, y), let b = g(x, y) else { return nil }
            let difference = a - b
            return difference.isFinite ? difference : nil
        }
    }

    /// The edge of the region `left ⋚ right`: the exact y(x) or x(y) sampler when one side is y
    /// (or x) alone and the other does not name it, as in `y < sin(x)`; else the contour left = right.
    private static func boundary(_ left: Program, _ right: Program, using values: [String: Double],
                                 angle: AngleMode) -> PlaneCurve {
        switch Relation.equation(left, right) {
        case .function(let program): .graph(program.function(of: Coordinates.xVariable, using: values, angle: angle))
        case .inverse(let program): .inverseGraph(program.function(of: Coordinates.yVariable, using: values, angle: angle))
        default: .relation(difference(left, right, using: values, angle: angle))
        }
    }
}
