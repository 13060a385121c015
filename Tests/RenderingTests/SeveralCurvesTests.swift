import Foundation
import Glyphs
import Analysis
@testable import Raster
import TestSupport
import Testing

/// Several curves in one graph: each in its own colour on its own true curve, a legend naming
/// them, and a palette that fits the terminal's colour registers.
@Suite("Several curves")
struct SeveralCurvesTests {
    static let width = 480, height = 320
    static let xRange = -5.0...5.0, yRange = -4.0...4.0
    static let curves: [TestFunction] = [.sine, TestFunction("cos(x)") { cos($0) }, TestFunction("x/3") { $0 / 3 }]

    static var viewport: Viewport { Viewport(width: width, height: height, xRange: xRange, yRange: yRange) }

    /// sin, cos and x/3 in the shipped style, with their legend.
    static func render(_ functions: [TestFunction] = curves, theme: Theme = .dark, paletteLimit: Int? = nil) throws -> IndexedImage {
        var style = GraphStyle.sized(forTextHeight: 20, theme: theme)
        style.legend = functions.map { "y = " + $0.name }
        style.paletteLimit = paletteLimit
        // Each closure converted on its own: casting an array of @Sendable closures as a whole traps.
        let plain = functions.map { test -> (Double) -> Double? in test.function }
        return try GraphRenderer(style: style, glyphs: FreeTypeGlyphs.system()).render(plain, in: viewport)
    }

    /// The rows the legend band takes, plus a few: its strokes are curve ink off the curves.
    static func legendBottom(_ image: IndexedImage) -> Int {
        (image.texts.filter { $0.role == .legend }.map { $0.top + $0.height }.max() ?? 0) + 8
    }

    @Test("Points of interest are marked around the legend, never over it: the band's pixels stay as drawn")
    func marksLeaveTheLegendWhole() throws {
        var style = GraphStyle.sized(forTextHeight: 20)
        style.legend = Self.curves.map { "y = " + $0.name }
        let renderer = GraphRenderer(style: style, glyphs: try FreeTypeGlyphs.system())
        let image = try Self.render()
        let band = try #require(renderer.titleBandBox(width: Self.width, height: Self.height))
        // A mark on every 4 px of the picture, by each curve: some under the band, some at its edges.
        var marks = [PointMark]()
        for row in stride(from: 0, to: Self.height, by: 4) {
            for column in stride(from: 0, to: Self.width, by: 4) {
                let point = Point(x: Self.viewport.x(atColumn: Double(column)), y: Self.viewport.y(atRow: Double(row)))
                marks.append(PointMark(point: point, curve: (row + column) % 3))
            }
        }
        var changedInBand = 0, changedBelow = 0
        for chunk in stride(from: 0, to: marks.count, by: GraphRenderer.maximumPointMarks) {
            let marked = renderer.draw(Array(marks[chunk..<min(chunk + GraphRenderer.maximumPointMarks, marks.count)]),
                                       on: image, in: Self.viewport)
            for y in 0..<Self.height {
                for x in 0..<Self.width where marked.pixels[y * Self.width + x] != image.pixels[y * Self.width + x] {
                    if x >= band.left && x < band.right && y >= band.top && y < band.bottom { changedInBand += 1 }
                    else if y >= band.bottom { changedBelow += 1 }
                }
            }
        }
        #expect(changedInBand == 0, "\(changedInBand) pixels of the band drawn over by marks")
        #expect(changedBelow > 10_000, "the marks below the band are drawn (\(changedBelow) pixels)")
    }

    @Test("The golden picture of sin, cos and x/3 with a legend")
    func golden() throws {
        try GoldenImage.check(Self.render(), named: "several")
    }

    @Test("Each curve's pixels lie within 1.5 px of its own true curve, in its own colour", arguments: 0..<3)
    func eachOnItsCurve(_ index: Int) throws {
        let image = try Self.render()
        let layout = try #require(image.layout)
        #expect(layout.curveCount == 3)
        #expect(image.palette[Int(layout.fullInk(ofCurve: index))] == Theme.dark.curveColor(index))
        let oracle = CurveOracle(function: Self.curves[index].function, width: Self.width, height: Self.height,
                                 xRange: Self.xRange, yRange: Self.yRange)
        let points = oracle.pointsByColumn
        var inked = 0, stray = 0
        for row in Self.legendBottom(image)..<image.height {
            for column in 0..<image.width where layout.curveInk(at: image[column, row])?.curve == index {
                inked += 1
                if oracle.distance(column: column, row: row, points: points) > 1.5 { stray += 1 }
            }
        }
        #expect(inked > 600, "curve \(index) has \(inked) pixels")
        #expect(stray == 0, "curve \(index): \(stray) pixels off its curve")
    }

    @Test("The six theme colours are all different, in both themes", arguments: [Theme.dark, Theme.light])
    func distinctColours(_ theme: Theme) {
        #expect(Set((0..<6).map(theme.curveColor)).count == 6)
        #expect(!(0..<6).map(theme.curveColor).contains(theme.background))
    }

    @Test("Where two curves cross, the later one is on top")
    func laterOnTop() throws {
        let rising = TestFunction("x") { $0 }, falling = TestFunction("-x") { -$0 }
        let image = try Self.render([rising, falling])
        let layout = try #require(image.layout)
        // The crossing at the origin, in the middle of the image.
        #expect(image[Self.width / 2, Self.height / 2] == layout.fullInk(ofCurve: 1))
    }

    @Test("The legend names each curve in order, after a stroke of its colour")
    func legend() throws {
        let image = try Self.render()
        let layout = try #require(image.layout)
        let entries = image.texts.filter { $0.role == .legend }
        #expect(entries.map(\.text) == Self.curves.map { "y = " + $0.name })
        for (index, entry) in entries.enumerated() {
            let strokeColumns = max(entry.left - 3 * entry.height / 2, 0)..<entry.left
            let rows = entry.top..<(entry.top + entry.height)
            let stroke = rows.flatMap { row in strokeColumns.map { image[$0, row] } }
                .filter { layout.curveInk(at: $0)?.curve == index }
            #expect(stroke.count >= 10, "entry \(index) has \(stroke.count) stroke pixels before it")
        }
        #expect(!image.texts.contains { $0.role == .title })
    }

    @Test("One name is a title, not a legend")
    func oneCurveNoLegend() throws {
        let image = try Self.render([.sine])
        #expect(image.texts.filter { $0.role == .legend }.isEmpty)
    }

    /// How many curves, how many colour registers, and the anti-aliasing levels each curve gets.
    struct Budget: Sendable, CustomTestStringConvertible {
        let curves: Int
        let registers: Int?
        let levels: Int
        var testDescription: String { "\(curves) curves in \(registers.map { "\($0) registers" } ?? "no limit"): \(levels) levels" }
    }

    static let budgets: [Budget] = zip(1...6, [4, 4, 3, 2, 2, 1]).map { Budget(curves: $0, registers: 16, levels: $1) }
        + (1...6).map { Budget(curves: $0, registers: 256, levels: 4) }
        + [Budget(curves: 6, registers: nil, levels: 4), Budget(curves: 6, registers: 1024, levels: 4),
           Budget(curves: 2, registers: 12, levels: 3)]

    @Test("The palette fits the colour registers: fewer levels a curve when there are few", arguments: budgets)
    func paletteBudget(_ budget: Budget) throws {
        let functions = (0..<budget.curves).map { k in TestFunction("x/3 + \(k)") { $0 / 3 + Double(k) - 2.5 } }
        let image = try Self.render(functions, paletteLimit: budget.registers)
        let layout = try #require(image.layout)
        #expect(layout.levelsPerCurve == budget.levels)
        #expect(layout.curveCount == budget.curves)
        #expect(image.palette.count <= min(budget.registers ?? 256, 256))
        #expect(Set(image.pixels).allSatisfy { Int($0) < image.palette.count })
        for curve in 0..<budget.curves {
            #expect(image.pixels.contains(layout.fullInk(ofCurve: curve)), "curve \(curve) is drawn")
        }
    }

    @Test("Each palette index names one curve and level, and back")
    func layoutRoundTrip() {
        let layout = PaletteLayout(curveCount: 5, levelsPerCurve: 3)
        for curve in 0..<5 {
            for level in 1...3 {
                let ink = layout.curveInk(at: layout.slot(curve: curve, level: level))
                #expect(ink?.curve == curve && ink?.level == level)
            }
        }
        #expect(layout.curveInk(at: PaletteSlot.fullLabel) == nil)
        #expect(layout.curveInk(at: UInt8(layout.count)) == nil)
    }

    @Test("Fitting y to several curves holds every one")
    func fitAll() {
        let low = TestFunction("x - 20") { $0 - 20 }, high = TestFunction("x + 20") { $0 + 20 }
        let fitted = Self.viewport.fittingY(toAll: [{ low.function($0) }, { high.function($0) }])
        #expect(fitted.yRange.lowerBound <= -25 && fitted.yRange.upperBound >= 25)
        #expect(Self.viewport.fittingY(toAll: [{ _ in nil }]) == Self.viewport)
    }
}
