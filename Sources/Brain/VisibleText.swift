/// Untrusted text made safe to show: invisible characters are named, never echoed.
///
/// Control characters, format characters such as the bidi override U+202E, separators other
/// than the space, private-use and unassigned code points print as `U+001B`, so an error
/// message can neither drive the terminal nor reorder or hide what the user sees.
package enum VisibleText {
    /// `'y'` for a visible character, `U+001B` for an invisible one.
    package static func quoted(_ character: Character) -> String {
        quoted(String(character))
    }

    /// `'sinh'` when every character is visible; otherwise visible runs in quotes and the
    /// rest named, such as `U+001B '[31m'`.
    package static func quoted(_ text: String) -> String {
        var parts: [String] = []
        var run = ""
        for scalar in text.unicodeScalars {
            if isVisible(scalar) {
                run.unicodeScalars.append(scalar)
            } else {
                if !run.isEmpty { parts.append("'\(run)'") }
                run = ""
                parts.append(name(scalar))
            }
        }
        if !run.isEmpty || parts.isEmpty { parts.append("'\(run)'") }
        return parts.joined(separator: " ")
    }

    /// Whether a scalar shows as itself: safe in a terminal, and not a separator (except the
    /// space) or private-use code point, which look like something they are not.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " { return true }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .privateUse: return false
        default: return isSafeInTerminal(scalar)
        }
    }

    /// Whether a terminal can print a scalar as it is: not a control (which it would obey), a
    /// format character (bidi overrides, zero widths), a line or paragraph separator, a surrogate
    /// or an unassigned code point.
    ///
    /// The twin of `TextCells.TerminalText.isSafe`, the one safe-text rule: Brain imports nothing
    /// of the project (ARCHITECTURE.md), so it keeps this copy, and `SafeTextRuleTests` checks
    /// that the two agree on every scalar.
    package static func isSafeInTerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: false
        default: true
        }
    }

    /// `U+001B`, `U+202E`, `U+E0001`: at least four hexadecimal digits.
    package static func name(_ scalar: Unicode.Scalar) -> String {
        "U+" + hexadecimal(scalar.value)
    }

    /// `value` as at least four upper-case hexadecimal digits, as Unicode and JSON write code units.
    package static func hexadecimal(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
