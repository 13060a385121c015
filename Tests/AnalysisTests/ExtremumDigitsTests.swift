import Foundation
import Analysis
import Raster
import Testing

/// How many digits an extremum's x is said with, against where the extremum truly is.
///
/// Near a smooth extremum f changes by less than its rounding noise over a stretch about
/// √(noise / |f″|) wide, so no evaluation of f knows x better than that: x·cos x's maximum near
/// −3.4256 is flat within a few units in the last place of f over about 10⁻⁸. The x said must be
/// the truth rounded to about as many digits as that stretch allows, not a point of it printed
/// with all of its digits (−3.425618461598 and 6.437298171626305 were, where the truth is
/// −3.4256184594817… and 6.4372981713…). The truths are closed forms, or roots of the
/// closed-form derivative found by bisection to adjacent Doubles.
@Suite("Extremum digits: an extremum's x says what its flat top knows")
struct ExtremumDigitsTests {
    /// A function, its derivative (for the reference), and the extrema's x, where known in closed form.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let f: @Sendable (Double) -> Double
        let derivative: @Sendable (Double) -> Double
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "x cos x", f: { $0 * cos($0) }, derivative: { cos($0) - $0 * sin($0) }),
        Case(name: "e^(−x) sin 3x", f: { exp(-$0) * sin(3 * $0) }, derivative: { exp(-$0) * (3 * cos(3 * $0) - sin(3 * $0)) }),
        Case(name: "x sin x", f: { $0 * sin($0) }, derivative: { sin($0) + $0 * cos($0) }),
        Case(name: "sin(x) / x away from its hole", f: { sin($0) / $0 }, derivative: { ($0 * cos($0) - sin($0)) / ($0 * $0) }),
        Case(name: "sin x + cos 2x", f: { sin($0) + cos(2 * $0) }, derivative: { cos($0) - 2 * sin(2 * $0) }),
    ]

    /// The root of `g` in `[a, b]` (a sign change), to adjacent Doubles.
    static func bisect(_ g: (Double) -> Double, _ a: Double, _ b: Double) -> Double {
        var low = a, high = b
        let lowSign = g(low) < 0
        while true {
            let middle = low / 2 + high / 2
            if middle <= low || middle >= high { return abs(g(low)) < abs(g(high)) ? low : high }
            if (g(middle) < 0) == lowSign { low = middle } else { high = middle }
        }
    }

    /// Every zero of `derivative` in `range`, from sign changes on a grid of 100 000 steps.
    static func stationaryPoints(of derivative: (Double) -> Double, in range: ClosedRange<Double>) -> [Double] {
        let steps = 100_000
        let step = (range.upperBound - range.lowerBound) / Double(steps)
        var found: [Double] = []
        var previous = range.lowerBound
        for index in 1...steps {
            let x = range.lowerBound + Double(index) * step
            let a = derivative(previous), b = derivative(x)
            if a.isFinite, b.isFinite, (a < 0) != (b < 0) { found.append(bisect(derivative, previous, x)) }
            previous = x
        }
        return found
    }

    /// Checks `said` (an extremum's x) against the nearest stationary point among `truths`.
    static func check(_ said: Double, against truths: [Double], of name: String) {
        guard let truth = truths.min(by: { abs($0 - said) < abs($1 - said) }) else {
            Issue.record("\(name): an extremum at \(said) where f′ has no zero")
            return
        }
        let scale = max(abs(truth), 1)
        // In the flat top…
        #expect(abs(said - truth) < 1e-7 * scale, "\(name): \(said) against \(truth)")
        // …with no more digits than it knows (a stretch about 10⁻⁸ wide: nine or ten)…
        let text = "\(abs(said))"
        let digits = text.filter(\.isNumber).drop { $0 == "0" }.count
        #expect(digits <= 10, "\(name): \(said) has \(digits) significant digits; the truth is \(truth)")
        // …and those digits the truth's, rounded, to within one unit of the last.
        let decimals = text.contains("e") ? 17 : (text.split(separator: ".").dropFirst().first?.count ?? 0)
        #expect(abs(said - truth) <= pow(10, -Double(decimals)) * 1.0001, "\(name): \(said) is not \(truth) rounded")
    }

    @Test("points: each extremum's x is the truth rounded to what its flat top knows", arguments: cases)
    func points(_ function: Case) {
        let range = -10.0...10.0
        let truths = Self.stationaryPoints(of: function.derivative, in: range)
        let f = function.f
        let curve = PointsOfInterest.find(in: [{ x in let y = f(x); return y.isFinite ? y : nil }], over: range).curves[0]
        let extrema = (curve.maxima + curve.minima).filter { abs($0.x) > 1e-3 }
        #expect(extrema.count >= 4, "\(function.name): \(extrema)")
        for extremum in extrema {
            Self.check(extremum.x, against: truths, of: function.name)
            #expect(abs(extremum.y - f(extremum.x)) == 0, "\(function.name): y is f(x)")
        }
    }

    @Test("the popover: the view's largest and smallest values are said at their truths rounded", arguments: cases)
    func popover(_ function: Case) throws {
        let f = function.f
        for range in [-10.0...10.0, -7.0...9.0, 2.0...9.5] {
            let truths = Self.stationaryPoints(of: function.derivative, in: range)
            let view = Viewport(width: 1600, height: 900, xRange: range, yRange: -1...1)
            let statistics = GraphStatistics.measure({ x in let y = f(x); return y.isFinite ? y : nil }, in: view)
            for extremum in [statistics.maximum, statistics.minimum].compactMap({ $0 }) where abs(extremum.x) > 1e-3 {
                // At an end of the range the extremum is the end itself, said as given.
                if extremum.x == range.lowerBound || extremum.x == range.upperBound { continue }
                Self.check(extremum.x, against: truths, of: "\(function.name) over \(range)")
            }
        }
    }
}
