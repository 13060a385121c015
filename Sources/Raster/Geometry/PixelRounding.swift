/// How `Int(pixel:)` and `Int(clamping:)` round a continuous value to a whole number.
///
/// Raster's own rule rather than the standard library's `FloatingPointRoundingRule`, which is a
/// resilient enum: passing one costs calls to copy, compare and destroy it at every conversion,
/// per pixel in the curve painter (rasterize took 2.4 ms instead of 1 ms). This one folds away.
public enum PixelRounding: Sendable {
    /// Toward negative infinity (floor).
    case down
    /// Toward positive infinity (ceiling).
    case up
    /// Toward zero, as a plain `Int(_:)` conversion does.
    case towardZero
    /// To the nearest whole number, halves away from zero (`rounded()`).
    case toNearestOrAwayFromZero

    /// `value` rounded by this rule.
    @inlinable @inline(__always)
    public func apply(to value: Double) -> Double {
        switch self {
        case .down: value.rounded(.down)
        case .up: value.rounded(.up)
        case .towardZero: value.rounded(.towardZero)
        case .toNearestOrAwayFromZero: value.rounded(.toNearestOrAwayFromZero)
        }
    }
}
