@testable import Raster
import Testing

@Suite("Tick ladder")
struct TickLadderTests {
    struct StepCase: Sendable, CustomTestStringConvertible {
        let pixelsPerUnit: Double
        let mantissa: Int
        let exponent: Int
        var testDescription: String { "\(pixelsPerUnit) px/unit → \(mantissa)e\(exponent)" }
    }

    @Test("Steps climb 1-2-5 with at least 50 px between ticks", arguments: [
        StepCase(pixelsPerUnit: 50, mantissa: 1, exponent: 0),
        StepCase(pixelsPerUnit: 48, mantissa: 2, exponent: 0),
        StepCase(pixelsPerUnit: 15, mantissa: 5, exponent: 0),
        StepCase(pixelsPerUnit: 7, mantissa: 1, exponent: 1),
        StepCase(pixelsPerUnit: 100, mantissa: 5, exponent: -1),
        StepCase(pixelsPerUnit: 1e-6, mantissa: 5, exponent: 7),
        StepCase(pixelsPerUnit: 3e5, mantissa: 2, exponent: -4),
    ])
    func step(_ example: StepCase) {
        let ladder = TickLadder(pixelsPerUnit: example.pixelsPerUnit, minimumSpacing: 50)
        #expect(ladder.mantissa == example.mantissa)
        #expect(ladder.exponent == example.exponent)
        #expect(ladder.step * example.pixelsPerUnit >= 50 * (1 - 1e-12))
    }

    struct RangeCase: Sendable, CustomTestStringConvertible {
        let ladder: TickLadder
        let range: ClosedRange<Double>
        let indices: ClosedRange<Int>
        let firstLabel: String
        var testDescription: String { "\(range) by \(ladder.step) → first \(firstLabel)" }
    }

    @Test("The first tick is ceil(min / step) and ticks stay inside the range", arguments: [
        RangeCase(ladder: TickLadder(mantissa: 2, exponent: 0), range: -5...5, indices: -2...2, firstLabel: "-4"),
        RangeCase(ladder: TickLadder(mantissa: 1, exponent: -1), range: 0.25...0.75, indices: 3...7, firstLabel: "0.3"),
        RangeCase(ladder: TickLadder(mantissa: 1, exponent: -1), range: 0.3...0.6, indices: 3...6, firstLabel: "0.3"),
        RangeCase(ladder: TickLadder(mantissa: 5, exponent: -1), range: -1.2...1.3, indices: -2...2, firstLabel: "-1.0"),
        RangeCase(ladder: TickLadder(mantissa: 1, exponent: 6), range: 2.5e6...5e6, indices: 3...5, firstLabel: "3e+06"),
        RangeCase(ladder: TickLadder(mantissa: 1, exponent: 0), range: 1e9...(1e9 + 3), indices: 1_000_000_000...1_000_000_003, firstLabel: "1e+09"),
    ])
    func ticks(_ example: RangeCase) throws {
        let indices = try #require(example.ladder.indices(in: example.range))
        #expect(indices == example.indices)
        #expect(example.ladder.label(at: indices.lowerBound) == example.firstLabel)
        #expect(example.range.contains(example.ladder.value(at: indices.lowerBound)))
        #expect(example.range.contains(example.ladder.value(at: indices.upperBound)))
    }

    @Test("A range between two ticks has none")
    func emptyRange() {
        #expect(TickLadder(mantissa: 1, exponent: 0).indices(in: 0.2...0.8) == nil)
    }
}
