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
    ]

    @Test("Description numbers have no trailing .0", arguments: descriptionCases)
    func description(value: Double, text: String) {
        #expect(NumberFormat.description(value) == text)
    }
}
