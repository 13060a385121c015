import Raster

extension Viewport {
    /// This viewport with its y-range fitted to curves of every kind (on linear axes):
    /// - y(x) curves as `fittingY(toAll:)` fits them;
    /// - a parametric or polar path to the y of its points whose x is in view (a 5% margin);
    /// - x(y), implicit curves and regions have no y to fit to: they get the y-range that gives
    ///   y the same scale as x, centred on 0, so a circle is round;
    /// and the smallest range holding all of these. On a log axis, y(x) curves alone are fitted.
    public func fittingY(toAll curves: [PlaneCurve], costs: [Int] = [], budget: WorkBudget = .fit) -> Viewport {
        var functions: [(Double) -> Double?] = [], functionCosts: [Int] = []
        var low = Double.infinity, high = -Double.infinity
        for (index, curve) in curves.enumerated() {
            let cost = costs.indices.contains(index) ? costs[index] : 1
            switch curve {
            case .graph(let f):
                functions.append(f)
                functionCosts.append(cost)
            case .path(let point, let t):
                guard xScale == .linear, yScale == .linear,
                      let range = pathRange(point, over: t, samples: min(max(budget.evaluations(cost: cost, curves: curves.count), 64), 4096))
                else { continue }
                low = min(low, range.lowerBound)
                high = max(high, range.upperBound)
            case .data:
                // Data has its own range, which the figure fits to (`Figure.fitting`).
                continue
            case .inverseGraph, .relation, .region, .edges:
                guard xScale == .linear, yScale == .linear else { continue }
                let half = (xRange.upperBound / 2 - xRange.lowerBound / 2) * Double(height) / Double(max(width, 1))
                low = min(low, -half)
                high = max(high, half)
            }
        }
        var result = functions.isEmpty ? self : fittingY(toAll: functions, costs: functionCosts, budget: budget)
        if functions.isEmpty && low > high { return self }
        if !functions.isEmpty {
            low = min(low, result.yRange.lowerBound)
            high = max(high, result.yRange.upperBound)
        }
        guard low.isFinite, high.isFinite, low < high else { return self }
        result.scaleY = Self.scale(pixels: height, across: low...high)
        result.origin.y = high * result.scaleY
        return result.isRepresentable ? result : self
    }

    /// The y-range (with a 5% margin) of `point` at `samples` values of t over `t`, counting the
    /// points whose x is in view; nil when none is.
    private func pathRange(_ point: (Double) -> (x: Double, y: Double)?, over t: ClosedRange<Double>,
                           samples: Int) -> ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        let step = (t.upperBound / Double(samples) - t.lowerBound / Double(samples))
        for index in 0...samples {
            guard let p = point(t.lowerBound + Double(index) * step), p.x.isFinite, p.y.isFinite,
                  xRange.contains(p.x), abs(p.y) < 1e300 else { continue }
            low = min(low, p.y)
            high = max(high, p.y)
        }
        guard low <= high else { return nil }
        let margin = Swift.max((high / 2 - low / 2) * 0.1, high == low ? 1 : 0)
        return (low - margin)...(high + margin)
    }
}
