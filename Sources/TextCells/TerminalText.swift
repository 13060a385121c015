/// Text from outside (a folder's name, a typed or pasted line, a reply) made safe to put in cells.
///
/// What a terminal would obey or that would change how the line reads is dropped: controls (C0,
/// DEL, C1), format characters (bidi overrides and isolates, zero-width spaces and joiners but the one
/// inside an emoji, the BOM), line and paragraph separators, surrogates and unassigned code points. A flood of
/// combining marks on one character is cut to `maximumMarks`: thousands of marks would draw as
/// one cell yet cost megabytes a frame.
package enum TerminalText {
    /// The most combining marks kept on one character (Vietnamese and Hebrew need two or three).
    package static let maximumMarks = 4

    /// Whether a terminal can print `scalar` as it is.
    package static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return (0x20...0x7E).contains(scalar.value) }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: return false
        default: return true
        }
    }

    /// Whether `scalar` combines with the one before it.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Whether `scalar` is a pictograph that a zero-width joiner may join to the next (👩‍💻).
    static func isPictograph(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar, scalar.value >= 0x2000 else { return false }
        return scalar.properties.isEmoji
    }

    /// `text` with unsafe scalars dropped and each run of marks cut to `maximumMarks`. A zero-width
    /// joiner stays only between two pictographs, where it makes one emoji.
    package static func sanitized(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var marks = 0
        let all = Array(text.unicodeScalars)
        for (index, scalar) in all.enumerated() {
            if scalar == "\u{200D}" {
                if isPictograph(scalars.last), isPictograph(index + 1 < all.count ? all[index + 1] : nil) { scalars.append(scalar) }
                continue
            }
            guard isSafe(scalar) else { continue }
            if isMark(scalar) {
                marks += 1
                if marks > maximumMarks { continue }
            } else {
                marks = 0
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
