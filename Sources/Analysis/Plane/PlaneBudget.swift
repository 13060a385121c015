import Raster

/// The evaluations a plane search may still make, in `WorkBudget` units (an evaluation of a
/// curve costs its program's steps): every scan and refinement draws on it, so that no curve,
/// however hostile, makes the search hang.
final class PlaneBudget {
    private(set) var units: Int
    /// Evaluations so far, all curves together.
    private(set) var evaluations = 0
    /// Whether some scan or refinement stopped short for want of budget.
    var isTruncated = false

    init(_ budget: WorkBudget) { units = budget.units }

    /// The evaluations of cost `cost` the rest allows, at most `cap`.
    func allowance(cost: Int, cap: Int) -> Int { min(cap, units / max(cost, 1)) }

    /// Whether the rest allows at least `count` evaluations of cost `cost`.
    func allows(_ count: Int, cost: Int) -> Bool { units / max(cost, 1) >= count }

    /// `count` evaluations of cost `cost` made.
    func spend(_ count: Int, cost: Int) {
        units = max(0, units - count * max(cost, 1))
        evaluations += count
    }
}

/// A function of two variables that counts its evaluations (for the refinements in the plane).
final class CountingImplicit {
    private let function: (Double, Double) -> Double?
    private(set) var count = 0

    init(_ function: @escaping (Double, Double) -> Double?) { self.function = function }

    func callAsFunction(_ x: Double, _ y: Double) -> Double? {
        count += 1
        return function(x, y)
    }
}
