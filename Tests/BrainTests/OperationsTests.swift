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

    @Test("The functions of issue 12 are operations of the right kind", arguments: [
        ("floor", OperationKind.unary), ("ceil", .unary), ("trunc", .unary), ("round", .unary), ("sign", .unary),
        ("sinh", .unary), ("cosh", .unary), ("tanh", .unary), ("sinh⁻¹", .unary), ("cosh⁻¹", .unary), ("tanh⁻¹", .unary),
        ("log₂", .unary), ("sec", .unary), ("csc", .unary), ("cot", .unary), ("Γ", .unary), ("x!", .unary),
        ("mod", .binary), ("min", .binary), ("max", .binary),
    ])
    func newOperations(symbol: String, kind: OperationKind) {
        #expect(Operations.kind(of: symbol) == kind)
    }

    @Test("Every function name the parser knows is an operation's or an alias")
    func functionNames() {
        #expect(Set(Operations.functionNames.keys).isSuperset(of: [
            "floor", "ceil", "trunc", "round", "sign", "sgn", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
            "log2", "sec", "csc", "cot", "gamma",
        ]))
        #expect(Set(Operations.callNames.keys) == ["mod", "min", "max"])
        #expect(Operations.functionNames["sgn"]?.symbol == "sign")
    }
}
