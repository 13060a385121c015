/// A calculator keypad as data: rows of button labels, which are the Brain's operation symbols.
///
/// Labels are the exact Brain symbols (minus is U+2212 "−"). The graph button is "↗", which the
/// stock monospace font (DejaVu Sans Mono) has, unlike an emoji; every label is one cell per character.
public struct ButtonGrid: Equatable, Sendable {
    /// The graph button's label: "go to the graph".
    public static let graphLabel = "↗"

    /// Rows of labels, top to bottom; every row has the same number of buttons.
    public let rows: [[String]]

    /// The display width of the widest label in each column, measured once: layouts are asked
    /// for it on every key.
    public let columnWidths: [Int]

    /// A grid of `rows` of labels.
    public init(rows: [[String]]) {
        self.rows = rows
        let columnCount = rows.first?.count ?? 0
        columnWidths = (0..<columnCount).map { column in
            rows.map { row in column < row.count ? CellWidth.of(row[column]) : 0 }.max() ?? 0
        }
    }

    /// Digits, the four arithmetic operations and the essentials: 4 columns × 6 rows, 14 columns wide.
    public static let compact = ButtonGrid(rows: [
        ["C", "⌫", "√", "÷"],
        ["7", "8", "9", "×"],
        ["4", "5", "6", "−"],
        ["1", "2", "3", "+"],
        ["±", "0", ".", "="],
        ["π", "M", "→M", graphLabel],
    ])

    /// Every Brain operation: 7 columns × 6 rows, 40 columns wide.
    public static let regular = ButtonGrid(rows: [
        ["sin", "cos", "tan", "C", "⌫", "M", "→M"],
        ["sin⁻¹", "cos⁻¹", "tan⁻¹", "7", "8", "9", "÷"],
        ["ln", "log", "π", "4", "5", "6", "×"],
        ["eˣ", "10ˣ", "e", "1", "2", "3", "−"],
        ["x²", "x³", "xʸ", "±", "0", ".", "+"],
        ["√", "∛", "x⁻¹", "|x|", "rand", graphLabel, "="],
    ])

    /// Every Brain operation in few rows for short terminals: 14 columns × 3 rows, 58 columns wide.
    public static let wide = ButtonGrid(rows: [
        ["sin", "sin⁻¹", "ln", "10ˣ", "x⁻¹", "√", "π", "7", "8", "9", "C", "÷", "−", "M"],
        ["cos", "cos⁻¹", "log", "x²", "xʸ", "∛", "e", "4", "5", "6", "⌫", "×", "+", "→M"],
        ["tan", "tan⁻¹", "eˣ", "x³", "|x|", "±", "rand", "1", "2", "3", "0", ".", "=", graphLabel],
    ])

    /// Terminal columns of padding around each label (one each side).
    public static let labelPadding = 2

    /// The number of button columns.
    var columnCount: Int { rows.first?.count ?? 0 }

    /// All labels, row by row.
    var labels: [String] { rows.flatMap { $0 } }

    /// Terminal columns needed to draw the grid: each column as wide as its widest label plus padding.
    public var minimumColumns: Int {
        columnWidths.reduce(0) { $0 + $1 + Self.labelPadding }
    }

    /// Terminal rows needed for the grid and the chrome when each button is `buttonRows` tall.
    public func minimumRows(buttonRows: Int) -> Int {
        rows.count * buttonRows + SizeClasses.chromeRows
    }
}
