import TextCells

/// One character cell of the screen.
public struct Cell: Hashable, Sendable {
    /// The character shown; a space when blank, and ignored in the right half of a wide character.
    public var character: Character
    /// How the character is drawn.
    public var style: CellStyle
    /// 1 for a normal cell, 2 for the left half of a wide character, 0 for its right half.
    public var width: Int

    /// A cell holding `character` in `style`.
    public init(_ character: Character, style: CellStyle = .plain, width: Int = 1) {
        self.character = character
        self.style = style
        self.width = width
    }

    /// A space in the plain style.
    public static let blank = Cell(" ")
}

/// A grid of styled character cells; `diff(from:)` produces the bytes that update only changed cells.
public struct ScreenBuffer: Hashable, Sendable {
    /// Width in cells.
    public let columns: Int
    /// Height in cells.
    public let rows: Int
    private var cells: [Cell]

    /// A blank screen of `columns` × `rows`.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    /// The cell at zero-based `column` and `row`; blank outside the screen.
    public subscript(column: Int, row: Int) -> Cell {
        contains(column: column, row: row) ? cells[row * columns + column] : .blank
    }

    /// This buffer with the rows `rows` as `other` has them (a buffer of the same size; else this one).
    public func replacingRows(_ rows: Range<Int>, from other: ScreenBuffer) -> ScreenBuffer {
        guard other.columns == columns, other.rows == self.rows else { return self }
        var copy = self
        for row in rows.clamped(to: 0..<self.rows) {
            copy.cells.replaceSubrange(row * columns..<(row + 1) * columns, with: other.cells[row * columns..<(row + 1) * columns])
        }
        return copy
    }

    private func contains(column: Int, row: Int) -> Bool {
        column >= 0 && column < columns && row >= 0 && row < rows
    }

    /// Writes `text` from `column` on `row`, sanitized, clipped at the right edge; returns the column after it.
    ///
    /// Wide characters take two cells; one that would not fit at the right edge is left out.
    @discardableResult
    public mutating func put(_ text: String, column: Int, row: Int, style: CellStyle = .plain) -> Int {
        var column = column
        guard row >= 0 && row < rows else { return column }
        for character in Self.sanitize(text) {
            let width = CellWidth.of(character)
            guard column + width <= columns else { break }
            if column >= 0 {
                breakWideCharacter(column: column, row: row)
                if width == 2 { breakWideCharacter(column: column + 1, row: row) }
                cells[row * columns + column] = Cell(character, style: style, width: width)
                if width == 2 { cells[row * columns + column + 1] = Cell(" ", style: style, width: 0) }
            }
            column += width
        }
        return column
    }

    /// Blanks the other half of a wide character that a write at `column` splits.
    private mutating func breakWideCharacter(column: Int, row: Int) {
        let index = row * columns + column
        switch cells[index].width {
        case 0 where column > 0:
            cells[index - 1] = Cell(" ", style: cells[index - 1].style)
        case 2 where column + 1 < columns:
            cells[index + 1] = Cell(" ", style: cells[index + 1].style)
        default:
            break
        }
    }

    /// The bytes that turn a terminal showing `previous` into this screen: cursor moves, SGR and changed text.
    ///
    /// A size change redraws everything after clearing. The output ends with an SGR reset when it changed style.
    public func diff(from previous: ScreenBuffer) -> [UInt8] {
        guard previous.columns == columns, previous.rows == rows else {
            return Array("\u{1B}[0m\u{1B}[2J".utf8) + diff(from: ScreenBuffer(columns: columns, rows: rows))
        }
        var output: [UInt8] = []
        var cursor: (column: Int, row: Int)?
        var style: CellStyle?
        for row in 0..<rows {
            let dirty = changedColumns(in: row, from: previous)
            for column in 0..<columns where dirty[column] {
                let cell = self[column, row]
                guard cell.width != 0 else { continue }  // drawn with its left half
                if cursor?.column != column || cursor?.row != row {
                    output += Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
                }
                if style != cell.style {
                    output += cell.style.selectGraphicRendition
                    style = cell.style
                }
                output += Array(String(cell.character).utf8)
                cursor = (column + cell.width, row)
            }
        }
        if let style, style != .plain { output += CellStyle.plain.selectGraphicRendition }
        return output
    }

    /// All bytes needed to draw this screen on a terminal in an unknown state.
    public func fullRedraw() -> [UInt8] {
        diff(from: ScreenBuffer(columns: 0, rows: 0))
    }

    /// Which columns of `row` must be rewritten, including both halves of any wide character involved.
    private func changedColumns(in row: Int, from previous: ScreenBuffer) -> [Bool] {
        var dirty = (0..<columns).map { self[$0, row] != previous[$0, row] }
        var changed = true
        while changed {
            changed = false
            for column in 0..<columns where dirty[column] {
                for buffer in [self, previous] {
                    let width = buffer[column, row].width
                    let partner = width == 0 ? column - 1 : width == 2 ? column + 1 : column
                    if partner != column, partner >= 0, partner < columns, !dirty[partner] {
                        dirty[partner] = true
                        changed = true
                    }
                }
            }
        }
        return dirty
    }

    /// `text` safe to display: `TerminalText`'s one rule.
    static func sanitize(_ text: String) -> String {
        TerminalText.sanitized(text)
    }
}
