import Raster

/// A function that counts its evaluations against a limit: how the point finder keeps its cost
/// bounded whatever the function. Undefined and non-finite values are both nil.
final class EvaluationCounter {
    /// Evaluations so far.
    private(set) var count = 0
    /// Evaluations allowed; work already started may finish past it by one refinement.
    let limit: Int
    private let function: (Double) -> Double?

    init(_ function: @escaping (Double) -> Double?, limit: Int) {
        self.function = function
        self.limit = limit
    }

    /// Whether the limit is reached: no new refinement should start.
    var isExhausted: Bool { count >= limit }

    /// f(x) when finite, else nil.
    func callAsFunction(_ x: Double) -> Double? {
        count += 1
        guard let y = function(x), y.isFinite else { return nil }
        return y
    }

    /// f(x) when finite, else NaN: for sample arrays.
    func sample(_ x: Double) -> Double { self(x) ?? .nan }
}
