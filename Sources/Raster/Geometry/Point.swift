/// A position in pixels (or graph units), x to the right and y down in pixel space.
package struct Point: Equatable, Hashable, Sendable, Codable {
    package var x: Double
    package var y: Double

    /// A point at `x`, `y`.
    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point at (0, 0).
    package static let zero = Point(x: 0, y: 0)
}
