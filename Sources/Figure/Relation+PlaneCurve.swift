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
        }
    }

    /// left − right as a function of x and y, nil where either side is undefined.
    private static func difference(_ left: Program, _ right: Program, using values: [String: Double],
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
