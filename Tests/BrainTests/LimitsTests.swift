import Foundation
import Testing
@testable import Brain

/// Limits give clear, typed errors; long and deep programs neither crash nor slow down.
@Suite("Limits")
struct LimitsTests {
    static func parseError(_ text: String) -> ExpressionError? {
        do {
            _ = try ExpressionParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("100 000 '(' is a nesting error, not a stack overflow")
    func hundredThousandParentheses() {
        let error = Self.parseError(String(repeating: "(", count: 100_000))
        #expect(error == .nestedTooDeeply(at: ExpressionParser.maximumNesting + 1))
        #expect(error?.description == "nested more than 256 levels deep at column 257")
    }

    struct NestingCase: CustomTestStringConvertible, Sendable {
        let name: String
        let open: String
        let close: String
        var testDescription: String { name }
    }

    @Test("Nesting up to the limit parses, one more level does not", arguments: [
        NestingCase(name: "parentheses", open: "(", close: ")"),
        NestingCase(name: "function calls", open: "sin(", close: ")"),
        NestingCase(name: "absolute value bars", open: "|", close: "|"),
        NestingCase(name: "roots", open: "√", close: ""),
    ])
    func nestingLimit(_ example: NestingCase) throws {
        let limit = ExpressionParser.maximumNesting
        func nested(_ depth: Int) -> String {
            String(repeating: example.open, count: depth) + "x" + String(repeating: example.close, count: depth)
        }
        let program = try ExpressionParser.parse(nested(limit))
        #expect(program.evaluate(at: 0.5).error == nil)
        #expect(Self.parseError(nested(limit + 1))?.message == "nested more than 256 levels deep")
    }

    @Test("An expression longer than the limit is refused before it is read")
    func lengthLimit() throws {
        let longest = String(repeating: "1+", count: ExpressionParser.maximumLength / 2 - 1) + "10"
        #expect(longest.count == ExpressionParser.maximumLength)
        #expect(try ExpressionParser.parse(longest).evaluate().result == Double(ExpressionParser.maximumLength / 2 + 9))
        let error = Self.parseError(longest + "0")
        #expect(error == .tooLong(characters: ExpressionParser.maximumLength + 1))
        #expect(error?.description == "expression too long: 100001 characters, at most 100000")
    }

    struct ChainCase: CustomTestStringConvertible, Sendable {
        let link: String
        let links: Int
        let last: String
        let value: Double
        var testDescription: String { "\(link)\(link)…\(last)" }
        var text: String { String(repeating: link, count: links) + last }
    }

    @Test("Chains as long as the length limit allows cost no stack", arguments: [
        ChainCase(link: "1^", links: 49_999, last: "1", value: 1),
        ChainCase(link: "1+", links: 49_999, last: "1", value: 50_000),
        ChainCase(link: "-", links: 99_999, last: "1", value: -1),
        ChainCase(link: "x*", links: 49_999, last: "x", value: 1),
        ChainCase(link: "x/", links: 49_999, last: "x", value: 1),
    ])
    func longChains(_ example: ChainCase) throws {
        #expect(example.text.count <= ExpressionParser.maximumLength)
        let program = try ExpressionParser.parse(example.text)
        let evaluation = program.evaluate(at: 1)
        #expect(evaluation.result == example.value)
        #expect(program.function(of: "M")(1) == example.value)
        #expect(!evaluation.description.isEmpty)
        #expect(program.infixExpression.hasPrefix(example.link.first.map(String.init) ?? ""))
    }

    @Test("The 20 000-term right-nested power evaluates, describes and reads back")
    func rightNestedPower() throws {
        let text = Array(repeating: "1", count: 20_000).joined(separator: "^")
        let program = try ExpressionParser.parse(text)
        // 1, then ^ 1 for each further term, parentheses around all but the innermost power, then =.
        #expect(program.steps.count == 1 + 19_999 * 2 + 19_998 * 2 + 1)
        #expect(program.evaluate(at: 0).result == 1)
        let description = program.description
        #expect(description.hasPrefix("1 ^ (1 ^ (1 ^ "))
        #expect(description.hasSuffix("1 ^ 1" + String(repeating: ")", count: 19_998)))
        #expect(try ExpressionParser.parse(program.infixExpression) == program)
    }

    @Test("A program JSON with more steps than allowed is a typed error")
    func stepLimitInJSON() throws {
        let steps = Array(repeating: "1", count: Program.maximumStepCount + 1).joined(separator: ",")
        #expect(throws: ProgramError.tooManySteps(Program.maximumStepCount + 1)) {
            try Program(jsonData: Data("{\"steps\":[\(steps)]}".utf8))
        }
        let longest = Program(steps: (0..<Program.maximumStepCount / 2).flatMap { _ in
            [Program.Step.number(1), .operation("+")]
        })
        #expect(try Program(jsonData: longest.jsonData()).evaluate().result == Double(Program.maximumStepCount / 2))
    }

    @Test("The keypad refuses a step beyond the limit, says so, and recovers")
    func keypadLimit() {
        var pad = Keypad()
        let almostFull = (0..<(Program.maximumStepCount - 1) / 2).flatMap { _ in
            [Program.Step.number(1), .operation("+")]
        }
        pad.program = Program(steps: almostFull + [.number(1)])
        #expect(pad.program.steps.count == Program.maximumStepCount - 1)
        pad.press(.operation("+"))
        #expect(!pad.isFull)
        #expect(pad.program.steps.count == Program.maximumStepCount)
        pad.press(.digit(2))
        pad.press(.operation("="))
        #expect(pad.isFull)
        #expect(pad.display == "Error: program full (200000 steps)")
        #expect(pad.program.steps.count == Program.maximumStepCount)
        pad.press(.backspace)
        #expect(!pad.isFull)
        pad.press(.clear)
        #expect(pad.program.isEmpty)
    }

    @Test("Each key press replays one step, not the whole program")
    func pressesCostOneStepEach() {
        let counter = StepCounter()
        var pad = Keypad()
        StepCounter.$current.withValue(counter) {
            for _ in 0..<2_000 {
                pad.press(.digit(1))
                pad.press(.operation("+"))
            }
            pad.press(.digit(1))
            pad.press(.operation("="))
            _ = pad.display
        }
        #expect(pad.program.steps.count == 4_002)
        #expect(counter.value == 4_002)
        #expect(pad.evaluation.result == 2_001)
        // ⌫ undoes a step by replaying the rest once: linear, not per step.
        StepCounter.$current.withValue(counter) { pad.press(.backspace) }
        #expect(counter.value == 4_002 + 4_001)
    }
}
