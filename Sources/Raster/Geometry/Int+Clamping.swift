extension Int {
    /// `value` rounded by `rule` and clamped to `Int`'s range, without trapping; NaN gives 0.
    // Inlined, with a `PixelRounding` rule, so that a constant rule folds to one rounding: the
    // curve painter converts once per pixel.
    @inlinable @inline(__always)
    public init(clamping value: Double, rounding rule: PixelRounding = .toNearestOrAwayFromZero) {
        guard !value.isNaN else { self = 0; return }
        // 2^63 is the first Double beyond Int.max; every smaller Double converts exactly.
        let limit = 9_223_372_036_854_774_784.0
        // The limit is a whole number, so clamping before rounding gives the same result; the
        // conversion itself truncates, so toward zero needs no rounding call (a libm call per pixel).
        let clamped = Swift.min(Swift.max(value, -limit), limit)
        self.init(rule == .towardZero ? clamped : rule.apply(to: clamped))
    }

    /// The whole pixel for continuous pixel coordinate `value` (rounded by `rule`, down by default),
    /// clamped to ±`Int.pixelLimit` so pixel arithmetic on it never overflows. NaN lies far before the image.
    @inlinable @inline(__always)
    public init(pixel value: Double, rounding rule: PixelRounding = .down) {
        guard !value.isNaN else { self = -Int.pixelLimit; return }
        let limit = Double(Int.pixelLimit)
        self.init(Swift.min(Swift.max(rule.apply(to: value), -limit), limit))
    }

    /// How far outside any image (2^40 pixels) a clamped pixel coordinate may lie.
    public static let pixelLimit = 1 << 40
}

extension Viewport {
    /// The whole pixel column holding graph x `x`, clamped far outside the image (NaN-safe).
    public func pixelColumn(forX x: Double) -> Int {
        Int(pixel: column(forX: x))
    }

    /// The whole pixel row holding graph y `y`, clamped far outside the image (NaN-safe).
    public func pixelRow(forY y: Double) -> Int {
        Int(pixel: row(forY: y))
    }

    /// Whether graph point (`x`, `y`) lies inside the image.
    public func contains(x: Double, y: Double) -> Bool {
        let column = column(forX: x), row = row(forY: y)
        return column >= 0 && column <= Double(width) && row >= 0 && row <= Double(height)
    }
}
