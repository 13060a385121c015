import Raster

/// What a scan of one function of t along a path finds: its zeros and its turns, in t.
struct PathFindings {
    var roots: [Double] = []
    var maxima: [Double] = []
    var minima: [Double] = []
}

/// The scans along a path by t: each of a function of t (a coordinate, or F of the path's point)
/// sampled evenly and refined by `CurveScan`, which keeps roots away from poles and jumps and
/// finds the roots where the function only touches zero (a tangency). A closed path is scanned
/// across its seam too, so that what lies at t = 0 (a circle's rightmost point) is found.
struct PathScan {
    let range: ClosedRange<Double>
    let isClosed: Bool
    let budget: PlaneBudget
    /// What one evaluation of the scanned function costs.
    let cost: Int

    static let samples = 2048
    static let seamSamples = 256

    /// The roots and turns of `h` over the range (and across the seam of a closed path).
    func scan(_ h: @escaping (Double) -> Double?) -> PathFindings {
        var found = PathFindings()
        let low = range.lowerBound, high = range.upperBound
        guard high > low else { return found }
        add(run(h, over: range, samples: Self.samples), into: &found) { $0 }
        guard isClosed else { return found }
        // The seam: u across the range's end, t = u past it wrapped to the start.
        let length = high - low
        let wrap = { (u: Double) in u <= high ? u : u - length }
        let seam = (high - length / 16)...(high + length / 16)
        let near = { (u: Double) in abs(u - high) < length / 32 }
        let acrossSeam = run({ h(wrap($0)) }, over: seam, samples: Self.seamSamples)
        var kept = CurveScan.Findings()
        kept.roots = acrossSeam.roots.filter(near)
        kept.maxima = acrossSeam.maxima.filter { near($0.x) }
        kept.minima = acrossSeam.minima.filter { near($0.x) }
        add(kept, into: &found, wrap)
        return found
    }

    private func run(_ h: @escaping (Double) -> Double?, over range: ClosedRange<Double>, samples: Int) -> CurveScan.Findings {
        let limit = budget.allowance(cost: cost, cap: samples * PointsOfInterest.evaluationsPerSample)
        guard limit >= 64 else {
            budget.isTruncated = true
            return CurveScan.Findings()
        }
        let counter = EvaluationCounter(h, limit: limit)
        let findings = CurveScan(counter, over: range, count: min(samples, max(limit / PointsOfInterest.evaluationsPerSample, 64))).find()
        budget.spend(counter.count, cost: cost)
        if findings.isTruncated || counter.isExhausted { budget.isTruncated = true }
        return findings
    }

    private func add(_ findings: CurveScan.Findings, into found: inout PathFindings, _ t: (Double) -> Double) {
        found.roots += findings.roots.map(t)
        found.maxima += findings.maxima.map { t($0.x) }
        found.minima += findings.minima.map { t($0.x) }
    }
}
