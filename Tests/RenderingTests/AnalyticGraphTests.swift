import Foundation
import Glyphs
@testable import Raster
import Testing

/// The golden graphs checked against what they should show, computed without the renderer:
/// the true curve, its poles and jumps, and the 1-2-5 ladder's labels. A wrong golden cannot
/// be recorded unnoticed.
@Suite("Graphs against the true curve and the ladder")
struct AnalyticGraphTests {
    /// Every golden but sin(1/x), whose columns near 0 are min–max bands by design.
    static let curves = GoldenCase.all.filter { $0.name != "sin-reciprocal" }

    static func oracle(_ example: GoldenCase) -> CurveOracle {
        CurveOracle(function: example.function.function, width: GoldenCase.width, height: GoldenCase.height,
                    xRange: example.xRange, yRange: example.yRange)
    }

    @Test("Every curve pixel lies within 1.5 px of the true curve", arguments: curves)
    func curvePixelsOnTheCurve(_ example: GoldenCase) throws {
        let stray = Self.oracle(example).strayCurvePixels(in: try example.render())
        #expect(stray.isEmpty, "\(stray.count) stray pixels, first: \(stray.prefix(5))")
    }

    @Test("Every column where the function is finite and in view is covered", arguments: curves)
    func columnsCovered(_ example: GoldenCase) throws {
        let uncovered = Self.oracle(example).uncoveredColumns(in: try example.render())
        #expect(uncovered.isEmpty, "uncovered columns: \(uncovered.prefix(20))")
    }

    /// A pole or jump at `x`: the rows between its one-sided limits must stay dark.
    struct Gap: Sendable, CustomTestStringConvertible {
        let caseName: String
        let x: Double
        /// The graph y-values between which nothing may be lit (the whole view for a pole).
        let between: ClosedRange<Double>
        var testDescription: String { "\(caseName) at x = \(x)" }
    }

    static let gaps: [Gap] =
        [-3 * Double.pi / 2, -Double.pi / 2, Double.pi / 2, 3 * Double.pi / 2].map { Gap(caseName: "tan", x: $0, between: -4...4) }
        + [Gap(caseName: "reciprocal", x: 0, between: -4...4), Gap(caseName: "shifted-reciprocal", x: 1, between: -4...4)]
        + [Gap(caseName: "sign", x: 0, between: -1...1)]
        + (-3...4).map { Gap(caseName: "floor", x: Double($0), between: Double($0 - 1)...Double($0)) }
        + (-4...3).map { Gap(caseName: "round", x: Double($0) + 0.5, between: Double($0)...Double($0 + 1)) }
        // The saw's sloped sides end at the jump 3 px thick: keep 10 px clear of their ends.
        + [-4.0, -2, 0, 2, 4].map { Gap(caseName: "mod", x: $0, between: 0.25...1.75) }
        // Beside the pole at -n, Γ is about ±1/(n! × distance): flatter at -3, so a narrower band.
        + [0.0, -1, -2].map { Gap(caseName: "gamma", x: $0, between: -4...4) } + [Gap(caseName: "gamma", x: -3, between: -2...2)]
        + [-Double.pi, 0, Double.pi].map { Gap(caseName: "cot", x: $0, between: -4...4) }

    @Test("No pixel is lit across a pole or a jump", arguments: gaps)
    func nothingAcrossGaps(_ gap: Gap) throws {
        let example = try #require(GoldenCase.all.first { $0.name == gap.caseName })
        let oracle = Self.oracle(example)
        // Rows strictly between the limits, clear of the curve's own width (3 px) at each end.
        let top = Int(oracle.pixel(x: 0, y: gap.between.upperBound).y) + 3
        let bottom = Int(oracle.pixel(x: 0, y: gap.between.lowerBound).y) - 3
        let lit = oracle.curvePixels(nearX: gap.x, rows: top...bottom, in: try example.render())
        #expect(lit == 0, "\(lit) curve pixels between y = \(gap.between.lowerBound) and \(gap.between.upperBound)")
    }

    @Test("Tick labels read the values of the 1-2-5 ladder, and no others", arguments: curves)
    func labelsFromTheLadder(_ example: GoldenCase) throws {
        let image = try example.render()
        let glyphs = try FreeTypeGlyphs.system()
        let style = example.style
        let labels = LabelOracle(glyphs: glyphs, pixelHeight: style.labelPixelHeight)
        let oracle = Self.oracle(example)
        let lineHeight = glyphs.metrics(pixelHeight: style.labelPixelHeight).lineHeight

        // x labels: centred under their tick, anywhere down the image (pinned when the axis is off).
        let xScale = Double(GoldenCase.width) / (example.xRange.upperBound - example.xRange.lowerBound)
        let xStep = LabelOracle.step(pixelsPerUnit: xScale, minimumSpacing: style.minimumTickSpacing)
        func xLabel(_ value: Double, step: Double) -> (text: String, found: Bool, fits: Bool) {
            let text = LabelOracle.text(value, step: step)
            let width = labels.width(of: text)
            let column = Int(oracle.pixel(x: value, y: 0).x)
            let fits = column - width / 2 - 4 >= 3 && column + width / 2 + 4 <= GoldenCase.width - 3
            let found = labels.isDrawn(text, in: image, columns: (column - width / 2 - 3)...(column - width / 2 + 3),
                                       baselines: 0...(GoldenCase.height - 1))
            return (text, found, fits)
        }
        // y labels: centred on their tick, anywhere across the image.
        let yScale = Double(GoldenCase.height) / (example.yRange.upperBound - example.yRange.lowerBound)
        let yStep = LabelOracle.step(pixelsPerUnit: yScale, minimumSpacing: style.minimumTickSpacing * 0.6)
        func yLabel(_ value: Double, step: Double) -> (text: String, found: Bool, fits: Bool) {
            let text = LabelOracle.text(value, step: step)
            let row = Int(oracle.pixel(x: 0, y: value).y)
            let fits = row - lineHeight >= 2 && row + lineHeight <= GoldenCase.height - 2 && row > 2 * lineHeight
            let found = labels.isDrawn(text, in: image, columns: 0...(GoldenCase.width - 1),
                                       baselines: (row - lineHeight)...(row + lineHeight))
            return (text, found, fits)
        }

        var expected = 0
        // A 0 label is hidden where the other axis marks zero: where the axes cross, or where the
        // other axis is in view and this one's labels are pinned to an edge.
        for value in LabelOracle.ticks(step: xStep, in: example.xRange) where !(value == 0 && example.xRange.contains(0)) {
            let label = xLabel(value, step: xStep)
            guard label.fits else { continue }
            expected += 1
            #expect(label.found, "x label \(label.text) missing")
        }
        for value in LabelOracle.ticks(step: yStep, in: example.yRange) where !(value == 0 && example.yRange.contains(0)) {
            let label = yLabel(value, step: yStep)
            guard label.fits else { continue }
            expected += 1
            #expect(label.found, "y label \(label.text) missing")
        }
        #expect(expected >= 4, "the view should carry at least four labels to check")
        // A finer ladder would also label the midpoints between the ticks: they must be absent.
        for value in LabelOracle.ticks(step: xStep, in: example.xRange).dropLast().map({ $0 + xStep / 2 }) where value != 0 {
            let label = xLabel(value, step: xStep / 2)
            #expect(!label.found, "x label \(label.text) between ticks")
        }
        for value in LabelOracle.ticks(step: yStep, in: example.yRange).dropLast().map({ $0 + yStep / 2 }) where value != 0 {
            let label = yLabel(value, step: yStep / 2)
            #expect(!label.found, "y label \(label.text) between ticks")
        }
    }

    @Test("The ladder's step is the smallest 1-2-5 step far enough apart", arguments: [
        (48.0, 70.0, 2.0), (40, 42, 2), (480, 70, 0.2), (600, 42, 0.1), (0.5, 70, 200), (1e-3, 70, 1e5),
    ])
    func ladderStep(pixelsPerUnit: Double, minimumSpacing: Double, step: Double) {
        #expect(abs(LabelOracle.step(pixelsPerUnit: pixelsPerUnit, minimumSpacing: minimumSpacing) - step) < step * 1e-9)
    }
}
