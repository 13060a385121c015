import Raster

extension GraphStatistics {
    /// One pass over even samples of f: the extreme samples (with 0, where the y-intercept is
    /// read, as a sample of its own), the sign changes, and whether f is undefined somewhere.
    struct SampleScan {
        typealias Candidate = (x: Double, y: Double, bracket: ClosedRange<Double>)

        let xRange: ClosedRange<Double>
        let count: Int
        let spacing: Double
        /// f at each sample, nil where undefined or not finite.
        let values: [Double?]
        /// f at 0, when 0 is in the range: evaluated once, for the undefined points and the extremes.
        let atZero: Double?
        private(set) var signChanges = 0
        private(set) var undefined = false
        /// The largest and smallest sample (or 0), each with the samples either side as its bracket.
        private(set) var largest: Candidate?
        private(set) var smallest: Candidate?

        func x(at i: Int) -> Double { Viewport.interpolate(xRange, Double(i) / Double(count - 1)) }

        init(_ f: (Double) -> Double?, over xRange: ClosedRange<Double>, samples: Int) {
            self.xRange = xRange
            count = max(samples, 3)
            let count = self.count
            func x(at i: Int) -> Double { Viewport.interpolate(xRange, Double(i) / Double(count - 1)) }
            func defined(_ x: Double) -> Bool { f(x).map(\.isFinite) ?? false }
            values = (0..<count).map { i in f(x(at: i)).flatMap { $0.isFinite ? $0 : nil } }
            let spacing = xRange.upperBound / 2 / Double(count - 1) - xRange.lowerBound / 2 / Double(count - 1)
            self.spacing = spacing
            // A point where f is defined alone, undefined a millionth of the spacing either side and
            // at the samples beside it, is on no curve that is drawn: x^x at a negative integer, where
            // (−1329)^(−1329) underflows to −0. The statistics are the drawn curve's, where there is one.
            func isAlone(_ x: Double) -> Bool {
                let step = max(2 * spacing * 1e-6, x.ulp)
                return !defined(x - step) && !defined(x + step)
            }
            let values = self.values
            let isolated = (0..<count).map { i in
                guard values[i] != nil, i == 0 || values[i - 1] == nil, i == count - 1 || values[i + 1] == nil else {
                    return false
                }
                return isAlone(x(at: i))
            }
            let hasCurve = values.indices.contains { values[$0] != nil && !isolated[$0] }
            atZero = xRange.contains(0) ? f(0) : nil
            let brackets = scanSigns(isolated: isolated, hasCurve: hasCurve)
            // Undefined points a sampled column may miss: the roundest x where the sign changes, 0, and
            // the round x's at this zoom, where a hole is ((x² − 1)/(x − 1) at 1, which no sign change shows).
            if !undefined {
                let exactPoints = brackets.map(RoundNumber.roundest(in:))
                undefined = exactPoints.contains { !defined($0) } || (xRange.contains(0) && !(atZero?.isFinite ?? false))
                    || RoundNumber.multiples(ofPowerOfTenAbove: 20 * spacing, in: xRange).contains { !defined($0) }
            }
            // A finite stretch narrower than the samples' spacing lies between two samples (e^x seen
            // across ±5e6 is finite only on [-745, 709.8]): 0, where the y-intercept is read, counts as
            // a sample too, bracketed by the samples either side of it, unless it is an isolated point
            // beside a drawn curve.
            var zero: Candidate?
            if let y = atZero, y.isFinite, !hasCurve || !isAlone(0) {
                let below = min(max(Int((-xRange.lowerBound / (xRange.upperBound - xRange.lowerBound) * Double(count - 1)).rounded(.down)), 0),
                                count - 1)
                zero = (0, y, x(at: below)...x(at: min(below + 1, count - 1)))
            }
            largest = [largest, zero].compactMap { $0 }.max { $0.y < $1.y }
            smallest = [smallest, zero].compactMap { $0 }.min { $0.y < $1.y }
        }

        /// The extreme samples and the sign changes, with the brackets of the first 256 changes;
        /// an undefined sample (or an isolated one beside a drawn curve) marks f undefined.
        private mutating func scanSigns(isolated: [Bool], hasCurve: Bool) -> [ClosedRange<Double>] {
            var lowest: (index: Int, y: Double)?, highest: (index: Int, y: Double)?
            var lastSign = 0, lastIndex = 0
            var brackets = [ClosedRange<Double>]()
            for i in 0..<count {
                guard let y = values[i], !(hasCurve && isolated[i]) else { undefined = true; continue }
                if lowest.map({ y < $0.y }) ?? true { lowest = (i, y) }
                if highest.map({ y > $0.y }) ?? true { highest = (i, y) }
                let sign = y > 0 ? 1 : y < 0 ? -1 : 0
                if sign != 0 {
                    if lastSign != 0, sign != lastSign {
                        signChanges += 1
                        if brackets.count < 256 { brackets.append(x(at: lastIndex)...x(at: i)) }
                    }
                    lastSign = sign
                    lastIndex = i
                }
            }
            largest = highest.map { candidate(at: $0.index, $0.y) }
            smallest = lowest.map { candidate(at: $0.index, $0.y) }
            return brackets
        }

        /// Sample `index` with the samples either side as its bracket.
        private func candidate(at index: Int, _ y: Double) -> Candidate {
            (x(at: index), y, x(at: max(index - 1, 0))...x(at: min(index + 1, count - 1)))
        }
    }
}
