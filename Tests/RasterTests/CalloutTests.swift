import Raster
import Testing

@Suite("Callout")
struct CalloutTests {
    /// Axes off-screen, so every axis-coloured pixel belongs to the callout.
    static let viewport = Viewport(width: 400, height: 300, xRange: 10...20, yRange: 10...16)
    static var renderer: GraphRenderer {
        GraphRenderer(style: GraphStyle(labelPixelHeight: 12, showsGrid: false), glyphs: BoxGlyphs())
    }

    static func image() -> IndexedImage {
        renderer.render({ $0 }, in: viewport)
    }

    /// The columns holding axis-coloured pixels on `row`.
    static func borderColumns(_ image: IndexedImage, row: Int) -> [Int] {
        (0..<image.width).filter { image[$0, row] == PaletteSlot.axis }
    }

    @Test("A box hangs below the anchor, inside the image")
    func box() {
        let callout = Callout(lines: ["max y = 1", "min y = -1"], anchor: Point(x: 390, y: 0))
        let drawn = Self.renderer.draw(callout, on: Self.image(), in: Self.viewport)
        let rows = (0..<drawn.height).filter { Self.borderColumns(drawn, row: $0).count > 40 }
        #expect(!rows.isEmpty, "a horizontal border")
        #expect(rows.allSatisfy { $0 < 150 }, "near the top, under the anchor")
        let columns = rows.first.map { Self.borderColumns(drawn, row: $0) } ?? []
        #expect((columns.max() ?? 0) < 400 && (columns.min() ?? 0) > 200, "right-aligned under the anchor")
    }

    @Test("A sheet spans the width")
    func sheet() {
        let callout = Callout(lines: ["max y = 1"], anchor: Point(x: 390, y: 0), fillsWidth: true)
        let drawn = Self.renderer.draw(callout, on: Self.image(), in: Self.viewport)
        let widest = (0..<drawn.height).map { Self.borderColumns(drawn, row: $0).count }.max() ?? 0
        #expect(widest >= 396)
    }

    @Test("Markers ring the given graph points")
    func markers() {
        let ring = PaletteSlot.firstLabel + UInt8(PaletteSlot.labelLevels - 1)
        let callout = Callout(lines: [], anchor: Point(x: 0, y: 0), markers: [Point(x: 13, y: 13)])
        let plain = Self.image()
        let drawn = Self.renderer.draw(callout, on: plain, in: Self.viewport)
        let column = Int(Self.viewport.column(forX: 13)), row = Int(Self.viewport.row(forY: 13))
        func rings(_ image: IndexedImage) -> Int {
            (row - 12...row + 12).flatMap { y in (column - 12...column + 12).map { image[$0, y] } }.filter { $0 == ring }.count
        }
        #expect(rings(drawn) > rings(plain) + 10)
    }
}
