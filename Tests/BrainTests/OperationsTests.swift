import Testing
@testable import Brain

/// The one symbol table both keypads draw from.
@Suite("Operations table")
struct OperationsTests {
    @Test("Symbols in keypad order with kinds")
    func kinds() {
        #expect(Operations.symbols.count == Set(Operations.symbols).count)
        #expect(Operations.all.map(\.symbol) == Operations.symbols)
        #expect(Operations.kind(of: "π") == .constant)
        #expect(Operations.kind(of: "rand") == .nullary)
        #expect(Operations.kind(of: "√") == .unary)
        #expect(Operations.kind(of: "−") == .binary)
        #expect(Operations.kind(of: "=") == .equals)
        #expect(Operations.kind(of: "(") == .openGroup)
        #expect(Operations.kind(of: "-") == nil)
        let required = ["π", "e", "√", "∛", "sin", "cos", "tan", "sin⁻¹", "cos⁻¹", "tan⁻¹", "ln", "log",
                        "eˣ", "10ˣ", "x²", "x³", "x⁻¹", "±", "|x|", "+", "−", "×", "÷", "xʸ", "=", "rand"]
        for symbol in required { #expect(Operations.symbols.contains(symbol), "\(symbol)") }
    }
}
