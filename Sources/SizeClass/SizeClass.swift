/// Size classes: compact or regular, chosen from the terminal size.

/// Whether one dimension of the terminal is roomy or cramped.
package enum SizeClass: String, Sendable, CaseIterable {
    case compact
    case regular
}

/// The horizontal and vertical size classes of a terminal.
///
/// - Horizontal is regular when `columns ≥ SizeClasses.regularMinimumColumns` (101):
///   room for the 41-column scientific calculator beside a graph of at least 60 columns.
/// - Vertical is regular when `rows ≥ SizeClasses.regularMinimumRows` (22):
///   the six rows of three-row-tall buttons of the scientific grid (18) plus the display (3) and a status line (1).
///
/// The cell pixel size does not change the classes: it only sets the graph's pixel resolution.
package struct SizeClasses: Equatable, Sendable {
    /// Columns a graph needs beside the calculator to be worth showing.
    package static let minimumGraphColumns = 60
    /// Terminal rows used by everything except the buttons: the display (3 rows) and the status line (1 row).
    package static let chromeRows = 4
    /// Terminal rows of one button when buttons are drawn as boxes.
    package static let tallButtonRows = 3
    /// Terminal rows of one button when buttons are drawn as a single line of labels.
    package static let shortButtonRows = 1

    /// The fewest columns that are horizontally regular: the scientific grid plus the graph (41 + 60 = 101).
    package static let regularMinimumColumns = ButtonGrid.regular.minimumColumns + minimumGraphColumns
    /// The fewest rows that are vertically regular: the scientific grid with tall buttons plus chrome (6 × 3 + 4 = 22).
    package static let regularMinimumRows = ButtonGrid.regular.minimumRows(buttonRows: tallButtonRows)

    /// The horizontal size class.
    package var horizontal: SizeClass
    /// The vertical size class.
    package var vertical: SizeClass

    /// Size classes given explicitly.
    package init(horizontal: SizeClass, vertical: SizeClass) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The size classes of a terminal of `size`.
    package init(for size: TerminalSize) {
        horizontal = size.columns >= Self.regularMinimumColumns ? .regular : .compact
        vertical = size.rows >= Self.regularMinimumRows ? .regular : .compact
    }
}
