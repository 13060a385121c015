import Testing
import Brain

/// Descriptions read unambiguously and read back as the same value.
@Suite("Descriptions")
struct DescriptionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let description: String
        var testDescription: String { "\(text) → \(description)" }
    }

    @Test("Typed expressions are described unambiguously", arguments: [
        Case(text: "1e15", description: "1000000000000000"),
        Case(text: "1e16", description: "1e+16"),
        Case(text: "(-1)^x", description: "(-(1)) ^ M"),
        Case(text: "-1^x", description: "-(1 ^ M)"),
        Case(text: "(-x)^2", description: "(-(M)) ^ 2"),
        Case(text: "2^(-x)", description: "2 ^ (-(M))"),
        Case(text: "-x + 1", description: "-(M) + 1"),
        Case(text: "3 * -x", description: "3 × -(M)"),
        Case(text: "asin(x)", description: "sin⁻¹(M)"),
        Case(text: "abs(x - 1)", description: "|M − 1|"),
        Case(text: "exp(1)^x", description: "(e^(1)) ^ M"),
        Case(text: "2^exp(x)", description: "2 ^ e^(M)"),
        Case(text: "sqrt(x)^2", description: "(√(M)) ^ 2"),
        Case(text: "cbrt(pi)^x", description: "(∛(π)) ^ M"),
        Case(text: "2^sqrt(x)", description: "2 ^ √(M)"),
    ])
    func described(_ example: Case) throws {
        let program = try ExpressionParser.parse(example.text)
        #expect(program.description == example.description)
    }

    @Test("The keypad describes ± before ^ with parentheses")
    func keypadNegationBeforePower() {
        let pad = keypad(after: "1 ± xʸ M =")
        #expect(pad.descriptionLine == "(-(1)) ^ M =")
        #expect(pad.display == "1")
    }

    @Test("A description reads back with the same value", arguments: [
        "(-1)^x", "-1^x", "2^-x^2", "sqrt(x + 7) * 2 / 4 - 1", "asin(x/4) + acos(x/4)", "abs(abs(x) - 3)",
        "exp(x) - e^x", "cbrt(x) + 10^x", "1e15 + x", "--x", "(x+1)(x-1)",
    ])
    func readsBack(text: String) throws {
        let program = try ExpressionParser.parse(text)
        let again = try ExpressionParser.parse(program.description)
        for x in [-1.5, 0, 0.5, 2] {
            #expect(agree(program.evaluate(at: x).result, again.evaluate(at: x).result, tolerance: 1e-12),
                    "\(program.description) at \(x)")
        }
    }

    @Test("Readings that magnify the last bit agree exactly", arguments: [
        // Found by the property tests: each pair once differed by a few ulps, which tan, sin or
        // an even power of a negative square root made visible.
        "sqrt(8 / (x / 10)) ^ 8", "sqrt(tan(pi)) ^ x", "tan(exp(6 / x + tan(1.5)))", "sin(exp(10) ^ (6 - e) * 4)",
        "exp(11 - e) + tan(exp(11 * e))", "tan(((pi^3)^3)^3)",
    ])
    func readsBackExactly(text: String) throws {
        let program = try ExpressionParser.parse(text)
        let again = try ExpressionParser.parse(program.description)
        for x in [-2.5, -1, 0, 0.5, 1, 3] {
            let (first, second) = (program.evaluate(at: x), again.evaluate(at: x))
            #expect(first.result == second.result && first.error == second.error, "\(program.description) at \(x)")
        }
    }

    @Test("e ^ y is exp(y) and x³ is x ^ 3, to the last bit", arguments: ["2.5 ±", "0.5", "29.9", "701.3"])
    func powersAgreeWithTheirKeys(y: String) {
        #expect(keypad(after: "e xʸ \(y) =").evaluation.result == keypad(after: "\(y) eˣ").evaluation.result)
        #expect(keypad(after: "\(y) xʸ 3 =").evaluation.result == keypad(after: "\(y) x³").evaluation.result)
    }

    @Test("Keypad notations read back", arguments: ["7 x²", "7 x³", "4 x⁻¹", "7 ± |x|", "3 10ˣ", "1 sin⁻¹", "7 + 9 = x²"])
    func keypadNotationsReadBack(keys: String) throws {
        let pad = keypad(after: keys)
        let again = try ExpressionParser.parse(pad.evaluation.description)
        #expect(again.evaluate().result == pad.evaluation.result, "\(pad.evaluation.description)")
    }
}
