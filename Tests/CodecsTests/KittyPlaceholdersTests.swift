import Codecs
import Raster
import Testing

/// kitty's Unicode placeholders: the table of row and column marks, the cells that name an image,
/// and tmux's passthrough around kitty's sequences.
@Suite("kitty placeholders and tmux passthrough")
struct KittyPlaceholdersTests {
    @Test("The marks: 297 of them, ascending, each a non-spacing mark above the base (combining class 230), from U+0305")
    func diacriticsFollowTheirRule() throws {
        let marks = (0..<KittyPlaceholders.largestSpan).map(KittyPlaceholders.diacritic)
        #expect(marks.count == 297)
        #expect(marks.first == "\u{0305}" && marks.last == "\u{1D244}")
        #expect(zip(marks, marks.dropFirst()).allSatisfy { $0.value < $1.value }, "ascending, each once")
        for mark in marks {
            #expect(mark.properties.generalCategory == .nonspacingMark, "U+\(String(mark.value, radix: 16))")
            #expect(mark.properties.canonicalCombiningClass == .above, "U+\(String(mark.value, radix: 16))")
            // No decomposition: a mark normalization could fuse with its base is left out.
            #expect(String(mark).unicodeScalars.count == 1)
        }
        // The ones kitty leaves out, though they are of the same class, are not there.
        for excluded: Unicode.Scalar in ["\u{0300}", "\u{0301}", "\u{0308}", "\u{0313}", "\u{0342}", "\u{0653}"] {
            #expect(!marks.contains(excluded))
        }
    }

    @Test("Cells of image 0x0A0B0C, 3 rows of 4: each line sets the id as its colour, each cell is U+10EEEE, its row's mark, its column's")
    func lines() throws {
        let lines = try #require(KittyPlaceholders.lines(imageID: 0x0A0B0C, rows: 3, columns: 4))
        #expect(lines.count == 3)
        for (row, line) in lines.enumerated() {
            #expect(line.hasPrefix("\u{1B}[38;2;10;11;12m") && line.hasSuffix("\u{1B}[39m"))
            let cells = Array(line.unicodeScalars.dropFirst("\u{1B}[38;2;10;11;12m".unicodeScalars.count).dropLast(5))
            #expect(cells.count == 12)
            for column in 0..<4 {
                #expect(cells[3 * column] == KittyPlaceholders.placeholder)
                #expect(cells[3 * column + 1] == KittyPlaceholders.diacritic(row))
                #expect(cells[3 * column + 2] == KittyPlaceholders.diacritic(column))
            }
        }
        #expect(KittyPlaceholders.lines(imageID: 0, rows: 1, columns: 1) == nil)
        #expect(KittyPlaceholders.lines(imageID: 0x100_0000, rows: 1, columns: 1) == nil)
        #expect(KittyPlaceholders.lines(imageID: 1, rows: 298, columns: 1) == nil)
        #expect(KittyPlaceholders.lines(imageID: 1, rows: 1, columns: 0) == nil)
    }

    @Test("Passthrough: each sequence wrapped on its own, ESC doubled inside, nothing lost")
    func passthrough() {
        let two = Array("\u{1B}_Ga=T,m=1;QUJD\u{1B}\\\u{1B}_Gm=0;REVG\u{1B}\\".utf8)
        let wrapped = String(decoding: TmuxPassthrough.wrapEach(two), as: UTF8.self)
        #expect(wrapped == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,m=1;QUJD\u{1B}\u{1B}\\\u{1B}\\"
                + "\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0;REVG\u{1B}\u{1B}\\\u{1B}\\")
        // Unwrapping gives the input back.
        var unwrapped = [UInt8](), bytes = TmuxPassthrough.wrapEach(two), index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: Array("\u{1B}Ptmux;".utf8)) { index += 7; continue }
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x1B { unwrapped.append(0x1B); index += 2; continue }
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") { index += 2; continue }
            unwrapped.append(bytes[index]); index += 1
        }
        #expect(unwrapped == two)
    }
}
