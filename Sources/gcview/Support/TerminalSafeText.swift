extension String {
    /// The first line, with every character a terminal could act on or hide shown as `U+XXXX`:
    /// safe to print.
    var firstLine: String {
        let line = split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return line.sanitisedForTerminal
    }

    /// This text with control characters (C0, DEL, C1), format characters (bidi overrides and
    /// isolates, zero-width characters, the BOM) and line or paragraph separators written as
    /// `U+XXXX`, so nothing reaches the terminal that it would obey or that would reorder the line.
    var sanitisedForTerminal: String {
        var result = ""
        result.unicodeScalars.reserveCapacity(unicodeScalars.count)
        for scalar in unicodeScalars {
            if scalar.isUnsafeInTerminal {
                result += scalar.codePointName
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// JSON text with the characters `sanitisedForTerminal` names written as `\uXXXX` escapes
    /// instead: the same JSON value, and nothing raw for a terminal.
    var jsonEscapingUnsafeCharacters: String {
        var result = ""
        for scalar in unicodeScalars {
            guard scalar.isUnsafeInTerminal else {
                result.unicodeScalars.append(scalar)
                continue
            }
            // Every unsafe scalar is in the Basic Multilingual Plane except tag and private-use
            // format characters, which JSON writes as a surrogate pair.
            for unit in String(scalar).utf16 {
                result += "\\u" + String.hex(UInt32(unit))
            }
        }
        return result
    }

    /// `value` as at least four upper-case hexadecimal digits.
    fileprivate static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(4 - digits.count, 0)) + digits
    }
}

extension Unicode.Scalar {
    /// Whether a terminal could obey this character, or hide or reorder text with it.
    var isUnsafeInTerminal: Bool {
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: true
        default: false
        }
    }

    /// `U+XXXX`, the way Unicode names a code point.
    var codePointName: String { "U+" + String.hex(value) }
}
