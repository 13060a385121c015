/// How the screen is divided between the calculator and the graph.
package enum Layout: String, Equatable, Sendable, CaseIterable {
    /// Regular width and height: the scientific calculator on the left, the graph on the right.
    case split
    /// Compact width: the calculator fills the screen; the graph is pushed full-screen on demand.
    case calculatorOnly
    /// Compact height: a wide grid of few rows under the display; the graph is pushed full-screen on demand.
    case wideShort
    /// Nothing fits: the app shows only a request to enlarge the terminal.
    case tooSmall
}

/// A layout together with the button grid (and so the operation set) it uses.
package struct LayoutChoice: Equatable, Sendable {
    /// The screen division.
    package var layout: Layout
    /// The keypad shown.
    package var grid: ButtonGrid
    /// Terminal rows per button: 3 (boxed) or 1 (a line of labels).
    package var buttonRows: Int
    /// The size classes the choice was made from.
    package var sizeClasses: SizeClasses

    /// A layout choice given explicitly.
    package init(layout: Layout, grid: ButtonGrid, buttonRows: Int, sizeClasses: SizeClasses) {
        self.layout = layout
        self.grid = grid
        self.buttonRows = buttonRows
        self.sizeClasses = sizeClasses
    }
}

/// The layout for a terminal of `size`.
///
/// - Regular width and height (≥ 101 columns, ≥ 22 rows): `.split` with the scientific grid, tall buttons.
/// - Compact width, regular height: `.calculatorOnly` with the compact grid, tall buttons (needs ≥ 18 columns).
/// - Compact height: `.wideShort` with the wide grid and one-row buttons when ≥ 67 columns and ≥ 7 rows;
///   else `.calculatorOnly` with the compact grid and one-row buttons when ≥ 18 columns and ≥ 10 rows.
/// - Otherwise `.tooSmall` (with the compact grid, whose size is the minimum to ask for).
package func layout(for size: TerminalSize) -> LayoutChoice {
    let classes = SizeClasses(for: size)
    func choice(_ layout: Layout, _ grid: ButtonGrid, _ buttonRows: Int) -> LayoutChoice {
        LayoutChoice(layout: layout, grid: grid, buttonRows: buttonRows, sizeClasses: classes)
    }
    func fits(_ grid: ButtonGrid, buttonRows: Int) -> Bool {
        size.columns >= grid.minimumColumns && size.rows >= grid.minimumRows(buttonRows: buttonRows)
    }
    let tall = SizeClasses.tallButtonRows
    let short = SizeClasses.shortButtonRows
    switch (classes.horizontal, classes.vertical) {
    case (.regular, .regular):
        return choice(.split, .regular, tall)
    case (.compact, .regular):
        return fits(.compact, buttonRows: tall) ? choice(.calculatorOnly, .compact, tall) : choice(.tooSmall, .compact, short)
    case (_, .compact):
        if fits(.wide, buttonRows: short) { return choice(.wideShort, .wide, short) }
        if fits(.compact, buttonRows: short) { return choice(.calculatorOnly, .compact, short) }
        return choice(.tooSmall, .compact, short)
    }
}
