import Foundation
@testable import Raster
import TestSupport
import Testing

/// Issue 52's time axes: ticks on calendar steps, labelled as dates, checked against python3's
/// `datetime` at test time (each tick on a boundary of its step, one step after the one before,
/// none missing at either end, its label what `strftime` writes for it).
@Suite("Time axes")
struct TimeAxisTests {
    /// Seconds since the epoch of a UTC date and time, by python's datetime (not the code under test).
    static func seconds(_ iso: String) throws -> Double {
        let script = "import sys, datetime as d; t = d.datetime.fromisoformat(sys.argv[1]); "
            + "print(repr((t - d.datetime(1970, 1, 1)).total_seconds()))"
        let output = try TimeReference.run(script, arguments: [iso], input: Data())
        return try #require(Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// Views from 0.3 seconds to 3000 years, across midnight and New Year, before 1970, at year 1 and year 9999.
    static let spans: [(from: String, to: String)] = [
        ("2026-03-14T14:30:15.100", "2026-03-14T14:30:15.400"), ("2026-03-14T14:30:14", "2026-03-14T14:30:17"),
        ("2026-03-14T14:29:50", "2026-03-14T14:30:30"), ("2026-03-14T23:55:00", "2026-03-15T00:05:00"),
        ("2026-03-14T20:00:00", "2026-03-15T05:00:00"), ("2026-12-31T18:00:00", "2027-01-01T03:00:00"),
        ("2026-03-10T00:00:00", "2026-03-12T00:00:00"), ("2026-12-20T00:00:00", "2027-01-08T00:00:00"),
        ("2026-11-01T00:00:00", "2027-02-15T00:00:00"), ("2026-01-01T00:00:00", "2027-01-01T00:00:00"),
        ("2024-05-01T00:00:00", "2029-05-01T00:00:00"), ("1990-01-01T00:00:00", "2020-01-01T00:00:00"),
        ("1700-01-01T00:00:00", "2000-01-01T00:00:00"), ("0001-01-01T00:00:00", "3001-01-01T00:00:00"),
        ("1901-12-13T20:45:52", "1901-12-13T20:46:30"), ("1969-12-31T23:00:00", "1970-01-01T01:00:00"),
        ("1582-10-01T00:00:00", "1582-10-30T00:00:00"), ("0001-01-01T00:00:00", "0001-01-03T00:00:00"),
        ("9999-12-31T23:58:00", "9999-12-31T23:59:59"), ("9990-01-01T00:00:00", "9999-12-31T00:00:00"),
    ]

    /// The time ticks of `viewport`'s x axis: (milliseconds, label), the step, and the positions looked in.
    static func timeTicks(_ viewport: Viewport, style: GraphStyle) throws -> (ticks: [(Int, String)], step: TimeLadder.Step) {
        let painter = AxesPainter(viewport: viewport, style: style, text: nil)
        guard case .time(let ladder) = painter.xAxisTicks else {
            throw TimeReference.Failure(description: "not a time axis: \(painter.xAxisTicks)")
        }
        return (painter.xTicks.map { (ladder.milliseconds(at: $0.index), ladder.label(at: $0.index)) }, ladder.step)
    }

    @Test("Ticks lie on calendar boundaries, one step apart, none missing, labelled as strftime writes them",
          .enabled(if: TimeReference.isAvailable), arguments: [500, 1000, 2400])
    func ticksAgainstPython(width: Int) throws {
        var style = GraphStyle()
        style.xReading = .time
        var lines = ""
        for span in Self.spans {
            let viewport = Viewport(width: width, height: 400, xRange: try Self.seconds(span.from)...Self.seconds(span.to),
                                    yRange: 0...1)
            let (ticks, step) = try Self.timeTicks(viewport, style: style)
            let perThousand = Double(ticks.count) * 1000 / Double(width)
            #expect(ticks.count >= 2 && perThousand <= 20, "\(span) at \(width) px: \(ticks.count) ticks \(ticks.map(\.1))")
            // The positions the painter looks in: a pixel beyond each edge.
            let low = viewport.xPosition(atColumn: -1), high = viewport.xPosition(atColumn: Double(width) + 1)
            lines += "view \(span.from) \(low) \(high) \(step.unit) \(step.count)\n"
            lines += ticks.map { "tick \($0.0) \($0.1)\n" }.joined()
        }
        let report = String(decoding: try TimeReference.run(TimeReference.checker, input: Data(lines.utf8)), as: UTF8.self)
        let checked = report.split(separator: "\n").last.flatMap { Int($0.split(separator: " ")[0]) } ?? 0
        #expect(checked >= 4 * Self.spans.count, "python checked \(checked) ticks: \(report)")
        let failures = report.split(separator: "\n").filter { !$0.hasSuffix("checked") }
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test("The step grows with the span: a wider view never takes a finer step, through seconds to millennia")
    func stepsGrowWithTheSpan() {
        var style = GraphStyle()
        style.xReading = .time
        var previous: TimeLadder.Step?
        var units = Set<Int>()
        for exponent in stride(from: 0.0, through: 11.5, by: 0.05) {
            let span = pow(10, exponent)
            let viewport = Viewport(width: 1000, height: 400, xRange: 1.7e9...(1.7e9 + span), yRange: 0...1)
            guard case .time(let ladder) = AxesPainter(viewport: viewport, style: style, text: nil).xAxisTicks else {
                Issue.record("span \(span) s has no time ticks")
                continue
            }
            let index = TimeLadder.steps.firstIndex(of: ladder.step) ?? -1
            if let previous { #expect(index >= TimeLadder.steps.firstIndex(of: previous) ?? 0, "span \(span)") }
            previous = ladder.step
            units.insert(ladder.step.unit.rawValue)
        }
        #expect(units.count == 8, "every unit from milliseconds to years: \(units.sorted())")
    }

    /// Ranges no calendar step can tick, or beyond the years 1 to 9999.
    static let hostile: [ClosedRange<Double>] = [
        -1e308...1e308, 1e308...1.7e308, -1.7e308...(-1e308), 1e15...(1e15 + 10), -1e13...(-1e13 + 3600),
        1.7e9...(1.7e9 + 1e-5), 0...Double.leastNonzeroMagnitude, -1e12...1e12, 2.5340230079e11...2.5340230081e11,
    ]

    @Test("Hostile ranges neither crash nor hang: time ticks where a step fits, number ticks where none does",
          arguments: 0..<hostile.count)
    func hostileRanges(case index: Int) {
        let range = Self.hostile[index]
        var style = GraphStyle(labelPixelHeight: 12)
        style.xReading = .time
        style.yReading = .time
        let viewport = Viewport(width: 1000, height: 560, xRange: range, yRange: range)
        let image = GraphRenderer(style: style, glyphs: BoxGlyphs()).render({ $0 }, in: viewport)
        #expect(image.width == 1000)
        // The renderer draws no axes for a viewport it cannot represent (a span of one subnormal).
        guard viewport.isRepresentable else { return }
        let painter = AxesPainter(viewport: viewport, style: style, text: nil)
        let inDomain = range.overlaps(TimeLadder.domain) && range.upperBound - range.lowerBound > 1e-2
            && range.upperBound - range.lowerBound < 1e13
        if case .time = painter.xAxisTicks { #expect(inDomain, "\(range) is ticked as time") } else {
            #expect(!inDomain, "\(range) falls back to number ticks")
        }
        for ticks in [painter.xTicks, painter.yTicks] {
            #expect(ticks.count <= 1000)
        }
        let labels = painter.xTicks.compactMap { painter.xAxisTicks.label(at: $0.index) }
        #expect(Set(labels).count == labels.count, "labels distinct: \(labels)")
    }

    @Test("An axis read as time has no other axis crossing it at 0, 1970-01-01: its labels stand at the edge")
    func noAxisAtTheEpoch() {
        // 1950 to 1990 along x and y: 0 lies inside both.
        let viewport = Viewport(width: 800, height: 400, xRange: -6.3e8...6.3e8, yRange: -6.3e8...6.3e8)
        var style = GraphStyle()
        let numbers = AxesPainter(viewport: viewport, style: style, text: nil).stance
        #expect(numbers.xAxisVisible && numbers.yAxisVisible)
        style.xReading = .time
        style.yReading = .time
        let times = AxesPainter(viewport: viewport, style: style, text: nil).stance
        #expect(!times.xAxisVisible && !times.yAxisVisible)
    }

    @Test("A NaN viewport and a log axis read as time fall back to number ticks")
    func nanAndLog() {
        var style = GraphStyle()
        style.xReading = .time
        var broken = Viewport(width: 800, height: 400, xRange: 0...1, yRange: 0...1)
        broken.scaleX = .nan
        if case .time = AxesPainter(viewport: broken, style: style, text: nil).xAxisTicks { Issue.record("NaN scale ticked as time") }
        let log = Viewport(width: 800, height: 400, xRange: 1e3...1e9, yRange: 0...1, xScale: .log)
        #expect(AxesPainter(viewport: log, style: style, text: nil).xAxisTicks.isLog)
        _ = GraphRenderer(style: style, glyphs: BoxGlyphs()).render({ $0 }, in: broken)
    }

    @Test("Days from civil and back agree with python's proleptic Gregorian calendar, years 1 to 9999",
          .enabled(if: TimeReference.isAvailable))
    func civilDays() throws {
        var random = SplitMix64(seed: 52)
        let days = (0..<2000).map { _ in Int(random.next() % 3_652_059) - 719_162 } + [-719_162, 2_932_896, 0, -1, -141_428]
            // The last day of a 400-year era (a 29 February of a year divisible by 400), and the day after.
            + [11016, 11017, -135_081, -135_080, 157_113, -573_372, 2_786_859, -25509, -25508]
        let script = "import sys, datetime as d\nfor line in sys.stdin:\n"
            + "    print((d.date(1970, 1, 1) + d.timedelta(days=int(line))).isoformat())"
        let output = try TimeReference.run(script, input: Data(days.map { "\($0)\n" }.joined().utf8))
        let expected = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        try #require(expected.count == days.count)
        for (day, iso) in zip(days, expected) {
            let date = CivilDate(daysSinceEpoch: day)
            #expect(date.isoText == iso, "day \(day)")
            #expect(date.daysSinceEpoch == day, "day \(day) back from \(iso)")
        }
    }
}
