/// The parameters and final byte of one `CSI` sequence, and what they mean as keys, mouse reports or replies.
struct ControlSequence {
    /// Parameter bytes (0x30–0x3F) between `CSI` and the final byte.
    let parameters: [UInt8]
    /// The final byte (0x40–0x7E).
    let final: UInt8

    /// A leading `<`, `=`, `>` or `?`, which marks private sequences (mouse reports and replies).
    var privateMarker: UInt8? {
        guard let first = parameters.first, (0x3C...0x3F).contains(first) else { return nil }
        return first
    }

    /// The numeric parameters separated by `;` (sub-parameters after `:` ignored); empty ones are nil.
    var numbers: [Int?] {
        let body = privateMarker == nil ? parameters[...] : parameters.dropFirst()
        guard !body.isEmpty else { return [] }
        return body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            let digits = field.prefix { $0 != UInt8(ascii: ":") }
            guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }), digits.count < 10 else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
    }

    /// Whether the sequence is a report from the terminal rather than a key:
    /// window reports (`t`), cursor position reports (`R` with parameters) and status reports (`n`).
    var isReport: Bool {
        switch final {
        case UInt8(ascii: "t"), UInt8(ascii: "n"): true
        case UInt8(ascii: "R"): !parameters.isEmpty
        default: false
        }
    }

    /// The SGR mouse event of `CSI < b ; x ; y M` (press) or `m` (release), if well formed.
    var sgrMouse: MouseEvent? {
        let values = numbers
        guard values.count == 3, let code = values[0], let column = values[1], let row = values[2] else { return nil }
        return MouseEvent(code: code, oneBasedColumn: column, oneBasedRow: row, isRelease: final == UInt8(ascii: "m"))
    }

    /// The key of a cursor, editing or function key sequence; of the modifier parameters only
    /// Shift on an arrow is kept (`.shifted(.left)`), the others are ignored.
    var key: KeyPress? {
        switch final {
        case UInt8(ascii: "A"): return shiftedIfHeld(.up)
        case UInt8(ascii: "B"): return shiftedIfHeld(.down)
        case UInt8(ascii: "C"): return shiftedIfHeld(.right)
        case UInt8(ascii: "D"): return shiftedIfHeld(.left)
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "P"): return .function(1)
        case UInt8(ascii: "Q"): return .function(2)
        case UInt8(ascii: "R"): return .function(3)  // only without parameters; with them it is a cursor report
        case UInt8(ascii: "S"): return .function(4)
        case UInt8(ascii: "~"):
            guard let first = numbers.first, let code = first else { return nil }
            return Self.tildeKeys[code]
        default: return nil
        }
    }

    /// `key`, shifted when the sequence's modifier parameter (`1 + bits`, Shift the lowest: 2, 4,
    /// 6, 8 …) holds Shift.
    private func shiftedIfHeld(_ key: KeyPress) -> KeyPress {
        let values = numbers
        guard privateMarker == nil, values.count == 2, let modifier = values[1], modifier >= 2,
              (modifier - 1) & 1 == 1 else { return key }
        return .shifted(key)
    }

    static let tildeKeys: [Int: KeyPress] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
    ]
}
