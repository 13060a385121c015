import Testing
@testable import SizeClass

/// A grid with its name, for readable parameterized test cases.
struct NamedGrid: Sendable, CustomTestStringConvertible {
    let name: String
    let grid: ButtonGrid
    let columns: Int
    let rows: Int
    let width: Int
    var testDescription: String { name }
}

@Suite("Button grids")
struct ButtonGridTests {
    static let grids = [
        NamedGrid(name: "compact", grid: .compact, columns: 4, rows: 6, width: 18),
        NamedGrid(name: "regular", grid: .regular, columns: 7, rows: 6, width: 41),
        NamedGrid(name: "wide", grid: .wide, columns: 14, rows: 3, width: 67),
    ]

    static let digits = (0...9).map(String.init)
    static let compactOperations = digits + ["+", "−", "×", "÷", "=", ".", "C", "⌫", "±", "√", "π", "M", "→M", "↗"]
    static let allOperations = digits + [
        "π", "e",
        "√", "∛", "sin", "cos", "tan", "sin⁻¹", "cos⁻¹", "tan⁻¹", "ln", "log", "eˣ", "10ˣ", "x²", "x³", "x⁻¹", "±", "|x|",
        "+", "−", "×", "÷", "xʸ",
        "=", "rand",
        ".", "C", "⌫", "M", "→M", "↗",
    ]

    @Test("Grids are rectangular with the documented shape and width", arguments: grids)
    func shape(_ named: NamedGrid) {
        #expect(named.grid.rows.count == named.rows)
        #expect(named.grid.rows.allSatisfy { $0.count == named.columns })
        #expect(named.grid.columnCount == named.columns)
        #expect(named.grid.minimumColumns == named.width)
    }

    @Test("Grids have no duplicate labels", arguments: grids)
    func noDuplicates(_ named: NamedGrid) {
        #expect(Set(named.grid.labels).count == named.grid.labels.count)
    }

    @Test("Compact grid holds exactly the essential operations")
    func compactOperations() {
        #expect(Set(ButtonGrid.compact.labels) == Set(Self.compactOperations))
    }

    @Test("Regular and wide grids hold exactly every Brain operation", arguments: [grids[1], grids[2]])
    func everyOperation(_ named: NamedGrid) {
        #expect(Set(named.grid.labels) == Set(Self.allOperations))
        #expect(named.grid.labels.count == Self.allOperations.count)
    }

    @Test("Minus is U+2212, never the ASCII hyphen", arguments: grids)
    func minusSign(_ named: NamedGrid) {
        #expect(named.grid.labels.contains("\u{2212}"))
        #expect(!named.grid.labels.contains { $0.contains("-") })
    }
}
