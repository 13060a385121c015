import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Points of a known curve with Gaussian noise, from a fixed generator: the same seed gives the
/// same points on every machine.
struct SeededData {
    var x: [Double] = []
    var y: [Double] = []

    /// `count` points with x uniform in `range` and y = `curve`(x) + N(0, `noise`²).
    init(seed: UInt64, count: Int, x range: ClosedRange<Double>, noise: Double, curve: (Double) -> Double) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<count {
            let x = Double.random(in: range, using: &generator)
            self.x.append(x)
            self.y.append(curve(x) + noise * Self.gaussian(&generator))
        }
    }

    /// A standard normal variate (Box–Muller).
    static func gaussian(_ generator: inout SplitMix64) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &generator)
        let v = Double.random(in: 0..<1, using: &generator)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
