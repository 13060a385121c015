/// Untrusted text made safe to show: invisible characters are named, never echoed.
///
/// Control characters, format characters such as the bidi override U+202E, separators other
/// than the space, private-use and unassigned code points print as `U+001B`, so an error
/// message can neither drive the terminal nor reorder or hide what the user sees.
public enum VisibleText {
    /// `'y'` for a visible character, `U+001B` for an invisible one.
    public static func quoted(_ character: Character) -> String {
        quoted(String(character))
    }

    /// `'sinh'` when every character is visible; otherwise visible runs in quotes and the
    /// rest named, such as `U+001B '[31m'`.
    public static func quoted(_ text: String) -> String {
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

    /// Whether a scalar shows as itself: not a control, format, separator (except the space),
    /// private-use, surrogate or unassigned code point.
    public static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator,
             .privateUse, .surrogate, .unassigned:
            return false
        default:
            return true
        }
    }

    /// `U+001B`, `U+202E`, `U+E0001`: at least four hexadecimal digits.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
