import Foundation
import Analysis
import Raster
import Testing

/// Curves with no finite value over the range: the search says so, and only then. Each function
/// here is known by its closed form to be finite nowhere, or somewhere, on its range.
@Suite("Points of interest: curves defined nowhere on the range")
struct NowhereDefinedTests {
    static func hasFiniteValues(_ f: @escaping (Double) -> Double?, over range: ClosedRange<Double>) -> Bool {
        PointsOfInterest.find(in: [f], over: range).curves[0].hasFiniteValues
    }

    @Test("Finite nowhere: 1/0, √(−1 − x²), ln(−1 − x²), ±∞ and NaN everywhere, eˣ past its overflow")
    func nowhere() {
        #expect(!Self.hasFiniteValues({ _ in nil }, over: -10...10))
        #expect(!Self.hasFiniteValues({ x in (-1 - x * x).squareRoot() }, over: -10...10))
        #expect(!Self.hasFiniteValues({ x in Foundation.log(-1 - x * x) }, over: -10...10))
        #expect(!Self.hasFiniteValues({ _ in .infinity }, over: -10...10))
        #expect(!Self.hasFiniteValues({ _ in -.infinity }, over: -1e300...1e300))
        #expect(!Self.hasFiniteValues({ _ in .nan }, over: -10...10))
        // eˣ overflows past x = 709.78.
        #expect(!Self.hasFiniteValues({ x in Foundation.exp(x) }, over: 1000...2000))
        #expect(!Self.hasFiniteValues({ x in Foundation.exp(x) }, over: 1000...2000.0.nextUp))
    }

    @Test("Finite somewhere: on half the range, a sliver, one point at 0 (the y-intercept), across an overflow")
    func somewhere() {
        #expect(Self.hasFiniteValues({ x in x.squareRoot() }, over: -10...10))
        // Defined only on [9.99, 10]: a few of the 4096 samples land there, the last at 10 itself.
        #expect(Self.hasFiniteValues({ x in (x - 9.99).squareRoot() }, over: -10...10))
        // √(−x²) is 0 at x = 0 alone, which no sample but the y-intercept meets.
        #expect(Self.hasFiniteValues({ x in (-x * x).squareRoot() }, over: -10...10))
        #expect(Self.hasFiniteValues({ x in Foundation.exp(x) }, over: 700...800))
        #expect(Self.hasFiniteValues({ x in x }, over: -1e308...1e308))
    }
}
