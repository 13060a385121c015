import Foundation
import Analysis
import Raster
import Testing

/// Extremes that are 0 only because f's value underflowed: eˣ is never 0.
///
/// Zoomed out over [−200000, 10], every sample of eˣ left of −745.13 rounds to 0, and the popover
/// said "min y = 0 at x = −137580": neither that y nor that x is eˣ's. The mathematical answer is
/// that eˣ is positive everywhere, smaller than the smallest Double left of −1075·ln 2, where it
/// underflows. A 0 that f truly takes (x²·eˣ at 0) is still said as a minimum.
@Suite("Underflow: a 0 that f reaches only by rounding is said as an underflow, never as an extremum")
struct UnderflowTests {
    /// f, with nil where it is not a finite number.
    static func defined(_ f: @escaping (Double) -> Double) -> (Double) -> Double? {
        { x in let y = f(x); return y.isFinite ? y : nil }
    }

    /// Where eˣ underflows to 0: below −1075·ln 2 it is under half the smallest subnormal, 2⁻¹⁰⁷⁴.
    static let expUnderflow = -1075 * log(2.0)

    @Test("eˣ and −eˣ zoomed out: no minimum (no maximum) of 0, an underflow at −1075·ln 2",
          arguments: [-200_000.0 ... 10.0, -5_000.0 ... 10.0, -1e6 ... -1.0])
    func exponential(range: ClosedRange<Double>) throws {
        let view = Viewport(width: 1600, height: 900, xRange: range, yRange: -1...1)
        let rising = GraphStatistics.measure(Self.defined { exp($0) }, in: view)
        #expect(rising.minimum == nil, "\(rising)")
        let edge = try #require(rising.underflowBelow, "\(rising)")
        #expect(abs(edge - Self.expUnderflow) < 1e-6, "\(edge)")
        // At the view's right edge (its range as the viewport holds it, a few ulps off the one given).
        let right = view.xRange.upperBound
        #expect(rising.maximum == GraphStatistics.Extremum(x: right, y: exp(right)), "\(rising)")
        #expect(rising.underflowAbove == nil)

        let falling = GraphStatistics.measure(Self.defined { -exp($0) }, in: view)
        #expect(falling.maximum == nil, "\(falling)")
        let fallingEdge = try #require(falling.underflowAbove, "\(falling)")
        #expect(abs(fallingEdge - Self.expUnderflow) < 1e-6, "\(fallingEdge)")
        #expect(falling.underflowBelow == nil)
    }

    @Test("e^(−x²) over ±10⁶: its minimum underflows where x² passes 1075·ln 2, on one side or the other")
    func gaussian() throws {
        let statistics = GraphStatistics.measure(Self.defined { exp(-$0 * $0) }, over: -1e6...1e6, samples: 6400)
        #expect(statistics.minimum == nil, "\(statistics)")
        let edge = try #require(statistics.underflowBelow, "\(statistics)")
        #expect(abs(abs(edge) - (-Self.expUnderflow).squareRoot()) < 1e-6, "\(edge)")
        #expect(statistics.maximum == GraphStatistics.Extremum(x: 0, y: 1), "\(statistics)")
    }

    @Test("A 0 that f takes is a minimum still: x²·eˣ at 0 beside its underflow, (x − 0.3)²·eˣ between samples, max(x, 0), x²")
    func trueZeros() throws {
        let product = GraphStatistics.measure(Self.defined { $0 * $0 * exp($0) }, over: -5000...1, samples: 6400)
        #expect(product.minimum == GraphStatistics.Extremum(x: 0, y: 0), "\(product)")
        #expect(product.underflowBelow == nil)
        // Between the samples: (x − 0.3)²·eˣ is 0 at 0.3 alone, which the refinement finds.
        let shifted = GraphStatistics.measure(Self.defined { ($0 - 0.3) * ($0 - 0.3) * exp($0) }, over: -5000...1, samples: 6400)
        let least = try #require(shifted.minimum, "\(shifted)")
        #expect(least.y == 0 && abs(least.x - 0.3) < 1e-6 && shifted.underflowBelow == nil, "\(shifted)")
        let ramp = GraphStatistics.measure(Self.defined { max($0, 0) }, over: -10...10, samples: 4096)
        let bottom = try #require(ramp.minimum, "\(ramp)")
        #expect(bottom.y == 0 && bottom.x <= 0 && ramp.underflowBelow == nil, "\(ramp)")
        let square = GraphStatistics.measure(Self.defined { $0 * $0 }, over: -3...5, samples: 4096)
        #expect(square.minimum == GraphStatistics.Extremum(x: 0, y: 0) && square.underflowBelow == nil, "\(square)")
    }

    @Test("Underflowing everywhere in view: eˣ over [−10⁶, −10⁴] has no extremum, and says it underflows")
    func everywhere() throws {
        let statistics = GraphStatistics.measure(Self.defined { exp($0) }, over: -1e6 ... -1e4, samples: 4096)
        #expect(statistics.minimum == nil && statistics.maximum == nil, "\(statistics)")
        #expect(statistics.underflowBelow != nil && statistics.underflowAbove != nil, "\(statistics)")
        #expect(statistics.hasFiniteValues)
    }
}
