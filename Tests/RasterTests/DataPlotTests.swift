import Foundation
@testable import Raster
import TestSupport
import Testing

/// Data drawn as it is (`PlaneCurve.data`): each style checked against the pixels the test
/// computes from the viewport's linear map itself, never against what the sampler returned.
@Suite("Data plots")
struct DataPlotTests {
    static let width = 400, height = 250
    static let xRange = 0.0...10, yRange = -2.0...2
    static var viewport: Viewport { Viewport(width: width, height: height, xRange: xRange, yRange: yRange) }

    /// The pixel position of (x, y), from the ranges alone.
    static func pixel(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        ((x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * Double(width),
         (yRange.upperBound - y) / (yRange.upperBound - yRange.lowerBound) * Double(height))
    }

    /// Which pixels hold curve 0's ink (any level).
    static func inked(_ image: IndexedImage) -> [Bool] {
        guard let layout = image.layout else { return [] }
        return image.pixels.map { layout.curveInk(at: $0)?.curve == 0 }
    }

    static func image(_ data: PlaneData) -> IndexedImage {
        GraphRenderer(glyphs: nil).render([.data(data)], in: viewport)
    }

    static func randomPoints(count: Int, seed: UInt64) -> (x: [Double], y: [Double]) {
        var random = SplitMix64(seed: seed)
        let x = (0..<count).map { _ in Double(random.next() % 1_000_000) / 100_000 }
        let y = (0..<count).map { _ in Double(random.next() % 1_000_000) / 250_000 - 2 }
        return (x, y)
    }

    @Test("Points: every point's pixel is inked, and no ink lies farther than a dot's reach from a point")
    func points() {
        let (x, y) = Self.randomPoints(count: 300, seed: 52)
        let inked = Self.inked(Self.image(PlaneData(x: x, y: y, style: .points)))
        let centres = zip(x, y).map { Self.pixel($0, $1) }
        for centre in centres {
            let index = Int(centre.y) * Self.width + Int(centre.x)
            #expect(inked[index], "no ink at the pixel of (\(centre.x), \(centre.y))")
        }
        // A dot of the default line width 2 reaches 1.5 px from its centre (with anti-aliasing).
        var stray = 0
        for row in 0..<Self.height {
            for column in 0..<Self.width where inked[row * Self.width + column] {
                let px = Double(column) + 0.5, py = Double(row) + 0.5
                if !centres.contains(where: { ($0.x - px) * ($0.x - px) + ($0.y - py) * ($0.y - py) <= 1.5 * 1.5 + 1e-9 }) { stray += 1 }
            }
        }
        #expect(stray == 0)
    }

    @Test("Lines of 200 000 sorted points: each column's ink spans the data's min to max there, in a few strokes")
    func lines() {
        var random = SplitMix64(seed: 7)
        let count = 200_000
        let x = (0..<count).map { Double($0) / Double(count) * 10 }
        let y = x.map { sin($0) + Double(random.next() % 1000) / 2000 - 0.25 }
        let data = PlaneData(x: x, y: y, style: .lines)
        let samples = GraphRenderer(glyphs: nil).sample(.data(data), in: Self.viewport)
        let strokes = samples.branches.reduce(0) { $0 + $1.count }
        #expect(strokes <= 4 * (Self.width + 2), "\(strokes) points for \(Self.width) columns")
        let inked = Self.inked(Self.image(data))
        var low = [Double](repeating: .infinity, count: Self.width), high = [Double](repeating: -.infinity, count: Self.width)
        for (px, py) in zip(x, y).map({ Self.pixel($0, $1) }) {
            let column = Int(px)
            guard column >= 0, column < Self.width else { continue }
            low[column] = min(low[column], py)
            high[column] = max(high[column], py)
        }
        var missing = 0
        for column in 0..<Self.width where low[column] <= high[column] {
            for row in Int(low[column].rounded(.up))..<Int(high[column]) where !inked[row * Self.width + column] { missing += 1 }
        }
        #expect(missing == 0)
        // No ink beyond the line's reach of the column's span (and of its neighbours', for the joins).
        for column in 1..<(Self.width - 1) where low[column].isFinite {
            let top = min(low[column - 1], low[column], low[column + 1]) - 2, bottom = max(high[column - 1], high[column], high[column + 1]) + 2
            for row in 0..<Self.height where inked[row * Self.width + column] {
                #expect(Double(row) >= top && Double(row) + 1 <= bottom, "ink at column \(column), row \(row)")
            }
        }
    }

    @Test("A gap (NaN) breaks the line: nothing is drawn across it")
    func gapBreaksLine() {
        let x = (0...100).map { Double($0) / 10 }
        var y = x.map { _ in 0.5 }
        for index in 40...60 { y[index] = .nan }
        let data = PlaneData(x: x, y: y, style: .lines)
        let samples = GraphRenderer(glyphs: nil).sample(.data(data), in: Self.viewport)
        #expect(samples.branches.count == 2)
        let inked = Self.inked(Self.image(data))
        // x 3.9 and 6.1 are the last and first points either side: columns between x 4.2 and 5.8 stay clear.
        let row = Int(Self.pixel(0, 0.5).y)
        for column in Int(Self.pixel(4.2, 0).x)...Int(Self.pixel(5.8, 0).x) { #expect(!inked[row * Self.width + column]) }
        #expect(inked[row * Self.width + Int(Self.pixel(2, 0).x)])
    }

    @Test("Bars fill from y = 0 to each value at the bar's x; steps hold each level to the next x")
    func barsAndSteps() {
        let x = [1.0, 3, 5, 7, 9], y = [1.5, -1, 0.5, 1.8, -1.9]
        let bars = Self.inked(Self.image(PlaneData(x: x, y: y, style: .bars, barWidth: 1)))
        for (value, height) in zip(x, y) {
            let column = Int(Self.pixel(value, 0).x)
            let zero = Self.pixel(0, 0).y, end = Self.pixel(0, height).y
            for row in Int(min(zero, end).rounded(.up))..<Int(max(zero, end)) { #expect(bars[row * Self.width + column]) }
            // Half a bar's width and two pixels beyond it is clear at the bar's middle height.
            let middle = Int((zero + end) / 2)
            #expect(!bars[middle * Self.width + Int(Self.pixel(value + 0.5, 0).x) + 2])
        }
        let steps = Self.inked(Self.image(PlaneData(x: x, y: y, style: .steps)))
        // The level of y = 1.5 runs from x = 1 to x = 3, at the row of 1.5.
        let row = Int(Self.pixel(0, 1.5).y)
        for xValue in stride(from: 1.2, through: 2.8, by: 0.2) { #expect(steps[row * Self.width + Int(Self.pixel(xValue, 0).x)]) }
    }

    @Test("Hostile values: ±1e308, infinities, NaN, log axes with values ≤ 0, one point, all equal")
    func hostile() {
        let cases: [([Double], [Double])] = [
            ([0, 1e308, -1e308, 5, .infinity, .nan], [1e308, -1e308, 0, .nan, 1, -.infinity]),
            ([5], [1]), ([], []), (Array(repeating: 5, count: 1000), Array(repeating: 1, count: 1000)),
        ]
        let log = Viewport(width: Self.width, height: Self.height, xRange: 0.1...100, yRange: 0.1...100, xScale: .log, yScale: .log)
        for (x, y) in cases {
            for style in PlaneData.Style.allCases {
                for viewport in [Self.viewport, log] {
                    let samples = GraphRenderer(glyphs: nil).sample(.data(PlaneData(x: x, y: y, style: style)), in: viewport)
                    #expect(samples.branches.allSatisfy { $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
                    _ = GraphRenderer(glyphs: nil).rasterize([samples], in: viewport)
                }
            }
        }
        // On a log axis a value at or below 0 has no place: only the point at (1, 1) is drawn.
        let samples = GraphRenderer(glyphs: nil).sample(.data(PlaneData(x: [-1, 0, 1, 2], y: [1, 1, 1, -3], style: .points)), in: log)
        #expect(samples.branches.count == 1)
    }

    @Test("The default style: lines for x in order, points otherwise")
    func defaultStyle() {
        #expect(PlaneData.defaultStyle(for: [1, 2, 2, 3]) == .lines)
        #expect(PlaneData.defaultStyle(for: [1, 3, 2]) == .points)
        #expect(PlaneData.defaultStyle(for: [1, .nan, 2]) == .lines)
    }
}
