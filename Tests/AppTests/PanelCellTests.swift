@testable import App
import Glyphs
import Raster
import SizeClass
import Terminal
import Testing

/// Help in the picture is laid out as a terminal lays out text: each character's glyph in its own
/// cell, from the monospace face, with no ink reaching into a neighbour (issue 21: "zoom" read
/// "zocm" when proportional glyphs were put one a cell). Checked with the real fonts against
/// each character drawn alone, for the window sizes and cell sizes of the terminals we test in.
@Suite("Panels in cells", .serialized)
struct PanelCellTests {
    static let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

    /// Cells of xterm (9 x 19 at DejaVu Sans Mono 11), Konsole (8 x 18), kitty (9 x 18), and small and large ones.
    static let cells = [PixelSize(width: 9, height: 19), PixelSize(width: 8, height: 18), PixelSize(width: 9, height: 18),
                        PixelSize(width: 6, height: 12), PixelSize(width: 14, height: 30)]

    /// The help panel the app draws in a `columns` x `rows` window with cells of `cell` pixels, over y = x.
    static func helpPanel(columns: Int, rows: Int, cell: PixelSize, glyphs: FreeTypeGlyphs) throws -> Panel {
        let controller = AppController(model: AppModel(), window: WindowSize(columns: columns, rows: rows), cell: cell,
                                       presenter: GraphPresenter(backend: GraphicsProtocol.kitty.backend(), glyphs: glyphs), theme: .dark)
        for character in ":x" { controller.handle(.input(.key(.character(character)))) }
        controller.handle(.input(.key(.enter)))
        controller.handle(.input(.key(.character("?"))))
        let shown = try #require(ListBox.overlay(of: controller.model, in: controller.layout))
        let pane = try #require(controller.layout.graph)
        #expect(shown.isOverGraph, "the help stands over the graph at \(columns)x\(rows)")
        return ListBox.panel(shown, in: pane, cell: cell)
    }

    /// `panel` drawn on a blank image just large enough for it.
    static func drawn(_ panel: Panel, glyphs: any GlyphSource, cell: PixelSize) -> IndexedImage {
        let renderer = GraphRenderer(style: .sized(forTextHeight: cell.height), glyphs: glyphs)
        let blank = IndexedImage(width: (panel.column + panel.columns) * cell.width,
                                 height: (panel.row + panel.rows) * cell.height,
                                 palette: Theme.dark.palette(for: PaletteLayout(curves: 1, paletteLimit: nil)))
        return renderer.draw(panel, on: blank)
    }

    static func isInk(_ index: UInt8) -> Bool {
        index >= PaletteSlot.firstLabel && index <= PaletteSlot.fullLabel
    }

    /// The pixels of the cell at `column`, `row`.
    static func block(of image: IndexedImage, column: Int, row: Int, cell: PixelSize) -> [UInt8] {
        (0..<cell.height).flatMap { y in
            (0..<cell.width).map { x in image[column * cell.width + x, row * cell.height + y] }
        }
    }

    /// `character` drawn alone, in the first text cell of a 7 x 3 panel: its cell's pixels, and how many
    /// ink pixels lie outside that cell.
    static func alone(_ character: Unicode.Scalar, glyphs: any GlyphSource, cell: PixelSize) -> (block: [UInt8], strayInk: Int) {
        let panel = Panel(title: "", lines: [String(character)], column: 0, row: 0, columns: 7, rows: 3,
                          cellWidth: cell.width, cellHeight: cell.height)
        let image = drawn(panel, glyphs: glyphs, cell: cell)
        var stray = 0
        for y in 0..<image.height {
            for x in 0..<image.width where isInk(image[x, y]) {
                if x / cell.width != 2 || y / cell.height != 1 { stray += 1 }
            }
        }
        return (block(of: image, column: 2, row: 1, cell: cell), stray)
    }

    /// The characters of each text row of `panel`, by cell: title, lines, footer.
    static func textCells(of panel: Panel) -> [(column: Int, row: Int, character: Unicode.Scalar)] {
        var rows: [(Int, String)] = [(panel.row, " \(panel.title) ")]
        rows += panel.lines.enumerated().map { (panel.row + 1 + $0.offset, $0.element) }
        if let footer = panel.footer { rows.append((panel.row + panel.rows - 1, footer)) }
        return rows.flatMap { row, text in
            text.unicodeScalars.enumerated().map { (panel.column + 2 + $0.offset, row, $0.element) }
        }
    }

    @Test("Each cell of the help holds exactly its character's glyph, drawn alone, and no ink crosses a cell's edge",
          arguments: [(60, 20), (100, 30), (240, 50)])
    func helpCells(_ window: (columns: Int, rows: Int)) throws {
        let glyphs = try #require(InteractiveApp.labelFont(environment: [:]).glyphs)
        for cell in Self.cells {
            let panel = try Self.helpPanel(columns: window.columns, rows: window.rows, cell: cell, glyphs: glyphs)
            let image = Self.drawn(panel, glyphs: glyphs, cell: cell)
            let cells = Self.textCells(of: panel)
            #expect(cells.contains { $0.character == "z" }, "the help shows \"zoom\"")
            var textCell = Set<Int>()
            var lone: [Unicode.Scalar: (block: [UInt8], strayInk: Int)] = [:]
            for (column, row, character) in cells {
                textCell.insert(row * 10_000 + column)
                let alone = lone[character] ?? Self.alone(character, glyphs: glyphs, cell: cell)
                lone[character] = alone
                #expect(alone.strayInk == 0, "\(character) alone inks \(alone.strayInk) pixels outside its cell (\(cell))")
                let drawn = Self.block(of: image, column: column, row: row, cell: cell)
                #expect(drawn == alone.block, "cell \(column),\(row) is not \"\(character)\" alone (\(cell), \(window))")
                if character != " " {
                    #expect(drawn.contains(where: Self.isInk), "\"\(character)\" left its cell empty (\(cell))")
                }
            }
            // Label ink only in the text's cells: none between them, in the border or beside the box.
            var stray = 0
            for y in 0..<image.height {
                for x in 0..<image.width where Self.isInk(image[x, y]) {
                    if !textCell.contains(y / cell.height * 10_000 + x / cell.width) { stray += 1 }
                }
            }
            #expect(stray == 0, "\(stray) ink pixels outside the text cells (\(cell), \(window))")
        }
    }

    /// The ink levels a glyph bitmap leaves, sorted: what its cell must hold wherever it is placed.
    static func inkLevels(of glyph: GlyphBitmap) -> [UInt8] {
        glyph.coverage.compactMap { coverage in
            let level = (Int(coverage) * PaletteSlot.labelLevels + 127) / 255
            return level == 0 ? nil : PaletteSlot.firstLabel + UInt8(level - 1)
        }.sorted()
    }

    @Test("The glyphs are DejaVu Sans Mono's, all at one size, not the labels' proportional face")
    func monospaceFace() throws {
        let glyphs = try #require(InteractiveApp.labelFont(environment: [:]).glyphs)
        let mono = try FreeTypeGlyphs(fontPath: Self.mono)
        let sans = try FreeTypeGlyphs(fontPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        for cell in Self.cells {
            var sizes: Set<Int>?
            for character in "zoomdelsto(undoM)qupit".unicodeScalars {
                let block = Self.alone(character, glyphs: glyphs, cell: cell).block.filter(Self.isInk).sorted()
                let matching = Set((4...cell.height).filter { Self.inkLevels(of: mono.glyph(for: character, pixelHeight: $0)!) == block })
                #expect(!matching.isEmpty, "\"\(character)\" is no size of DejaVu Sans Mono (\(cell))")
                sizes = sizes.map { $0.intersection(matching) } ?? matching
                if character == "m" || character == "M" {
                    let proportional = (4...cell.height).filter { Self.inkLevels(of: sans.glyph(for: character, pixelHeight: $0)!) == block }
                    #expect(proportional.isEmpty, "\"\(character)\" could be DejaVu Sans: the check tells the faces apart")
                }
            }
            #expect(sizes?.isEmpty == false, "one size for every letter in cells of \(cell)")
        }
    }
}
