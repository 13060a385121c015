@testable import Raster
import Testing

@Suite("Number labels")
struct NumberLabelTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let value: Double
        let step: Double
        let label: String
        var testDescription: String { "\(value) by \(step) → \(label)" }
    }

    @Test("Values print with the step's decimals and no float noise", arguments: [
        Case(value: 0.1 + 0.2, step: 0.1, label: "0.3"),
        Case(value: 1.5, step: 0.5, label: "1.5"),
        Case(value: 2, step: 0.5, label: "2.0"),
        Case(value: -0.05, step: 0.01, label: "-0.05"),
        Case(value: 1234, step: 1, label: "1234"),
        Case(value: 100, step: 50, label: "100"),
        Case(value: 0, step: 0.1, label: "0"),
        Case(value: 1e6, step: 1e6, label: "1e+06"),
        Case(value: 2.5e7, step: 5e6, label: "2.5e+07"),
        Case(value: -3e12, step: 1e12, label: "-3e+12"),
        Case(value: 0.00002, step: 0.00001, label: "2e-05"),
        Case(value: 999_999, step: 1, label: "999999"),
    ])
    func format(_ example: Case) {
        #expect(NumberLabel.format(example.value, step: example.step) == example.label)
    }

    @Test("Tick labels come from exact multiples of the step")
    func tickLabel() {
        #expect(TickLadder(mantissa: 2, exponent: 5).label(at: 6) == "1.2e+06")
        #expect(TickLadder(mantissa: 2, exponent: -2).label(at: -3) == "-0.06")
        #expect(TickLadder(mantissa: 5, exponent: 0).label(at: 7) == "35")
    }
}
