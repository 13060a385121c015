import Raster

/// Newton's method for two equations in two unknowns, the Jacobian by central differences: how
/// the plane search refines two implicit curves' crossing (in x and y), two paths' (in t₁ and t₂)
/// and an implicit curve's extreme (F = 0 with ∂F/∂x = 0 or ∂F/∂y = 0).
enum PlaneNewton {
    typealias System = (Double, Double) -> (Double, Double)?

    /// The solution reached from `start`, with the steps `h` of the differences in each unknown;
    /// nil when an evaluation is undefined, the Jacobian singular, or no step shrinks the residual.
    /// At most `iterations` steps, each halved up to 8 times while it makes the residual larger.
    /// The caller checks what it returns: this only says where the iteration settled.
    static func solve(_ f: System, from start: (Double, Double), h: (Double, Double), iterations: Int = 40)
        -> (Double, Double)? {
        var (u, v) = start
        guard var value = f(u, v) else { return nil }
        for _ in 0..<iterations {
            if value.0 == 0 && value.1 == 0 { return (u, v) }
            guard let plusU = f(u + h.0, v), let minusU = f(u - h.0, v),
                  let plusV = f(u, v + h.1), let minusV = f(u, v - h.1) else { return nil }
            let a = (plusU.0 - minusU.0) / (2 * h.0), b = (plusV.0 - minusV.0) / (2 * h.1)
            let c = (plusU.1 - minusU.1) / (2 * h.0), d = (plusV.1 - minusV.1) / (2 * h.1)
            let determinant = a * d - b * c
            guard determinant.isFinite, determinant != 0 else { return nil }
            var du = (d * value.0 - b * value.1) / determinant
            var dv = (a * value.1 - c * value.0) / determinant
            let norm = magnitude(value)
            var accepted = false
            for _ in 0..<8 {
                if let next = f(u - du, v - dv), magnitude(next) < norm {
                    u -= du; v -= dv; value = next
                    accepted = true
                    break
                }
                du /= 2; dv /= 2
            }
            guard accepted else { return (u, v) }
            if abs(du) <= 4 * u.ulp && abs(dv) <= 4 * v.ulp { return (u, v) }
        }
        return (u, v)
    }

    private static func magnitude(_ value: (Double, Double)) -> Double { abs(value.0) + abs(value.1) }
}

/// Whether a point is truly on a curve: at rounding level, and where the curve is defined and
/// continuous nearby (not a pole, a jump or an edge it only approaches).
enum PlaneCheck {
    /// Whether F vanishes at (x, y) as a zero does: defined on both sides of it along its
    /// gradient at `delta` and `2 delta`, |F| there well above |F(x, y)|, and growing with the
    /// distance as a power from 1 to 3 does (a pole shrinks, a jump stays the same).
    static func isZero(_ F: (Double, Double) -> Double?, at x: Double, _ y: Double, delta: Double) -> Bool {
        guard let here = F(x, y) else { return false }
        let direction = gradientDirection(F, at: x, y, delta: delta)
        var near = 0.0, far = 0.0
        for sign in [1.0, -1.0] {
            let dx = sign * delta * direction.0, dy = sign * delta * direction.1
            guard let one = F(x + dx, y + dy), let two = F(x + 2 * dx, y + 2 * dy) else { return false }
            near += abs(one)
            far += abs(two)
        }
        guard near > 0, abs(here) <= 1e-3 * near else { return false }
        let growth = far / near
        return growth >= 1.5 && growth <= 9
    }

    /// F's gradient at (x, y), of length 1; (1, 0) where it cannot be told.
    private static func gradientDirection(_ F: (Double, Double) -> Double?, at x: Double, _ y: Double,
                                          delta: Double) -> (Double, Double) {
        guard let east = F(x + delta, y), let west = F(x - delta, y),
              let north = F(x, y + delta), let south = F(x, y - delta) else { return (1, 0) }
        let gx = east - west, gy = north - south
        let length = (gx * gx + gy * gy).squareRoot()
        return length > 0 && length.isFinite ? (gx / length, gy / length) : (1, 0)
    }

    /// Whether the path is defined and continuous at t: defined at t ± `delta` and t ± 2`delta`,
    /// and moving twice as far for twice the step, as a smooth path does (to 4 times at a cusp);
    /// a jump moves as far for either step.
    static func isContinuous(_ path: ExactCurve.Path, at t: Double, delta: Double) -> Bool {
        guard let here = path(t) else { return false }
        var near = 0.0, far = 0.0
        for sign in [1.0, -1.0] {
            guard let one = path(t + sign * delta), let two = path(t + 2 * sign * delta) else { return false }
            near += distance(here, one)
            far += distance(here, two)
        }
        guard near > 0 else { return false }
        let growth = far / near
        return growth >= 1.5 && growth <= 9
    }

    static func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
