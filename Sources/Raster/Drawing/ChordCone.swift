/// The chords from an anchor that every point admitted so far allows: where the chord's far end
/// may lie so that each point is within `straightness` of it and projects inside it.
///
/// `CurvePainter` grows a run of nearly collinear points one point at a time, and asks at each
/// step whether every point between the anchor and the new end lies near the chord. Asked point
/// by point, that is a pass over the whole run at every step (quadratic in its length, 32 at
/// most: 10 % of `plot`'s instructions at 1600×1000, callgrind). The cone answers most steps at
/// once and never wrongly: each point admitted narrows it to the directions within the angle
/// whose sine is `straightness` over the point's distance (made a part in a million narrower), and
/// a chord longer than every point's distance in a direction strictly inside is one the
/// point-by-point test passes. Anything else (a point too close to the anchor, or more than 45°
/// off the first one's direction, a chord near the cone's edge) is "not sure", and the painter
/// asks point by point: the runs, and the pixels, are the same either way.
struct ChordCone {
    let anchor: Point
    let straightness: Double
    /// The first admitted point's direction (a unit vector); nil before one is admitted.
    private var reference: (x: Double, y: Double)?
    /// The cone's clockwise and counterclockwise edges (unit vectors).
    private var lower = (x: 0.0, y: 0.0), upper = (x: 0.0, y: 0.0)
    /// The admitted points' largest distance from the anchor.
    private var farthest = 0.0
    /// False once a point the cone cannot bound is admitted: it is never sure again.
    private var bounds = true

    init(anchor: Point, straightness: Double) {
        self.anchor = anchor
        self.straightness = straightness
    }

    /// Narrows the cone to the chords that also allow `point`.
    mutating func admit(_ point: Point) {
        guard bounds else { return }
        let dx = point.x - anchor.x, dy = point.y - anchor.y
        let distance = (dx * dx + dy * dy).squareRoot()
        // Within twice `straightness` the allowed directions are too wide to bound (a half-angle over 30°).
        guard distance.isFinite, distance > 2 * straightness else { bounds = false; return }
        let x = dx / distance, y = dy / distance
        let sine = straightness / distance * (1 - 1e-6), cosine = (1 - sine * sine).squareRoot()
        let clockwise = (x: x * cosine + y * sine, y: y * cosine - x * sine)
        let counterclockwise = (x: x * cosine - y * sine, y: y * cosine + x * sine)
        farthest = max(farthest, distance)
        guard let reference else {
            reference = (x, y)
            (lower, upper) = (clockwise, counterclockwise)
            return
        }
        // Every edge stays within 75° of the first direction, so turning is told by a cross product's sign.
        guard x * reference.x + y * reference.y > 0.7 else { bounds = false; return }
        if Self.cross(lower, clockwise) > 0 { lower = clockwise }
        if Self.cross(counterclockwise, upper) > 0 { upper = counterclockwise }
    }

    /// Whether the chord from the anchor to `end`, `length` long (as `CurvePainter` works it
    /// out), surely allows every admitted point; false when not sure.
    func surelyAllows(_ end: Point, length: Double) -> Bool {
        guard bounds, let reference, length > 1e-9, length < 48, length > farthest * (1 + 1e-9) else { return false }
        let direction = (x: end.x - anchor.x, y: end.y - anchor.y)
        return direction.x * reference.x + direction.y * reference.y > 0
            && Self.cross(lower, direction) > 0 && Self.cross(direction, upper) > 0
    }

    /// The z component of `a` × `b`: positive when `b` turns counterclockwise from `a`.
    private static func cross(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        a.x * b.y - a.y * b.x
    }
}
