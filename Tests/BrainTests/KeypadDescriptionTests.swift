import Testing
import Brain

/// The display and description rules of CS193p Assignments 1 and 2.
@Suite("Keypad description and display")
struct KeypadDescriptionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let keys: String
        let description: String
        let display: String
        var testDescription: String { "\(keys) → \(description) [\(display)]" }
    }

    static let assignmentOne: [Case] = [
        Case(keys: "7 +", description: "7 + …", display: "7"),
        Case(keys: "7 + 9", description: "7 + …", display: "9"),
        Case(keys: "7 + 9 =", description: "7 + 9 =", display: "16"),
        Case(keys: "7 + 9 = √", description: "√(7 + 9) =", display: "4"),
        Case(keys: "7 + 9 = √ + 2 =", description: "√(7 + 9) + 2 =", display: "6"),
        Case(keys: "7 + 9 √", description: "7 + √(9) …", display: "3"),
        Case(keys: "7 + 9 √ =", description: "7 + √(9) =", display: "10"),
        Case(keys: "7 + 9 = + 6 = + 3 =", description: "7 + 9 + 6 + 3 =", display: "25"),
        Case(keys: "7 + 9 = √ 6 + 3 =", description: "6 + 3 =", display: "9"),
        Case(keys: "5 + 6 = 7 3", description: "5 + 6 =", display: "73"),
        Case(keys: "4 × π =", description: "4 × π =", display: "12.566371"),
    ]

    @Test("Assignment 1 examples", arguments: assignmentOne)
    func assignmentOneExamples(_ example: Case) {
        let pad = keypad(after: example.keys)
        #expect(pad.descriptionLine == example.description)
        #expect(pad.display == example.display)
    }

    @Test("Assignment 2: M as a variable, then →M re-evaluates without changing the description")
    func memoryExamples() {
        var pad = keypad(after: "9 + M = √")
        #expect(pad.descriptionLine == "√(9 + M) =")
        #expect(pad.display == "3")

        pad.press(.digit(7))
        pad.press(.setMemory)
        #expect(pad.memory == 7)
        #expect(pad.display == "4")
        #expect(pad.descriptionLine == "√(9 + M) =")

        for key in [Key.operation("+"), .digit(1), .digit(4), .operation("=")] { pad.press(key) }
        #expect(pad.descriptionLine == "√(9 + M) + 14 =")
        #expect(pad.display == "18")
    }

    static let notations: [Case] = [
        Case(keys: "7 x²", description: "(7)² =", display: "49"),
        Case(keys: "7 x³", description: "(7)³ =", display: "343"),
        Case(keys: "4 x⁻¹", description: "(4)⁻¹ =", display: "0.25"),
        Case(keys: "7 ±", description: "-(7) =", display: "-7"),
        Case(keys: "7 ± |x|", description: "|-(7)| =", display: "7"),
        Case(keys: "2 xʸ 3 =", description: "2 ^ 3 =", display: "8"),
        Case(keys: "7 − 9 =", description: "7 − 9 =", display: "-2"),
        Case(keys: "7 × 9 =", description: "7 × 9 =", display: "63"),
        Case(keys: "8 ÷ 2 =", description: "8 ÷ 2 =", display: "4"),
        Case(keys: "27 ∛", description: "∛(27) =", display: "3"),
        Case(keys: "0 cos", description: "cos(0) =", display: "1"),
        Case(keys: "1 sin⁻¹", description: "sin⁻¹(1) =", display: "1.570796"),
        Case(keys: "e ln", description: "ln(e) =", display: "1"),
        Case(keys: "1000 log", description: "log(1000) =", display: "3"),
        Case(keys: "0 eˣ", description: "e^(0) =", display: "1"),
        Case(keys: "3 10ˣ", description: "10^(3) =", display: "1000"),
        Case(keys: "7 + 9 = x²", description: "(7 + 9)² =", display: "256"),
        Case(keys: "1.5 + .5 =", description: "1.5 + 0.5 =", display: "2"),
        Case(keys: "7 + 9 = × 2 =", description: "(7 + 9) × 2 =", display: "32"),
        Case(keys: "2 + 3 × 4 =", description: "(2 + 3) × 4 =", display: "20"),
        Case(keys: "2 + ( 3 × 4 ) =", description: "2 + (3 × 4) =", display: "14"),
        Case(keys: "2 × ( 3 +", description: "2 × (3 + …", display: "3"),
        Case(keys: "2 × ( 3 + 4 =", description: "2 × (3 + 4) =", display: "14"),
        Case(keys: "( 7 + 9 ) √", description: "√(7 + 9) =", display: "4"),
        Case(keys: "7 + ×", description: "7 × …", display: "7"),
        Case(keys: "", description: "", display: "0"),
    ]

    @Test("Unary and binary notations", arguments: notations)
    func notation(_ example: Case) {
        let pad = keypad(after: example.keys)
        #expect(pad.descriptionLine == example.description)
        #expect(pad.display == example.display)
    }

    @Test("The brain's description never contains = or …")
    func brainDescriptionIsBare() {
        for example in Self.assignmentOne + Self.notations {
            let description = keypad(after: example.keys).evaluation.description
            #expect(!description.contains("=") && !description.contains("…"), "\(example.keys)")
        }
    }

    @Test("rand gives a value in [0, 1) described by its symbol")
    func random() throws {
        let pad = keypad(after: "rand")
        let value = try #require(pad.evaluation.result)
        #expect((0..<1).contains(value))
        #expect(pad.descriptionLine == "rand =")
    }
}
