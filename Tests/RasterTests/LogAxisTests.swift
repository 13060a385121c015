import Foundation
import Analysis
@testable import Raster
import Testing

/// Log axes in Raster: the viewport's mapping, the decade ticks and their labels, and values at
/// or below 0 drawn nowhere. Expected pixels come from log10 here, never from the viewport.
@Suite("Log axes")
struct LogAxisTests {
    @Test("A log axis maps log10 of the value linearly: 1, 10, 100, 1000 equally spaced; ≤ 0 has no pixel")
    func mapping() {
        let viewport = Viewport(width: 600, height: 400, xRange: 1...1000, yRange: 0.01...100, xScale: .log, yScale: .log)
        #expect(viewport.isRepresentable)
        for (value, column) in [(1.0, 0.0), (10, 200), (100, 400), (1000, 600), (2, 200 * log10(2.0))] {
            #expect(abs(viewport.column(forX: value) - column) < 1e-9)
        }
        #expect(abs(viewport.row(forY: 1) - 200) < 1e-9)
        #expect(abs(viewport.x(atColumn: 300) - pow(10, 1.5)) < 1e-9)
        for bad in [0.0, -1, -.infinity, .nan] {
            #expect(viewport.column(forX: bad).isNaN)
            #expect(viewport.row(forY: bad).isNaN)
        }
        // A range reaching 0 cannot be a log axis.
        #expect(!Viewport(width: 600, height: 400, xRange: 0...10, yRange: -1...1, xScale: .log).isRepresentable)
        #expect(!Viewport(width: 600, height: 400, xRange: 1...10, yRange: -1...1, yScale: .log).isRepresentable)
    }

    @Test("Decades are labelled 0.001 … 1000, then 10⁴; 2–9 are minor ticks at their logarithms")
    func decadeLabels() {
        // 150 px a decade with 70 px label spacing: every decade labelled, 2-9 minor.
        let ladder = LogLadder(pixelsPerDecade: 150, minimumSpacing: 70)
        let ticks = AxisTicks.log(ladder)
        let indices = ticks.indices(in: -5...5.0) ?? 0...0
        var labels = [String: Double]()
        var minors = [Double]()
        for index in indices {
            let position = ticks.position(at: index)
            if let label = ticks.label(at: index) { labels[label] = position } else { minors.append(position) }
        }
        let expected = ["10⁻⁵": -5.0, "10⁻⁴": -4, "0.001": -3, "0.01": -2, "0.1": -1, "1": 0, "10": 1, "100": 2, "1000": 3,
                        "10⁴": 4, "10⁵": 5]
        #expect(labels == expected)
        // Every decade's 2..9 at log10(m) + n, and nothing else.
        let trueMinors = (-5...4).flatMap { n in (2...9).map { log10(Double($0)) + Double(n) } }
        #expect(minors.count == trueMinors.count)
        for (a, b) in zip(minors, trueMinors) { #expect(abs(a - b) < 1e-12) }
    }

    @Test("Zoomed out, a label every few decades; zoomed in, 2 and 5 labelled, then all, then finer steps")
    func zoomLevels() {
        let far = AxisTicks.log(LogLadder(pixelsPerDecade: 10, minimumSpacing: 70))
        let farLabels = (far.indices(in: -20...20.0) ?? 0...0).compactMap { far.label(at: $0) }
        #expect(farLabels == ["10⁻²⁰", "10⁻¹⁰", "1", "10¹⁰", "10²⁰"])
        let near = AxisTicks.log(LogLadder(pixelsPerDecade: 300, minimumSpacing: 70))
        #expect((near.indices(in: 0...1.0) ?? 0...0).compactMap { near.label(at: $0) } == ["1", "2", "5", "10"])
        let nearer = AxisTicks.log(LogLadder(pixelsPerDecade: 2000, minimumSpacing: 70))
        #expect((nearer.indices(in: 0...1.0) ?? 0...0).compactMap { nearer.label(at: $0) }
                == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"])
        let nearest = AxisTicks.log(LogLadder(pixelsPerDecade: 1e6, minimumSpacing: 70))
        let fine = (nearest.indices(in: log10(2.0)...log10(2.01)) ?? 0...0).compactMap { nearest.label(at: $0) }
        // Steps of 0.002 here, each label with the step's decimals, as a linear axis writes them.
        #expect(fine == ["2.000", "2.002", "2.004", "2.006", "2.008", "2.010"], "\(fine)")
        for (a, b) in zip(fine, fine.dropFirst()) { #expect(Double(a) ?? 0 < Double(b) ?? 0) }
    }

    @Test("x³ is a straight line of slope 3 in pixels on log–log, exp one on log y; y ≤ 0 is drawn nowhere")
    func straightLines() {
        let loglog = Viewport(width: 600, height: 600, xRange: 0.1...10, yRange: 1e-3...1e3, xScale: .log, yScale: .log)
        let cube = GraphRenderer(glyphs: nil).sample({ $0 * $0 * $0 }, in: loglog)
        let points = cube.branches.flatMap { $0 }.filter { $0.x >= 0 && $0.x <= 600 }
        #expect(points.count > 10)
        // Column c is x = 10^(c/300 - 1); row r is y = 10^(3 - r/100): x³ is r = 600 - c.
        for point in points { #expect(abs(point.y - (600 - point.x)) < 0.5, "(\(point.x), \(point.y))") }
        let logY = Viewport(width: 600, height: 600, xRange: -5...5, yRange: 1e-3...1e3, yScale: .log)
        let exp = GraphRenderer(glyphs: nil).sample({ Foundation.exp($0) }, in: logY)
        for point in exp.branches.flatMap({ $0 }) where point.x >= 0 && point.x <= 600 {
            let x = -5 + point.x / 60
            #expect(abs(point.y - (3 - x * log10(M_E)) * 100) < 0.5)
        }
        // y = x on a log y axis: nothing left of x = 0.
        let line = GraphRenderer(glyphs: nil).sample({ $0 }, in: Viewport(width: 600, height: 400, xRange: -10...10,
                                                                               yRange: 0.01...100, yScale: .log))
        let drawn = line.branches.flatMap { $0 }
        #expect(!drawn.isEmpty && drawn.allSatisfy { $0.x >= 300 - 1e-6 }, "\(drawn.prefix(3))")
    }

    @Test("Fit, statistics and points of interest work along log x")
    func analysis() {
        let viewport = Viewport(width: 600, height: 400, xRange: 1e-3...1e3, yRange: -1...1, xScale: .log)
        // sin(ln x) has roots at e^(kπ) and its extrema at e^(π/2 + kπ): even in log x, not in x.
        let f: (Double) -> Double? = { sin(log($0)) }
        let found = PointsOfInterest.find(in: [f], over: viewport.xRange, xScale: .log)
        let roots = found.curves[0].roots
        let expected = (-2...2).map { exp(Double($0) * .pi) }
        #expect(roots.count == expected.count, "\(roots)")
        for (a, b) in zip(roots, expected) { #expect(abs(a - b) <= 1e-9 * b) }
        #expect(found.curves[0].yIntercept == nil)
        let statistics = GraphStatistics.measure(f, in: viewport)
        #expect(abs((statistics.maximum?.y ?? 0) - 1) < 1e-9)
        let maximumX = statistics.maximum?.x ?? 0
        let peaks: [Double] = [-3.5, -1.5, 0.5, 2.5].map { k in exp(k * Double.pi) }
        #expect(peaks.contains { peak in abs(maximumX - peak) < 1e-4 * peak }, "\(maximumX)")
        // Fit on a log y axis: x² over 1e-3…1e3 spans 1e-6…1e6, twelve decades, and the margin is 10 % of
        // half of them each side: 10^-6.6…10^6.6.
        let fitted = Viewport(width: 600, height: 400, xRange: 1e-3...1e3, yRange: 1...10, xScale: .log, yScale: .log)
            .fittingY(to: { $0 * $0 })
        #expect(abs(log10(fitted.yRange.lowerBound) + 6.6) < 1e-9)
        #expect(abs(log10(fitted.yRange.upperBound) - 6.6) < 1e-9)
    }
}
