import Testing
@testable import Brain

/// A keypad after pressing the keys of a space-separated sequence such as "7 + 9 = √".
func keypad(after sequence: String) -> Keypad {
    var keypad = Keypad()
    for token in sequence.split(separator: " ") {
        guard let keys = Key.keys(from: String(token)) else {
            Issue.record("unknown key '\(token)' in '\(sequence)'")
            return keypad
        }
        for key in keys { keypad.press(key) }
    }
    return keypad
}

/// Whether two optional results agree: both nil, or within a relative tolerance.
func agree(_ a: Double?, _ b: Double?, tolerance: Double = 1e-9) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (x?, y?):
        if x.isNaN && y.isNaN { return true }
        return abs(x - y) <= tolerance * max(1, abs(x), abs(y))
    default: return false
    }
}

/// A program parsed from text, failing the test on a parse error.
func parsed(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Program? {
    do {
        return try ExpressionParser.parse(text)
    } catch {
        Issue.record("'\(text)' failed to parse: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
