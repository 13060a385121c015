/// Text made safe for XML character data and attribute values.
enum XMLText {
    /// `text` with `& < > " '` escaped and every control character (C0, DEL, C1) and XML
    /// non-character (U+FFFE, U+FFFF) left out, so any label is well-formed XML.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
