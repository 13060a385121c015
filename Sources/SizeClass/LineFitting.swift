import TextCells
/// How a line too wide for its box is made to fit, counted in terminal cells (`CellWidth`):
/// wrapped at spaces onto indented continuation lines, or shortened at a space with an ellipsis.
/// A word is never cut, unless it alone is wider than the whole line.
package enum LineFitting {
    /// `line` in lines of at most `width` cells, broken at spaces. Continuation lines hang under
    /// the line's first column (the word after its first gap of two or more spaces) when the
    /// longest word still fits beside it, else two cells in from the line's own indent; never past
    /// half the width. A break goes at the widest gap of
    /// two or more spaces past a third of the line (the last of equals; where the line is full
    /// when the gap there is as wide), so a help line's entries ("n  ± (change sign)") stay whole. Every word is kept, in order; only a word
    /// wider than a whole line is split, across lines.
    package static func wrapped(_ line: String, to width: Int) -> [String] {
        let width = max(width, 1)
        guard CellWidth.of(line) > width else { return [line] }
        let indent = min(line.prefix { $0 == " " }.count, width / 2)
        let allWords = words(of: line)
        // Hanging under the first column ("a   add it …" continues under "add"), else two cells in.
        var column = indent, hanging: Int?
        for (index, word) in allWords.enumerated() {
            if index > 0 && word.gap >= 2 { hanging = column + word.gap; break }
            column += (index > 0 ? word.gap : 0) + word.cells
        }
        // Hanging only while the longest word still fits beside it: a word is never split for an indent.
        let longest = allWords.map(\.cells).max() ?? 0
        let plain = min(indent + 2, width / 2)
        let continuationIndent = hanging.map { min($0, width / 2) }.flatMap { width - $0 >= longest ? $0 : nil } ?? plain
        var lines: [String] = []
        var lineIndent = indent
        var current: [Word] = []

        func cells(of items: ArraySlice<Word>) -> Int {
            items.indices.reduce(lineIndent) { $0 + (($1 == items.startIndex) ? 0 : items[$1].gap) + items[$1].cells }
        }
        func emit(_ items: ArraySlice<Word>) {
            let text = items.indices.map { (($0 == items.startIndex) ? "" : spaces(items[$0].gap)) + items[$0].text }
            lines.append(spaces(lineIndent) + text.joined())
            lineIndent = continuationIndent
        }

        for word in allWords {
            var word = word
            while true {
                if current.isEmpty {
                    let room = width - lineIndent
                    if word.cells <= room {
                        current = [word]
                        break
                    }
                    // A word wider than the whole line: the one thing split, across lines.
                    let (head, tail) = split(word.text, cells: room)
                    emit([Word(gap: 0, text: head)])
                    word = Word(gap: 0, text: tail)
                    continue
                }
                if cells(of: current[...] + [word]) <= width {
                    current.append(word)
                    break
                }
                // The widest gap of two or more spaces past a third of the line, the last of equals,
                // unless the gap before `word` (where the line is full) is as wide.
                let columnBreaks = current.indices.dropFirst().filter {
                    current[$0].gap >= 2 && current[$0].gap > word.gap && cells(of: current[..<$0]) * 3 >= width
                }
                let widest = columnBreaks.map { current[$0].gap }.max()
                let columnBreak = columnBreaks.last { current[$0].gap == widest }
                if let columnBreak {
                    emit(current[..<columnBreak])
                    current = Array(current[columnBreak...])
                } else {
                    emit(current[...])
                    current = []
                }
            }
        }
        if !current.isEmpty { emit(current[...]) }
        return lines
    }

    /// `line` in at most `width` cells: whole, or its words up to a space that leave room for
    /// " …". When even the first word does not fit, it is cut and ends in "…".
    package static func shortened(_ line: String, to width: Int) -> String {
        guard CellWidth.of(line) > width else { return line }
        guard width > 1 else { return "" }
        var kept = "", keptCells = 0, pending = "", pendingCells = 0, hasWord = false
        for character in line {
            if character == " " {
                // `pending` ended a word: keep it if the word and " …" fit.
                if !pending.isEmpty, keptCells + pendingCells + 2 <= width, pending.contains(where: { $0 != " " }) {
                    kept += pending
                    keptCells += pendingCells
                    hasWord = true
                    pending = ""
                    pendingCells = 0
                }
                pending.append(character)
                pendingCells += 1
            } else {
                pending.append(character)
                pendingCells += CellWidth.of(character)
                if keptCells + pendingCells + 2 > width { break }
            }
        }
        guard hasWord else {
            // A first word wider than the line: cut, as nothing else could show it.
            var cut = ""
            for character in line where CellWidth.of(cut) + CellWidth.of(character) <= width - 1 { cut.append(character) }
            return cut + "…"
        }
        while kept.last == " " { kept.removeLast() }
        return kept + " …"
    }

    /// A word and the spaces before it.
    private struct Word {
        var gap: Int
        var text: String
        var cells: Int { CellWidth.of(text) }
    }

    /// `line`'s words after its indent, each with the number of spaces before it.
    private static func words(of line: String) -> [Word] {
        var words: [Word] = []
        var gap = 0
        for piece in line.split(separator: " ", omittingEmptySubsequences: false) {
            if piece.isEmpty {
                gap += 1
            } else {
                words.append(Word(gap: words.isEmpty ? 0 : gap + 1, text: String(piece)))
                gap = 0
            }
        }
        return words
    }

    /// `text` split after its first `cells` cells (at least one character).
    private static func split(_ text: String, cells: Int) -> (String, String) {
        var head = "", headCells = 0
        for character in text {
            let width = CellWidth.of(character)
            if !head.isEmpty && headCells + width > cells { break }
            head.append(character)
            headCells += width
        }
        return (head, String(text.dropFirst(head.count)))
    }

    private static func spaces(_ count: Int) -> String {
        String(repeating: " ", count: max(count, 0))
    }
}
