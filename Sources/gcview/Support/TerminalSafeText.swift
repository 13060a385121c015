import Brain
import TextCells

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
            if !TerminalText.isSafe(scalar) {
                result += VisibleText.name(scalar)
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
            guard !TerminalText.isSafe(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            // Every unsafe scalar is in the Basic Multilingual Plane except tag and private-use
            // format characters, which JSON writes as a surrogate pair.
            for unit in String(scalar).utf16 {
                result += "\\u" + VisibleText.hexadecimal(UInt32(unit))
            }
        }
        return result
    }
}
