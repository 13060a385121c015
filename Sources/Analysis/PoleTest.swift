import Raster

/// Recognizing poles: points where |f| grows without bound.
enum PoleTest {
    /// The directions in which `f` is unbounded next to `x`, or nil when `x` is no pole.
    ///
    /// Going toward `x` in steps of 16 (from `width`/16, for 10 steps or until Doubles stop
    /// resolving distances around `x`, but at least 4 steps), the largest |f(x ± h)| must keep
    /// growing without converging: either at least 3 times per step (1/x grows 16 times, 1/√|x|
    /// 4 times) or by increments that do not shrink (log|x| grows by ln 16 a step). A smooth peak
    /// converges: once h is below its width, its increments shrink about 256 times a step.
    ///
    /// Where |f| reaches the edge of Double's range and then overflows on both sides (1/x within
    /// 10⁻³⁰⁸ of 0), it is unbounded too, once it has grown for 2 steps.
    static func directions(of f: (Double) -> Double?, near x: Double, width: Double) -> (up: Bool, down: Bool)? {
        guard x.isFinite, width.isFinite, width > 0 else { return nil }
        let smallest = max(abs(x) * 1e-13, width * 1e-14, 1e-320)
        var h = width / 16, previous = 0.0, increment = 0.0, steps = 0
        var sides: (left: Double, right: Double) = (0, 0)
        while h > smallest, steps < 10 {
            let left = finite(f(x - h)), right = finite(f(x + h))
            let magnitude = max(abs(left), abs(right))
            guard magnitude > 0, magnitude.isFinite else {
                if steps >= 2, previous > 1e290 { steps = max(steps, 4); break }
                return nil
            }
            let growth = magnitude - previous
            let multiplies = magnitude >= previous * 3
            let keepsAdding = steps >= 1 && growth > 0 && (steps == 1 || growth >= increment * 0.9)
            guard multiplies || keepsAdding else { return nil }
            increment = growth
            previous = magnitude
            sides = (left, right)
            steps += 1
            h /= 16
        }
        guard steps >= 4 else { return nil }
        // The sides that grow with the magnitude (exp(1/x) grows on the right only).
        let growing = [sides.left, sides.right].filter { abs($0) >= previous / 1000 }
        return (growing.contains { $0 > 0 }, growing.contains { $0 < 0 })
    }

    private static func finite(_ value: Double?) -> Double {
        guard let value, value.isFinite else { return 0 }
        return value
    }
}
