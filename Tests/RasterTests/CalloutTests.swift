import Foundation
import Analysis
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

    /// The full-label pixels of `image` (without glyphs nothing else has that colour): the rings.
    static func ringPixels(_ image: IndexedImage) -> [(x: Int, y: Int)] {
        let ring = PaletteSlot.fullLabel
        return (0..<image.height).flatMap { y in (0..<image.width).filter { image[$0, y] == ring }.map { (x: $0, y: y) } }
    }

    /// The width and height of the pixels' bounding box.
    static func size(of pixels: [(x: Int, y: Int)]) -> (width: Int, height: Int) {
        let columns = pixels.map(\.x), rows = pixels.map(\.y)
        return ((columns.max() ?? 0) - (columns.min() ?? 0) + 1, (rows.max() ?? 0) - (rows.min() ?? 0) + 1)
    }

    @Test("A ring at the edge or in a corner is whole and still holds its point, as one in the middle")
    func ringsStayWhole() {
        let renderer = GraphRenderer(style: GraphStyle(labelPixelHeight: 12, showsGrid: false), glyphs: nil)
        let plain = renderer.render({ _ in nil }, in: Self.viewport)
        #expect(Self.ringPixels(plain).isEmpty)
        func ring(at point: Point) -> [(x: Int, y: Int)] {
            Self.ringPixels(renderer.draw(Callout(lines: [], anchor: Point(x: 0, y: 0), markers: [point]), on: plain, in: Self.viewport))
        }
        let whole = ring(at: Point(x: 15, y: 13))
        #expect(whole.count > 20)
        let size = Self.size(of: whole)
        let x = Self.viewport.xRange, y = Self.viewport.yRange
        let edges = [Point(x: x.upperBound, y: y.upperBound), Point(x: x.lowerBound, y: y.lowerBound), Point(x: x.upperBound, y: 13),
                     Point(x: 15, y: y.lowerBound), Point(x: x.lowerBound + 0.01, y: y.upperBound - 0.01)]
        for point in edges {
            let pixels = ring(at: point)
            // Whole: as wide and tall as a ring in the middle (one cut at the edge is about half).
            let ringSize = Self.size(of: pixels)
            #expect(abs(ringSize.width - size.width) <= 1 && abs(ringSize.height - size.height) <= 1, "ring at \(point): \(ringSize) vs \(size)")
            #expect(pixels.count >= whole.count * 3 / 4, "ring at \(point): \(pixels.count) pixels of \(whole.count)")
            // The point's pixel lies within the ring's bounds.
            let column = min(Int(Self.viewport.column(forX: point.x)), Self.viewport.width - 1)
            let row = min(Int(Self.viewport.row(forY: point.y)), Self.viewport.height - 1)
            let columns = pixels.map(\.x), rows = pixels.map(\.y)
            #expect((columns.min() ?? .max)...(columns.max() ?? .min) ~= column && (rows.min() ?? .max)...(rows.max() ?? .min) ~= row,
                    "the ring at \(point) holds its point")
        }
    }

    @Test("exp(x) fitted: the ring on its maximum in the top-right corner is whole")
    func exponentialMaximumRing() throws {
        let renderer = GraphRenderer(style: GraphStyle(labelPixelHeight: 12, showsGrid: false), glyphs: nil)
        let view = Viewport(width: 400, height: 300, xRange: -10...10, yRange: -1...1).fittingY(to: { exp($0) })
        let statistics = GraphStatistics.measure({ exp($0) }, in: view)
        let maximum = try #require(statistics.maximum)
        #expect(maximum.x == 10, "the maximum is at the right edge")
        let plain = renderer.render({ _ in nil }, in: view)
        let middle = Self.ringPixels(renderer.draw(Callout(lines: [], anchor: Point(x: 0, y: 0), markers: [Point(x: 0, y: 1)]), on: plain, in: view))
        let corner = Self.ringPixels(renderer.draw(Callout(lines: [], anchor: Point(x: 0, y: 0), markers: [Point(x: maximum.x, y: maximum.y)]), on: plain, in: view))
        let cornerSize = Self.size(of: corner), middleSize = Self.size(of: middle)
        #expect(abs(cornerSize.width - middleSize.width) <= 1 && abs(cornerSize.height - middleSize.height) <= 1, "\(cornerSize) vs \(middleSize)")
    }
}
