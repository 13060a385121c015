extension Double {
    /// The double halfway between `a` and `b` in the order of all doubles, as many of them below
    /// it as above, or nil when no double lies strictly between the two (or either is not finite).
    ///
    /// Each finite double has a place in that order: its bit pattern read as an integer, negated
    /// for negative numbers (so -0 and +0 share place 0). Halving places, not values, narrows any
    /// interval to two neighbouring doubles within 64 halvings, even one from -1 to 1 around the
    /// 10⁶¹⁷ doubles beside 0; within one binade the places are evenly spaced, so there it is the
    /// usual midpoint.
    package static func midpointInOrder(_ a: Double, _ b: Double) -> Double? {
        guard a.isFinite, b.isFinite else { return nil }
        let low = min(place(of: a), place(of: b)), high = max(place(of: a), place(of: b))
        let middle = (low >> 1) + (high >> 1) + (low & high & 1)
        guard middle > low, middle < high else { return nil }
        return value(atPlace: middle)
    }

    /// The place of finite `x` in the order of doubles.
    private static func place(of x: Double) -> Int64 {
        let magnitude = Int64(bitPattern: x.magnitude.bitPattern)
        return x.sign == .minus ? -magnitude : magnitude
    }

    /// The double at `place`, the inverse of `place(of:)`.
    private static func value(atPlace place: Int64) -> Double {
        let magnitude = Double(bitPattern: UInt64(place.magnitude))
        return place < 0 ? -magnitude : magnitude
    }
}
