/// A key of the calculator keypad.
package enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A digit 0…9.
    case digit(Int)
    case decimalPoint
    /// An operation from `Operations`, by its symbol.
    case operation(String)
    /// `M`: the variable as an operand.
    case variable
    /// `→M`: stores the displayed value in M.
    case setMemory
    /// `⌫`: deletes the last typed digit, or undoes the last program step.
    case backspace
    /// `C`: clears everything, M included.
    case clear
    /// `DEG`: switches trigonometric functions between radians and degrees.
    case toggleAngleMode

    /// The key for a symbol or ASCII alias (`sqrt`, `*`, `->M`, `undo`, …), or nil if there is none.
    package init?(symbol: String) {
        if symbol.count == 1, let character = symbol.first, let value = character.wholeNumberValue,
           character.isASCII {
            self = .digit(value)
        } else if let key = Key.named[symbol] {
            self = key
        } else if let operation = Key.operationAliases[symbol] ?? (Operations.table[symbol] != nil ? symbol : nil) {
            self = .operation(operation)
        } else {
            return nil
        }
    }

    /// The keys a CLI token presses: one key, or each character of a number like `3.14`.
    package static func keys(from token: String) -> [Key]? {
        if let key = Key(symbol: token) { return [key] }
        guard !token.isEmpty, token.filter({ $0 == "." }).count <= 1 else { return nil }
        var keys: [Key] = []
        for character in token {
            if character == "." {
                keys.append(.decimalPoint)
            } else if character.isASCII, let value = character.wholeNumberValue {
                keys.append(.digit(value))
            } else {
                return nil
            }
        }
        return keys
    }

    /// The label the key shows.
    package var description: String {
        switch self {
        case .digit(let value): String(value)
        case .decimalPoint: "."
        case .operation(let symbol): symbol
        case .variable: "M"
        case .setMemory: "→M"
        case .backspace: "⌫"
        case .clear: "C"
        case .toggleAngleMode: "DEG"
        }
    }

    private static let named: [String: Key] = [
        ".": .decimalPoint,
        "M": .variable, "m": .variable,
        "→M": .setMemory, "->M": .setMemory, "setM": .setMemory,
        "⌫": .backspace, "undo": .backspace, "back": .backspace,
        "C": .clear, "clear": .clear,
        "DEG": .toggleAngleMode, "deg": .toggleAngleMode,
    ]

    private static let operationAliases: [String: String] = [
        "sqrt": "√", "cbrt": "∛", "pi": "π",
        "*": "×", "/": "÷", "-": "−",
        "neg": "±", "inv": "x⁻¹", "sq": "x²", "cube": "x³",
        "pow": "xʸ", "^": "xʸ",
        "asin": "sin⁻¹", "acos": "cos⁻¹", "atan": "tan⁻¹",
        "exp": "eˣ", "exp10": "10ˣ", "abs": "|x|",
        "sgn": "sign", "asinh": "sinh⁻¹", "acosh": "cosh⁻¹", "atanh": "tanh⁻¹", "log2": "log₂",
        "gamma": "Γ", "!": "x!", "fact": "x!",
    ]
}
