/// A position in pixels (or graph units), x to the right and y down in pixel space.
public struct Point: Equatable, Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    /// A point at `x`, `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point at (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// The straight-line distance to `other`.
    func distance(to other: Point) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }
}
