import Foundation
import Codecs
import Glyphs
@testable import Raster
import TestSupport
import Testing

/// Issue 52's time axes in pictures as wide as terminals of 80, 120 and 240 columns: every date
/// label is whole (inside the picture, its glyphs drawn where it lies), none touches another, and
/// each x label stands over the tick it names; in pixels with the real font, and in braille cells.
@Suite("Time axis pictures")
struct TimeAxisPictureTests {
    /// Views as (first second since the epoch, span in seconds); the starts from python's datetime:
    /// 2026-03-14T14:30:15, 2026-03-14T23:50, 2026-12-30, 1969-12-31T20:00, 1850-06-01, 0001-01-01, 9999-12-31T23:00.
    static let views: [(start: Double, span: Double)] = [
        (1_773_498_615, 0.4), (1_773_498_615, 3), (1_773_498_615, 600), (1_773_532_200, 6 * 3600),
        (1_798_588_800, 5 * 86400), (1_798_588_800 - 60 * 86400, 120 * 86400), (1_773_498_615, 3 * 365 * 86400),
        (-14400, 8 * 3600), (-3_773_779_200, 50 * 365 * 86400), (-62_135_596_800, 3000 * 365.25 * 86400),
        (253_402_297_200 - 30 * 86400, 30 * 86400 + 3599),
    ]
    static let columns = [80, 120, 240]

    /// The pairs of `texts` closer than `gap` pixels side by side (or overlapping).
    static func crowded(_ texts: [PlacedText], gap: Int) -> [(String, String)] {
        var pairs = [(String, String)]()
        for (index, a) in texts.enumerated() {
            for b in texts[(index + 1)...] {
                let apartAcross = a.left + a.width + gap <= b.left || b.left + b.width + gap <= a.left
                let apartDown = a.top + a.height <= b.top || b.top + b.height <= a.top
                if !apartAcross && !apartDown { pairs.append((a.text, b.text)) }
            }
        }
        return pairs
    }

    /// The labels of the x ticks `painter` draws, by the pixel of each tick.
    static func xTickLabels(_ painter: AxesPainter) -> [(pixel: Int, label: String)] {
        let ticks = painter.xAxisTicks
        return painter.xLabelTicks.compactMap { tick in ticks.label(at: tick.index).map { (tick.pixel, $0) } }
    }

    @Test("In pixels: date labels whole, apart, over their ticks, at 80, 120 and 240 columns", arguments: columns)
    func pixels(columns: Int) throws {
        let glyphs = try FreeTypeGlyphs.system()
        var style = GraphStyle.sized(forTextHeight: 18)
        style.xReading = .time
        let oracle = LabelOracle(glyphs: glyphs, pixelHeight: 18), ascent = glyphs.metrics(pixelHeight: 18).ascent
        for (index, view) in Self.views.enumerated() {
            var viewStyle = style
            if index == 3 { viewStyle.yReading = .time }
            let y = index == 3 ? view.start...(view.start + 2 * 86400) : -1.0...1.0
            let viewport = Viewport(width: columns * 9, height: 24 * 18, xRange: view.start...(view.start + view.span), yRange: y)
            let renderer = GraphRenderer(style: viewStyle, glyphs: glyphs)
            let curve: (Double) -> Double? = { sin(($0 - view.start) / view.span * 9) * (index == 3 ? 80_000 : 0.8) + (y.lowerBound + y.upperBound) / 2 }
            let image = renderer.render([curve], in: viewport)
            // GCVIEW_TIME_PICTURES=folder writes each picture, to look at.
            if let folder = ProcessInfo.processInfo.environment["GCVIEW_TIME_PICTURES"] {
                try Data(PNG.encode(image)).write(to: URL(filePath: folder).appendingPathComponent("time-\(columns)-\(index).png"))
            }
            let painter = AxesPainter(viewport: viewport, style: viewStyle, text: renderer.textPainter)
            guard case .time = painter.xAxisTicks else { Issue.record("view \(index): not a time axis"); continue }
            let labels = image.texts.filter { $0.role == .tickLabel }
            let name = "view \(index) at \(columns) columns"
            #expect(Self.crowded(labels, gap: 4).isEmpty, "\(name): labels too close: \(Self.crowded(labels, gap: 4))")
            for placed in labels {
                #expect(placed.left >= 1 && placed.top >= 1 && placed.left + placed.width <= image.width - 1
                        && placed.top + placed.height <= image.height - 1, "\(name): \(placed.text) cut at the edge")
                #expect(oracle.isDrawn(placed.text, in: image, columns: placed.left...placed.left,
                                       baselines: (placed.top + ascent)...(placed.top + ascent)), "\(name): \(placed.text) not whole")
            }
            let ticks = Self.xTickLabels(painter).filter { $0.pixel >= 0 && $0.pixel < image.width }
            let yTicks = painter.yLabelTicks.compactMap { tick in painter.yAxisTicks.label(at: tick.index).map { (pixel: tick.pixel, label: $0) } }
            // Each label reads a tick it spans: an x tick under it, or a y tick across its line box.
            func spans(_ placed: PlacedText, _ ticks: [(pixel: Int, label: String)], from: Int, length: Int) -> Bool {
                ticks.contains { $0.label == placed.text && $0.pixel >= from - 1 && $0.pixel <= from + length }
            }
            let xLabels = labels.filter { spans($0, ticks, from: $0.left, length: $0.width) }
            for placed in labels where !spans(placed, ticks, from: placed.left, length: placed.width) {
                #expect(spans(placed, yTicks, from: placed.top, length: placed.height), "\(name): \(placed.text) spans no tick of that label")
            }
            #expect(xLabels.count >= 2 && xLabels.count >= ticks.count - 1,
                    "\(name): \(xLabels.map(\.text)) of the ticks \(ticks.map(\.label))")
            #expect(!labels.contains { $0.text.contains("e+") }, "\(name): a label reads as a number: \(labels.map(\.text))")
        }
    }

    @Test("In braille cells: date labels inside, a cell apart at least, at 80, 120 and 240 columns", arguments: columns)
    func braille(columns: Int) {
        var style = GraphStyle.sized(forTextHeight: 4)
        style.xReading = .time
        let renderer = GraphRenderer(style: style, glyphs: CellGlyphs(width: 2, height: 4))
        for (index, view) in Self.views.enumerated() {
            let viewport = Viewport(width: columns * 2, height: 24 * 4, xRange: view.start...(view.start + view.span), yRange: -1...1)
            let curve: (Double) -> Double? = { sin(($0 - view.start) / view.span * 9) }
            let image = renderer.render([curve], in: viewport)
            let labels = image.texts.filter { $0.role == .tickLabel }
            let name = "view \(index) at \(columns) columns"
            #expect(Self.crowded(labels, gap: 2).isEmpty, "\(name): labels run together: \(Self.crowded(labels, gap: 2))")
            for placed in labels {
                #expect(placed.left >= 0 && placed.top >= 0 && placed.left + placed.width <= image.width
                        && placed.top + placed.height <= image.height, "\(name): \(placed.text) cut at the edge")
            }
            let painter = AxesPainter(viewport: viewport, style: style, text: renderer.textPainter)
            guard case .time = painter.xAxisTicks else { Issue.record("\(name): not a time axis"); continue }
            let ticks = Self.xTickLabels(painter).filter { $0.pixel >= 0 && $0.pixel < image.width }
            let xLabels = labels.filter { placed in
                ticks.contains { $0.label == placed.text && $0.pixel >= placed.left - 1 && $0.pixel <= placed.left + placed.width }
            }
            #expect(xLabels.count >= 2 && xLabels.count >= ticks.count - 1,
                    "\(name): x labels \(xLabels.map(\.text)) of the ticks \(ticks.map(\.label))")
        }
    }
}
