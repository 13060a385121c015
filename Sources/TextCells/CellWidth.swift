/// Terminal cell widths: 2 for emoji presentation and East Asian Wide characters, 1 for everything else.
///
/// Enough for ASCII, the calculator symbols (π, √, ⁻¹, →, …, one cell) and emoji (two cells).
package enum CellWidth {
    /// Cells taken by `character`.
    package static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Cells taken by `text`.
    package static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }
}
