import Testing
@testable import Brain

@Suite("Key parsing")
struct KeyTests {
    @Test("Aliases and symbols", arguments: [
        ("sqrt", Key.operation("√")), ("√", .operation("√")), ("cbrt", .operation("∛")),
        ("pi", .operation("π")), ("π", .operation("π")), ("e", .operation("e")),
        ("*", .operation("×")), ("/", .operation("÷")), ("-", .operation("−")), ("+", .operation("+")),
        ("neg", .operation("±")), ("inv", .operation("x⁻¹")), ("sq", .operation("x²")), ("cube", .operation("x³")),
        ("pow", .operation("xʸ")), ("^", .operation("xʸ")), ("asin", .operation("sin⁻¹")),
        ("acos", .operation("cos⁻¹")), ("atan", .operation("tan⁻¹")), ("exp", .operation("eˣ")),
        ("exp10", .operation("10ˣ")), ("abs", .operation("|x|")), ("ln", .operation("ln")),
        ("log", .operation("log")), ("rand", .operation("rand")), ("=", .operation("=")),
        ("undo", .backspace), ("back", .backspace), ("⌫", .backspace),
        ("C", .clear), ("clear", .clear), ("->M", .setMemory), ("→M", .setMemory), ("setM", .setMemory),
        ("M", .variable), ("m", .variable), (".", .decimalPoint), ("7", .digit(7)),
        ("floor", .operation("floor")), ("mod", .operation("mod")), ("sgn", .operation("sign")),
        ("asinh", .operation("sinh⁻¹")), ("acosh", .operation("cosh⁻¹")), ("atanh", .operation("tanh⁻¹")),
        ("log2", .operation("log₂")), ("gamma", .operation("Γ")), ("Γ", .operation("Γ")), ("!", .operation("x!")),
        ("fact", .operation("x!")),
    ])
    func alias(symbol: String, key: Key) {
        #expect(Key(symbol: symbol) == key)
    }

    @Test("Unknown keys", arguments: ["foo", "x", "", "sech", "1.2.3", "12a"])
    func unknown(token: String) {
        #expect(Key.keys(from: token) == nil)
    }

    @Test("Every operation symbol is a key")
    func everySymbolIsAKey() {
        for symbol in Operations.symbols {
            #expect(Key(symbol: symbol) == .operation(symbol))
        }
    }

    @Test("A number token presses each digit")
    func numberToken() {
        #expect(Key.keys(from: "3.14") == [.digit(3), .decimalPoint, .digit(1), .digit(4)])
        #expect(Key.keys(from: "42") == [.digit(4), .digit(2)])
        #expect(Key.keys(from: "sin") == [.operation("sin")])
    }
}
