import Analysis
import Brain
import Figure
import Foundation
import Raster
import Tabular
import Testing

/// The user's data as figure items: one series an item, in its own colour and legend entry, y
/// fitted to it, mixed with expressions on one graph.
@Suite struct FigureDataTests {
    static func table(_ text: String) throws -> DataTable { try TabularReader.read(Array(text.utf8)) }

    @Test func eachSeriesIsAnItemNamedByItsColumn() throws {
        let table = try Self.table("t,temp,rain\n1,10,0.5\n2,12,\n3,11,1.5\n")
        let series = FigureData.series(of: table, style: nil)
        #expect(series.map(\.name) == ["temp", "rain"])
        #expect(series[0].style == .lines)
        #expect(series[1].y[1].isNaN)
        let figure = Figure(frame: FigureFrame(x: 0...4), items: series.map(FigureItem.init(data:)))
        #expect(figure.legend == ["temp", "rain"])
        #expect(figure.items.allSatisfy { $0.graph == nil && $0.relation == nil && $0.data != nil })
        // Unsorted x defaults to points.
        let scatter = try Self.table("x,y\n3,1\n1,2\n2,3\n")
        #expect(FigureData.series(of: scatter, style: nil)[0].style == .points)
    }

    @Test func yFitsTheDataAloneWithAFivePercentMargin() {
        let data = FigureData(name: "y", x: [0, 1, 2, 3], xKind: .number, y: [10, 20, .nan, 15], style: .lines)
        let figure = Figure(frame: FigureFrame(x: -1...4), items: [FigureItem(data: data)])
        let range = figure.viewport(width: 800, height: 500).yRange
        #expect(abs(range.lowerBound - 9.5) < 1e-9 && abs(range.upperBound - 20.5) < 1e-9, "\(range)")
        // Only the values whose x is in view count.
        let narrow = Figure(frame: FigureFrame(x: -1...0.5), items: [FigureItem(data: data)]).viewport(width: 800, height: 500).yRange
        #expect(abs(narrow.lowerBound - 9) < 1e-9 && abs(narrow.upperBound - 11) < 1e-9, "\(narrow)")
    }

    @Test func dataAndAnExpressionShareTheGraphAndTheLegend() throws {
        let data = FigureData(name: "temp", x: [-4, 0, 4], xKind: .number, y: [10, 20, 15], style: .points)
        let sine = FigureItem(relation: try Relation.parse("sin(x)"), values: [:], angle: .radians, t: 0...1)
        let figure = Figure(frame: FigureFrame(x: -5...5), items: [FigureItem(data: data), sine])
        #expect(figure.legend == ["temp", "y = sin(x)"])
        let viewport = figure.viewport(width: 500, height: 300)
        #expect(viewport.yRange.lowerBound <= -1 && viewport.yRange.upperBound >= 20)
        var renderer = GraphRenderer(glyphs: nil)
        let image = renderer.draw(figure, in: viewport).image
        let layout = try #require(image.layout)
        let curves = Set(image.pixels.compactMap { layout.curveInk(at: $0)?.curve })
        #expect(curves == [0, 1])
        // The data point (0, 20) is inked in the data's colour.
        let column = Int(viewport.column(forX: 0)), row = Int(viewport.row(forY: 20))
        try #require(row >= 0 && row < 300 && column >= 0 && column < 500)
        #expect(layout.curveInk(at: image.pixels[row * 500 + column])?.curve == 0)
    }

    @Test func xDefaultsToTheDataExtentAndLogAxesCountWhatTheyDrop() {
        let data = FigureData(name: "y", x: [-3, 0, 2, 7], xKind: .number, y: [1, -1, 0, 4], style: .points)
        let range = [data].xRange(scale: .linear)
        #expect(range.map { abs($0.lowerBound - -3.2) < 1e-12 && abs($0.upperBound - 7.2) < 1e-12 } == true, "\(String(describing: range))")
        // On log axes x ≤ 0 or y ≤ 0 has no place: (-3, 1), (0, -1), (2, 0) are dropped.
        #expect(data.countOff(xScale: .log, yScale: .log) == 3)
        #expect(data.countOff(xScale: .log, yScale: .linear) == 2)
        #expect(data.countOff(xScale: .linear, yScale: .linear) == 0)
        // One x alone gets ±1; a log axis a decade either side of the lone positive x.
        #expect([FigureData(name: "y", x: [5], xKind: .number, y: [1], style: .points)].xRange(scale: .linear) == 4...6)
        let log = [data].xRange(scale: .log)
        #expect(log.map { abs(log10($0.lowerBound) - log10(2) + 0.02 * (log10(7) - log10(2))) < 1e-12 } == true)
        // Extremes stay finite.
        let huge = FigureData(name: "y", x: [-1e308, 1e308], xKind: .number, y: [1, 2], style: .lines)
        #expect([huge].xRange(scale: .linear).map { $0.lowerBound.isFinite && $0.upperBound.isFinite } == true)
    }
}
