/// How much work drawing the curves of one picture may take, whatever the functions.
///
/// Raster knows nothing of what a function computes, so its caller says what one evaluation
/// costs (a program's steps, say) and the budget is shared out in those units: a curve of `cost`
/// among `curves` may be evaluated `units / (cost · curves)` times. Cheap functions never reach
/// their share (the sampler's own bound, about 400 evaluations a column, is lower); expensive ones
/// are sampled more coarsely, so the cost of a picture is bounded by its pixels, not by the
/// length of its programs.
public struct WorkBudget: Sendable, Equatable {
    /// Cost × evaluations the whole budget allows.
    public var units: Int

    /// A budget of `units`.
    public init(units: Int) {
        self.units = units
    }

    /// Sampling the curves of one frame: 40 million units, about a second of the slowest steps
    /// measured (`x!` near its fixed point 1, 25 ns a step; `+` or `sin` take 1 to 10).
    public static let frame = WorkBudget(units: 40_000_000)
    /// Fitting y to the curves of one frame: a quarter of a frame's sampling.
    public static let fit = WorkBudget(units: 10_000_000)
    /// No limit: every curve sampled with the sampler's own budgets.
    public static let unlimited = WorkBudget(units: .max)

    /// The evaluations one of `curves` functions of `cost` each may use.
    public func evaluations(cost: Int, curves: Int) -> Int {
        units / max(cost, 1) / max(curves, 1)
    }
}
