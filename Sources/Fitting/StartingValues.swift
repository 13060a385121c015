#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where Levenberg–Marquardt starts for the built-in models, found from the data (a thinned
/// copy of at most `pointLimit` points, so a million points cost no more than a thousand).
enum StartingValues {
    static let pointLimit = 2048

    /// a and b of `a exp(b x)`: a line fitted to log |y| over the points of y's majority sign.
    @Sendable static func exponential(_ sample: FitSample) -> [Double]? {
        let points = sample.thinned(to: pointLimit)
        let positives = points.y.filter { $0 > 0 }.count, negatives = points.y.filter { $0 < 0 }.count
        let sign: Double = positives >= negatives ? 1 : -1
        var xs: [Double] = [], logs: [Double] = []
        for (x, y) in zip(points.x, points.y) where y * sign > 0 {
            xs.append(x)
            logs.append(log(abs(y)))
        }
        guard let (slope, intercept) = line(xs, logs), exp(intercept).isFinite else {
            let mean = points.y.reduce(0, +) / Double(max(points.count, 1))
            return [mean == 0 ? 1 : mean, 0]
        }
        return [sign * exp(intercept), slope]
    }

    /// a, b, c and d of `a sin(b x + c) + d`: the frequency of a coarse periodogram's highest
    /// peak, then amplitude, phase and offset by linear least squares at that frequency (the
    /// data's half range and middle when that fails).
    @Sendable static func sine(_ sample: FitSample) -> [Double]? {
        let points = sample.thinned(to: pointLimit / 2).sortedByX()
        guard let low = points.y.min(), let high = points.y.max(),
              let first = points.x.first, let last = points.x.last, last > first else { return nil }
        let middle = (low + high) / 2, halfRange = (high - low) / 2
        let frequency = dominantFrequency(points, offset: middle, span: last - first)
        let model = LinearModel(parameters: ["α", "β", "d"],
                                basis: [{ sin(frequency * $0) }, { cos(frequency * $0) }, { _ in 1 }])
        if case .success(let fit) = LinearFit.fit(model, to: points) {
            let (alpha, beta) = (fit.values[0], fit.values[1])
            return [(alpha * alpha + beta * beta).squareRoot(), frequency, atan2(beta, alpha), fit.values[2]]
        }
        return [halfRange == 0 ? 1 : halfRange, frequency, 0, middle]
    }

    /// The angular frequency ω that maximizes |Σ (y − offset) e^(−iωx)|² over a grid from
    /// ¼ of a cycle across the data to a cycle for each two points, a quarter cycle apart.
    static func dominantFrequency(_ points: FitSample, offset: Double, span: Double) -> Double {
        let fundamental = 2 * Double.pi / span, step = fundamental / 4
        let steps = max(4, 2 * points.count)
        var best = (power: -1.0, frequency: fundamental)
        for index in 1...steps {
            let omega = Double(index) * step
            var real = 0.0, imaginary = 0.0
            for (x, y) in zip(points.x, points.y) {
                real += (y - offset) * cos(omega * x)
                imaginary -= (y - offset) * sin(omega * x)
            }
            let power = real * real + imaginary * imaginary
            if power > best.power { best = (power, omega) }
        }
        return best.frequency
    }

    /// a, b and c of `a / (1 + exp(-b (x - c)))`: a the y farthest from 0; c where y crosses
    /// a / 2 and b from where it crosses a / 4 and 3a / 4 (each crossing the split of the
    /// points by x that best separates them by that level, which noise does not fool), its
    /// sign from whether y / a rises with x.
    @Sendable static func logistic(_ sample: FitSample) -> [Double]? {
        let points = sample.thinned(to: pointLimit).sortedByX()
        guard let a = points.y.max(by: { abs($0) < abs($1) }), a != 0,
              let first = points.x.first, let last = points.x.last, last > first else { return nil }
        let u = points.y.map { $0 / a }
        let tenth = max(1, u.count / 10)
        let rising = u.suffix(tenth).reduce(0, +) >= u.prefix(tenth).reduce(0, +)
        let c = crossing(points.x, u, level: 0.5, rising: rising)
        let quarter = crossing(points.x, u, level: 0.25, rising: rising)
        let threeQuarters = crossing(points.x, u, level: 0.75, rising: rising)
        let width = abs(threeQuarters - quarter)
        let steepness = width > 0 ? 2 * log(3.0) / width : 8 / (last - first)
        return [a, rising ? steepness : -steepness, c]
    }

    /// The x between the two points where splitting `x` (sorted) best separates u below
    /// `level` before from u above it after (after from before when not `rising`).
    static func crossing(_ x: [Double], _ u: [Double], level: Double, rising: Bool) -> Double {
        var prefix = 0.0, best = (score: 0.0, index: 0)
        for index in 0..<u.count {
            // Splitting before `index` scores −prefix rising (+prefix falling), up to a constant.
            let score = rising ? -prefix : prefix
            if score > best.score { best = (score, index) }
            prefix += u[index] - level
        }
        if rising ? -prefix > best.score : prefix > best.score { return x[x.count - 1] }
        return best.index == 0 ? x[0] : (x[best.index - 1] + x[best.index]) / 2
    }

    /// Slope and intercept of the least-squares line through (x, y), or nil when x has fewer
    /// than two distinct values.
    static func line(_ x: [Double], _ y: [Double]) -> (Double, Double)? {
        guard x.count >= 2 else { return nil }
        let n = Double(x.count)
        let meanX = x.reduce(0, +) / n, meanY = y.reduce(0, +) / n
        var sxx = 0.0, sxy = 0.0
        for (u, v) in zip(x, y) {
            sxx += (u - meanX) * (u - meanX)
            sxy += (u - meanX) * (v - meanY)
        }
        guard sxx > 0 else { return nil }
        let slope = sxy / sxx
        return (slope, meanY - slope * meanX)
    }
}
