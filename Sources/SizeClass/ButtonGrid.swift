import TextCells
/// A calculator keypad as data: rows of button labels, which are the Brain's operation symbols.
///
/// Labels are the exact Brain symbols (minus is U+2212 "−"); a few are shown as words that read
/// at small sizes (`shown(_:)`: ⌫ as "del", →M as "sto"). The graph button is "↗", which the
/// stock monospace font (DejaVu Sans Mono) has, unlike an emoji; every label is one cell per character.
/// The columns holding digits are one width, as a calculator's digit keys are one size.
package struct ButtonGrid: Equatable, Sendable {
    /// The graph button's label: "go to the graph".
    package static let graphLabel = "↗"

    /// What a button shows for a label whose symbol is hard to read in a terminal's font at 11 pt
    /// (the ⌫ glyph, the small arrow of →M): a short word, one cell a character.
    package static let shownLabels: [String: String] = ["⌫": "del", "→M": "sto"]

    /// The text the button for `label` shows.
    package static func shown(_ label: String) -> String { shownLabels[label] ?? label }

    /// Rows of labels, top to bottom; every row has the same number of buttons.
    package let rows: [[String]]

    /// The display width of the widest shown label in each column, the digit columns all as wide
    /// as the widest of them; measured once: layouts are asked for it on every key.
    package let columnWidths: [Int]

    /// The columns that hold a digit key: these are kept one width.
    package let digitColumns: Set<Int>

    /// A grid of `rows` of labels.
    package init(rows: [[String]]) {
        self.rows = rows
        let columnCount = rows.first?.count ?? 0
        let natural = (0..<columnCount).map { column in
            rows.map { row in column < row.count ? CellWidth.of(Self.shown(row[column])) : 0 }.max() ?? 0
        }
        let digits = Set((0..<columnCount).filter { column in
            rows.contains { row in column < row.count && row[column].count == 1 && row[column].first?.isWholeNumber == true }
        })
        let digitWidth = digits.map { natural[$0] }.max() ?? 0
        digitColumns = digits
        columnWidths = natural.enumerated().map { digits.contains($0.offset) ? digitWidth : $0.element }
    }

    /// Digits, the four arithmetic operations and the essentials: 4 columns × 6 rows, 18 columns wide.
    package static let compact = ButtonGrid(rows: [
        ["C", "⌫", "√", "÷"],
        ["7", "8", "9", "×"],
        ["4", "5", "6", "−"],
        ["1", "2", "3", "+"],
        ["±", "0", ".", "="],
        ["π", "M", "→M", graphLabel],
    ])

    /// Every Brain operation: 7 columns × 6 rows, 41 columns wide
    /// (rand sits left of the digits, so that the digit columns are only as wide as "del").
    package static let regular = ButtonGrid(rows: [
        ["sin", "cos", "tan", "C", "⌫", "M", "→M"],
        ["sin⁻¹", "cos⁻¹", "tan⁻¹", "7", "8", "9", "÷"],
        ["ln", "log", "π", "4", "5", "6", "×"],
        ["eˣ", "10ˣ", "e", "1", "2", "3", "−"],
        ["x²", "x³", "xʸ", "±", "0", ".", "+"],
        ["√", "∛", "rand", "|x|", "x⁻¹", graphLabel, "="],
    ])

    /// Every Brain operation in few rows for short terminals: 14 columns × 3 rows, 67 columns wide.
    package static let wide = ButtonGrid(rows: [
        ["sin", "sin⁻¹", "ln", "10ˣ", "x⁻¹", "√", "π", "7", "8", "9", "C", "÷", "−", "M"],
        ["cos", "cos⁻¹", "log", "x²", "xʸ", "∛", "e", "4", "5", "6", "⌫", "×", "+", "→M"],
        ["tan", "tan⁻¹", "eˣ", "x³", "|x|", "±", "rand", "1", "2", "3", "0", ".", "=", graphLabel],
    ])

    /// Terminal columns of padding around each label (one each side).
    package static let labelPadding = 2

    /// The number of button columns.
    var columnCount: Int { rows.first?.count ?? 0 }

    /// All labels, row by row.
    var labels: [String] { rows.flatMap { $0 } }

    /// Terminal columns needed to draw the grid: each column as wide as `columnWidths` says plus padding.
    package var minimumColumns: Int {
        columnWidths.reduce(0) { $0 + $1 + Self.labelPadding }
    }

    /// Terminal rows needed for the grid and the chrome when each button is `buttonRows` tall.
    package func minimumRows(buttonRows: Int) -> Int {
        rows.count * buttonRows + SizeClasses.chromeRows
    }
}
