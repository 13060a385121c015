import Testing
import Brain

/// Typing, ⌫, C, →M and M on the keypad.
@Suite("Keypad editing")
struct KeypadEditingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let keys: String
        let description: String
        let display: String
        var testDescription: String { "\(keys) → \(description) [\(display)]" }
    }

    static let cases: [Case] = [
        Case(keys: "1 . 5 . 2", description: "", display: "1.52"),
        Case(keys: ". 5", description: "", display: "0.5"),
        Case(keys: "0 0 7", description: "", display: "7"),
        Case(keys: "1 2 3 ⌫", description: "", display: "12"),
        Case(keys: "1 ⌫", description: "", display: "0"),
        Case(keys: "7 + 9 = ⌫", description: "7 + 9 …", display: "9"),
        Case(keys: "7 + 9 = ⌫ ⌫", description: "7 + …", display: "7"),
        Case(keys: "7 + 9 = ⌫ ⌫ ⌫", description: "7 =", display: "7"),
        Case(keys: "7 + 9 = ⌫ ⌫ ⌫ ⌫", description: "", display: "0"),
        Case(keys: "7 + 9 = 4 ⌫", description: "7 + 9 =", display: "16"),
        Case(keys: "7 + 9 = √ ⌫", description: "7 + 9 =", display: "16"),
        Case(keys: "7 + 9 = C", description: "", display: "0"),
        Case(keys: "7 + M =", description: "7 + M =", display: "7"),
        Case(keys: "7 + 9 = M", description: "M =", display: "0"),
        Case(keys: "7 + 9 = π", description: "π =", display: "3.141593"),
        Case(keys: "7 + 3 π", description: "7 + π …", display: "3.141593"),
        Case(keys: "3 →M M + 1 =", description: "M + 1 =", display: "4"),
    ]

    @Test("Typing and editing", arguments: cases)
    func editing(_ example: Case) {
        let pad = keypad(after: example.keys)
        #expect(pad.descriptionLine == example.description)
        #expect(pad.display == example.display)
    }

    @Test("Typing state and typed text")
    func typingState() {
        var pad = keypad(after: "7 + 4 2")
        #expect(pad.isTyping)
        #expect(pad.typedText == "42")
        pad.press(.operation("="))
        #expect(!pad.isTyping)
        #expect(pad.typedText == nil)
        #expect(pad.display == "49")
    }

    @Test("A second decimal point is ignored")
    func oneDecimalPoint() {
        #expect(keypad(after: "3 . 1 . 4 .").typedText == "3.14")
    }

    @Test("C clears the program and M")
    func clearForgetsMemory() {
        var pad = keypad(after: "5 →M M + 1 =")
        #expect(pad.display == "6")
        pad.press(.clear)
        #expect(pad.memory == nil)
        #expect(pad.program.isEmpty)
        #expect(pad == Keypad())
        for key in [Key.variable, .operation("=")] { pad.press(key) }
        #expect(pad.display == "0")
    }

    @Test("→M takes the displayed result when not typing")
    func setMemoryFromResult() {
        var pad = keypad(after: "6 × 7 =")
        pad.press(.setMemory)
        #expect(pad.memory == 42)
        #expect(pad.descriptionLine == "6 × 7 =")
    }

    @Test("canGraph needs a program with nothing pending")
    func canGraph() {
        #expect(!Keypad().canGraph)
        #expect(!keypad(after: "M +").canGraph)
        #expect(keypad(after: "M sin").canGraph)
        #expect(keypad(after: "M + 1 =").canGraph)
    }

    @Test("Setting the program replaces it and stops typing")
    func settingProgram() {
        var pad = keypad(after: "1 2")
        pad.program = Program(steps: [.number(7), .operation("+"), .variable("M"), .operation("=")])
        pad.memory = 2
        #expect(!pad.isTyping)
        #expect(pad.descriptionLine == "7 + M =")
        #expect(pad.display == "9")
    }

    @Test("Errors show on the display and leave the description intact")
    func errorDisplay() {
        let pad = keypad(after: "1 ÷ 0 =")
        #expect(pad.display == "Error: division by zero")
        #expect(pad.descriptionLine == "1 ÷ 0 =")
        #expect(pad.evaluation.result == nil)
    }
}

/// A flood of digits (a paste, or a reply's tail a hostile terminal sends late) stops at the
/// display's length and costs little (found by scripts/fuzz-terminal: 2 MiB of 9s froze the app).
@Suite("Keypad digit flood")
struct KeypadDigitFloodTests {
    @Test("digits past the longest number are ignored")
    func flood() {
        var keypad = Keypad()
        for _ in 0..<200_000 { keypad.press(.digit(9)) }
        keypad.press(.decimalPoint)
        #expect(keypad.typedText == String(repeating: "9", count: Keypad.maximumTypedLength))
        #expect(keypad.display.count == Keypad.maximumTypedLength)
        keypad.press(.backspace)
        keypad.press(.decimalPoint)
        keypad.press(.digit(5))
        #expect(keypad.typedText == String(repeating: "9", count: Keypad.maximumTypedLength - 1) + ".")
    }
}
