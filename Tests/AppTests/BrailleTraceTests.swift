import Codecs
import Foundation
@testable import App
import Raster
import Terminal
import Testing

/// Issue 22, item 4: in braille the trace is a highlighted cell, with the same readout: the cell
/// holding the traced point is drawn in paper on the curve's colour, and no ring of dots is drawn.
@Suite("The trace in braille")
struct BrailleTraceTests {
    /// The cells before the first highlighted one in `line` (text with SGR sequences), and whether there is one.
    static func highlightedColumn(in line: String, background: RGB) -> Int? {
        let marker = "\u{1B}[48;2;\(background.red);\(background.green);\(background.blue)m"
        guard let range = line.range(of: marker) else { return nil }
        var cells = 0, inEscape = false
        for scalar in line[..<range.lowerBound].unicodeScalars {
            if scalar == "\u{1B}" { inEscape = true } else if inEscape { if scalar == "m" { inEscape = false } } else { cells += 1 }
        }
        return cells
    }

    @Test("sin(x)·x: t ] traces the maximum where tan x = −x; its cell, and only it, is highlighted in the curve's colour; Esc takes it away")
    func highlightedCell() throws {
        let controller = AppController(model: AppModel.graphing("sin(x)*x", in: Panes.full), window: WindowSize(columns: 100, rows: 30),
                                       cell: PixelSize(width: 10, height: 20),
                                       presenter: GraphPresenter(backend: GraphicsProtocol.unicode.backend(), glyphs: nil), theme: .dark)
        let captured = CapturedPictures(from: controller)
        for key in [KeyPress.character("t"), .character("]")] { controller.handle(.input(.key(key))); _ = controller.frame() }
        let x = 2.028757838110434, y = x * sin(x)
        let trace = try #require(controller.model.trace)
        #expect(abs(trace.x - x) < 1e-6, "the maximum: \(trace.x)")
        let image = try #require(captured.images.last)
        let viewport = try #require(controller.images.onScreen?.viewport)
        let columns = image.width / 2, rows = image.height / 4
        let expected = (column: Int(viewport.column(forX: x)) * columns / image.width,
                        row: Int(viewport.row(forY: y)) * rows / image.height)
        let lines = UnicodeRenderer(background: PaletteSlot.background).render(image, columns: columns, rows: rows)
        let curve = Theme.dark.curveColor(0)
        let highlighted = lines.enumerated().compactMap { row, line in Self.highlightedColumn(in: line, background: curve).map { (row, $0) } }
        #expect(highlighted.count == 1, "one highlighted cell: \(highlighted) \(String(describing: image.highlight)) \(lines.filter { $0.contains("48;2") }.map { $0.debugDescription.prefix(300) })")
        #expect(highlighted.first?.0 == expected.row && highlighted.first?.1 == expected.column,
                "at the maximum's cell \(expected): \(highlighted)")
        // The readout is the same text as in pixels, written as text in the picture.
        #expect(image.texts.contains { $0.text.contains("x = 2.02876") }, "the readout: \(image.texts.map(\.text))")
        controller.handle(.input(.key(.escape)))
        _ = controller.frame()
        let after = try #require(captured.images.last)
        #expect(after.highlight == nil, "Esc ends the trace and its highlight")
    }
}
