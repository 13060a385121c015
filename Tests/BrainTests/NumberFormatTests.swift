import Testing
import Brain

@Suite("Number formatting")
struct NumberFormatTests {
    static let displayCases: [(Double, String)] = [
        (7, "7"), (-0.0, "0"), (0.5, "0.5"), (1.0 / 3, "0.333333"), (2.0 / 3, "0.666667"),
        (12.566370614359172, "12.566371"), (-2.5, "-2.5"), (999_999_999_999, "999999999999"),
        (1_234_567_890_123_456, "1.234568e+15"), (1e12, "1e+12"), (1e-7, "1e-07"),
        (-1.5e-9, "-1.5e-09"), (0.000001, "0.000001"), (100, "100"),
    ]

    @Test("Display values", arguments: displayCases)
    func display(value: Double, text: String) {
        #expect(NumberFormat.display(value) == text)
    }

    static let descriptionCases: [(Double, String)] = [
        (7, "7"), (0.1, "0.1"), (-3, "-3"), (1.5, "1.5"), (0, "0"), (-0.0, "0"),
        (1e15, "1000000000000000"), (-1e15, "-1000000000000000"), (1e16, "1e+16"),
        (9_007_199_254_740_992, "9007199254740992"), (1.5e300, "1.5e+300"), (2.5e-8, "2.5e-08"),
    ]

    @Test("A description number reads back as exactly the same number", arguments: [
        1e15, 1e16, 0.1, 1.0 / 3, 123_456_789.125, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, 9_007_199_254_740_992,
    ])
    func descriptionReadsBack(value: Double) throws {
        let text = NumberFormat.description(value)
        #expect(!text.hasSuffix(".0"), "\(text)")
        #expect(try ExpressionParser.parse(text).evaluate().result == value, "\(text)")
    }

    @Test("Description numbers have no trailing .0", arguments: descriptionCases)
    func description(value: Double, text: String) {
        #expect(NumberFormat.description(value) == text)
    }
}
