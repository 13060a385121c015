import ArgumentParser
import Brain

/// `--t MIN:MAX`: the range of t (or θ) a parametric or polar curve is drawn over. Each end is a
/// constant expression, so `0:2pi` and `-pi:pi` read as they would on paper.
struct ParameterRange: ExpressibleByArgument, Equatable {
    var lower: Double
    var upper: Double

    init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let lower = Self.value(of: parts[0]), let upper = Self.value(of: parts[1]) else { return nil }
        self.init(lower: lower, upper: upper)
    }

    /// The value of one end: a number, or an expression with no variable (`2pi`, `pi/2`).
    private static func value(of text: Substring) -> Double? {
        if let number = Double(text) { return number }
        guard let program = try? ExpressionParser.parse(String(text)), program.parameters.isEmpty,
              !program.names(Coordinates.xVariable) else { return nil }
        return program.evaluate(using: [:]).result
    }

    /// The range of t when none is given: one turn, 0 to 2π (0 to 360 in degrees).
    static func defaultTurn(degrees: Bool) -> ParameterRange {
        ParameterRange(lower: 0, upper: degrees ? 360 : 2 * Double.pi)
    }

    /// The largest span of t drawn: beyond it, a curve is not one picture but a blur.
    static let largestEnd = 1e9

    /// Throws unless both ends are finite, within `largestEnd`, and the minimum is the smaller.
    func validate() throws {
        guard lower.isFinite, upper.isFinite, abs(lower) <= Self.largestEnd, abs(upper) <= Self.largestEnd else {
            throw ValidationError("--t: both ends must be numbers within ±1e9")
        }
        guard lower < upper else { throw ValidationError("--t: the minimum must be less than the maximum") }
    }

    var closedRange: ClosedRange<Double> { lower...upper }
}
