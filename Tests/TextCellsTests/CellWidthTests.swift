import Testing
import TextCells

@Suite("Cell widths")
struct CellWidthTests {
    @Test("Cell widths of calculator symbols", arguments: [
        ("7", 1), ("π", 1), ("√", 1), ("−", 1), ("⁻", 1), ("→", 1), ("📈", 2), ("漢", 2), ("❤️", 2),
    ] as [(Character, Int)])
    func characterWidths(_ character: Character, _ width: Int) {
        #expect(CellWidth.of(character) == width)
    }

    @Test("Cell widths of button labels", arguments: [
        ("7", 1), ("→M", 2), ("📈", 2), ("sin⁻¹", 5), ("rand", 4), ("10ˣ", 3), ("√", 1), ("漢", 2),
    ])
    func labelWidths(_ label: String, _ width: Int) {
        #expect(CellWidth.of(label) == width)
    }
}
