/// What a terminal's graphic rendition is after a run of SGR sequences (`ESC [ … m`), decoded as
/// ECMA-48 and the xterm colour extensions define them: an independent reading of what the app writes.
package struct SGRState: Hashable, Sendable, CustomStringConvertible {
    /// A colour as SGR names it.
    package enum Color: Hashable, Sendable {
        /// 30–37 / 40–47 (0–7) and 90–97 / 100–107 (8–15).
        case ansi(Int)
        /// `38;5;n` / `48;5;n`.
        case indexed(Int)
        /// `38;2;r;g;b` / `48;2;r;g;b`.
        case rgb(Int, Int, Int)
    }

    package var isBold = false
    package var isUnderlined = false
    package var isInverse = false
    package var foreground: Color?
    package var background: Color?

    /// The terminal's default rendition.
    package init() {}

    package var description: String {
        "bold \(isBold) underline \(isUnderlined) inverse \(isInverse) fg \(String(describing: foreground)) bg \(String(describing: background))"
    }

    /// Applies one SGR sequence's parameters (`"0;1;38;2;1;2;3"`, empty for a reset); returns
    /// false when it holds a parameter this decoder does not know.
    @discardableResult
    package mutating func apply(_ parameters: String) -> Bool {
        let numbers = parameters.isEmpty ? [0] : parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? -1 }
        var index = 0
        func color() -> Color? {
            guard index + 1 < numbers.count else { return nil }
            switch numbers[index + 1] {
            case 5 where index + 2 < numbers.count:
                defer { index += 2 }
                return .indexed(numbers[index + 2])
            case 2 where index + 4 < numbers.count:
                defer { index += 4 }
                return .rgb(numbers[index + 2], numbers[index + 3], numbers[index + 4])
            default: return nil
            }
        }
        while index < numbers.count {
            let number = numbers[index]
            switch number {
            case 0: self = SGRState()
            case 1: isBold = true
            case 4: isUnderlined = true
            case 7: isInverse = true
            case 22: isBold = false
            case 24: isUnderlined = false
            case 27: isInverse = false
            case 30...37: foreground = .ansi(number - 30)
            case 90...97: foreground = .ansi(number - 90 + 8)
            case 39: foreground = nil
            case 40...47: background = .ansi(number - 40)
            case 100...107: background = .ansi(number - 100 + 8)
            case 49: background = nil
            case 38: guard let color = color() else { return false }; foreground = color
            case 48: guard let color = color() else { return false }; background = color
            default: return false
            }
            index += 1
        }
        return true
    }

    /// How many parameters an SGR sequence's parameter string holds (an empty one holds one, 0).
    package static func parameterCount(_ parameters: String) -> Int {
        parameters.split(separator: ";", omittingEmptySubsequences: false).count
    }
}
