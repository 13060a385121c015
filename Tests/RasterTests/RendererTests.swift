import Foundation
import Raster
import Testing

@Suite("Renderer and palette")
struct RendererTests {
    @Test("Palettes have 16 registers in the documented layout", arguments: [Theme.dark, Theme.light])
    func paletteLayout(theme: Theme) {
        let palette = theme.palette
        #expect(palette.count == PaletteSlot.count)
        #expect(palette[Int(PaletteSlot.background)] == theme.background)
        #expect(palette[Int(PaletteSlot.grid)] == theme.grid)
        #expect(palette[Int(PaletteSlot.axis)] == theme.axis)
        #expect(palette[Int(PaletteSlot.firstLabel) + PaletteSlot.labelLevels - 1] == theme.label)
        #expect(palette[PaletteSlot.count - 1] == theme.curve)
    }

    @Test("Coverage levels blend in linear light, brighter than an sRGB average")
    func gammaCorrectBlend() {
        let palette = Theme.dark.palette
        let half = palette[Int(PaletteSlot.firstCurve) + PaletteSlot.curveLevels / 2 - 1]
        let naive = (Int(Theme.dark.background.red) + Int(Theme.dark.curve.red)) / 2
        #expect(Int(half.red) > naive + 30)
        let reds = (0..<PaletteSlot.curveLevels).map { palette[Int(PaletteSlot.firstCurve) + $0].red }
        #expect(reds == reds.sorted(), "levels rise with coverage")
    }

    @Test("Every pixel is a palette index")
    func indicesInPalette() {
        let viewport = Viewport(width: 160, height: 100, xRange: -3...3, yRange: -2...2)
        let image = GraphRenderer(glyphs: BoxGlyphs()).render({ sin($0) }, in: viewport)
        #expect(image.palette.count == PaletteSlot.count && PaletteSlot.count <= 16, "fits 16 sixel registers")
        #expect(image.pixels.allSatisfy { Int($0) < image.palette.count })
        #expect(image.pixels.contains(PaletteSlot.firstCurve + UInt8(PaletteSlot.curveLevels - 1)))
    }

    @Test("The curve keeps the same width at every slope", arguments: [0.0, 0.5, 1, 3])
    func uniformWidth(slope: Double) {
        let viewport = Viewport(width: 200, height: 200, xRange: -5...5, yRange: -5...5)
        let renderer = GraphRenderer(style: GraphStyle(lineWidth: 3, showsGrid: false), glyphs: nil)
        let image = renderer.render({ slope * $0 + 0.3 }, in: viewport)
        let full = PaletteSlot.firstCurve + UInt8(PaletteSlot.curveLevels - 1)
        let count = image.pixels.filter { $0 >= PaletteSlot.firstCurve }.reduce(0.0) { total, index in
            total + Double(index - PaletteSlot.firstCurve + 1) / Double(PaletteSlot.curveLevels)
        }
        let visibleLength = min(200.0, 200 / max(slope, 1e-9)) * (1 + slope * slope).squareRoot()
        #expect(abs(count / visibleLength - 3) < 0.3, "ink per pixel of length is the line width")
        #expect(image.pixels.contains(full))
    }

    @Test("x labels pin to the top edge when the x axis is above the view")
    func pinnedLabels() {
        let viewport = Viewport(width: 240, height: 160, xRange: -5...5, yRange: -10 ... -2)
        let style = GraphStyle(labelPixelHeight: 12, showsGrid: false)
        let image = GraphRenderer(style: style, glyphs: BoxGlyphs()).render({ _ in nil }, in: viewport)
        let inkRows = Set(image.pixels.indices.filter { image.pixels[$0] >= PaletteSlot.firstLabel }.map { $0 / image.width })
        let topInk = inkRows.filter { $0 < 16 }.count
        #expect(topInk > 0, "x labels at the top edge")
        let leftInkColumns = Set(image.pixels.indices.filter { image.pixels[$0] >= PaletteSlot.firstLabel }.map { $0 % image.width })
        #expect(leftInkColumns.contains { $0 > 100 && $0 < 140 }, "y labels beside the visible y axis")
    }

    @Test("The title is drawn top-left on a box")
    func title() {
        let viewport = Viewport(width: 240, height: 160, xRange: -5...5, yRange: -5...5)
        let style = GraphStyle(labelPixelHeight: 12, title: "y = x")
        let image = GraphRenderer(style: style, glyphs: BoxGlyphs()).render({ $0 }, in: viewport)
        let ink = (0..<14).flatMap { y in (0..<40).map { image[$0, y] } }.filter { $0 >= PaletteSlot.firstLabel && $0 < PaletteSlot.firstCurve }
        #expect(ink.count > 20)
        let plain = GraphRenderer(style: GraphStyle(labelPixelHeight: 12), glyphs: BoxGlyphs()).render({ $0 }, in: viewport)
        #expect(plain != image)
    }
}
