import Raster

/// Golden-section search for the largest value of a function on an interval.
enum GoldenSection {
    /// The x in `low...high` where `f` is largest (undefined counts as −∞), with its value.
    static func maximize(_ f: (Double) -> Double?, in low: Double, _ high: Double, iterations: Int = 90) -> (x: Double, y: Double)? {
        let ratio = 0.618_033_988_749_894_8
        func value(_ x: Double) -> Double {
            guard let y = f(x), y.isFinite else { return -.infinity }
            return y
        }
        var a = low, b = high
        var c = b - ratio * (b - a), d = a + ratio * (b - a)
        var fc = value(c), fd = value(d)
        for _ in 0..<iterations {
            if b - a <= 4 * Double.ulpOfOne * max(abs(a), abs(b), Double.leastNormalMagnitude) { break }
            if fc >= fd {
                b = d; d = c; fd = fc
                c = b - ratio * (b - a); fc = value(c)
            } else {
                a = c; c = d; fc = fd
                d = a + ratio * (b - a); fd = value(d)
            }
        }
        var best: (x: Double, y: Double)? = fc >= fd ? (c, fc) : (d, fd)
        // The ends themselves, for maxima on the boundary of the interval.
        for x in [low, high] {
            let y = value(x)
            if let current = best, y > current.y { best = (x, y) }
        }
        guard let best, best.y.isFinite else { return nil }
        return best
    }
}
