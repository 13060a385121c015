/// The ticks of a time axis, whose values are seconds since 1970-01-01 00:00:00 UTC: on calendar
/// steps, the 1-2-5 ladder's equivalent (1, 2, 5 … 500 ms; 1, 2, 5, 10, 15, 30 s and min; 1, 2, 3,
/// 6, 12 h; 1, 2 days; a week, from Monday; 1, 2, 3, 6 months; 1, 2, 5, 10 … 5000 years), the
/// smallest whose ticks stand as far apart as the labels need. Every tick lies on a boundary of its
/// step: a multiple of it from midnight for steps under a day, a multiple of the days since
/// 1970-01-01 for days, a Monday, the first of a month a multiple of months from January, the
/// first of January of a year divisible by the step. UTC throughout, years 1 to 9999 (`domain`).
///
/// Labels read as dates, their precision set by the step: `2026`, `2026-03`, `Mar 14`, `14:30`,
/// `14:30:15`, `14:30:15.25`; where the tick before lies in another day the label is the day
/// (`Mar 15`), and in another year the whole date (`2027-01-01`), so a view across midnight or
/// New Year says the larger unit at the tick that crosses it. A label depends on its tick alone,
/// never on the view, as a panorama's labels must.
struct TimeLadder: Equatable, Sendable {
    /// What a step counts.
    enum Unit: Int, Comparable, Sendable {
        case millisecond, second, minute, hour, day, week, month, year

        static func < (a: Unit, b: Unit) -> Bool { a.rawValue < b.rawValue }
    }

    /// `count` units.
    struct Step: Equatable, Sendable {
        let unit: Unit
        let count: Int

        /// The step's length in milliseconds, for units of one length (a week or less).
        var fixedMilliseconds: Int? {
            switch unit {
            case .millisecond: count
            case .second: count * 1000
            case .minute: count * 60_000
            case .hour: count * 3_600_000
            case .day: count * 86_400_000
            case .week: count * 604_800_000
            case .month, .year: nil
            }
        }

        /// The shortest distance between two ticks, in seconds (28-day months, 365-day years).
        var shortestSeconds: Double {
            switch unit {
            case .month: Double(count * 28 * CivilTime.secondsPerDay)
            case .year: Double(count * 365 * CivilTime.secondsPerDay)
            default: Double(fixedMilliseconds ?? 0) / 1000
            }
        }
    }

    /// Every step, shortest first.
    static let steps: [Step] = {
        let ladder: [(Unit, [Int])] = [
            (.millisecond, [1, 2, 5, 10, 20, 50, 100, 200, 500]), (.second, [1, 2, 5, 10, 15, 30]),
            (.minute, [1, 2, 5, 10, 15, 30]), (.hour, [1, 2, 3, 6, 12]), (.day, [1, 2]), (.week, [1]),
            (.month, [1, 2, 3, 6]), (.year, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000]),
        ]
        return ladder.flatMap { unit, counts in counts.map { Step(unit: unit, count: $0) } }
    }()

    /// The seconds a time axis has ticks in: from 0001-01-01 to the end of 9999.
    static let domain: ClosedRange<Double> = {
        let first = CivilDate(year: 1, month: 1, day: 1).daysSinceEpoch
        let beyond = CivilDate(year: 10_000, month: 1, day: 1).daysSinceEpoch
        return Double(first * CivilTime.secondsPerDay)...(Double(beyond * CivilTime.secondsPerDay) - 0.001)
    }()

    let step: Step

    /// The smallest step whose ticks lie at least `minimumSpacing` pixels apart at
    /// `pixelsPerSecond`, and, with `labelWidth` (an x axis, whose labels stand side by side),
    /// far enough apart for the widest label the step writes; nil when none is (a view of less
    /// than a few milliseconds or more than tens of thousands of years, or a broken scale).
    init?(pixelsPerSecond: Double, minimumSpacing: Double, labelWidth: ((String) -> Double)? = nil) {
        guard pixelsPerSecond.isFinite, pixelsPerSecond > 0 else { return nil }
        let gap = max(minimumSpacing / 4, 10)
        for step in Self.steps where step.shortestSeconds * pixelsPerSecond >= minimumSpacing {
            let widest = labelWidth.map { width in Self.widestLabels(of: step).map(width).max() ?? 0 } ?? 0
            let needed = max(minimumSpacing, widest + (labelWidth == nil ? 0 : gap))
            let spacing = step.shortestSeconds * pixelsPerSecond
            guard spacing >= needed else { continue }
            // Milliseconds more than 5 times further apart than needed: a view of a few of them at most.
            guard step != Self.steps[0] || spacing <= 5 * needed else { return nil }
            self.step = step
            return
        }
        return nil
    }

    init(step: Step) {
        self.step = step
    }

    /// The labels of `step` as wide as any it writes (digits are as wide as each other).
    static func widestLabels(of step: Step) -> [String] {
        switch step.unit {
        case .year: return ["0000"]
        case .month: return ["0000-00"]
        default:
            let days = ["0000-00-00"] + CivilDate.monthNames.map { $0 + " 28" }
            guard step.unit < .day else { return days }
            let decimals = decimals(of: step)
            let clock = step.unit >= .minute ? "00:00" : "00:00:00" + (decimals > 0 ? "." + String(repeating: "0", count: decimals) : "")
            return days + [clock]
        }
    }

    /// The decimals of a second a label of a millisecond step shows: 3 for 1, 2, 5 ms, 2 for 10–50, 1 for 100–500.
    static func decimals(of step: Step) -> Int {
        step.unit != .millisecond ? 0 : step.count < 10 ? 3 : step.count < 100 ? 2 : 1
    }

    // MARK: Ticks

    /// The time of tick `index` in milliseconds since the epoch.
    func milliseconds(at index: Int) -> Int {
        let perDay = CivilTime.secondsPerDay * 1000
        switch step.unit {
        case .week: return (index * 7 - 3) * perDay  // 1969-12-29 was a Monday.
        case .month:
            let months = index * step.count
            let years = months >= 0 ? months / 12 : -((-months - 1) / 12) - 1
            return CivilDate(year: 1970 + years, month: months - years * 12 + 1, day: 1).daysSinceEpoch * perDay
        case .year: return CivilDate(year: index * step.count, month: 1, day: 1).daysSinceEpoch * perDay
        default: return index * (step.fixedMilliseconds ?? 1)
        }
    }

    /// The position (seconds since the epoch) of tick `index`.
    func position(at index: Int) -> Double {
        Double(milliseconds(at: index)) / 1000
    }

    /// The ticks with positions in `positions`, within `domain`; nil when there are none.
    func indices(in positions: ClosedRange<Double>) -> ClosedRange<Int>? {
        let low = max(positions.lowerBound, Self.domain.lowerBound), high = min(positions.upperBound, Self.domain.upperBound)
        guard low <= high else { return nil }
        let first = firstIndex(atOrAbove: low), beyond = firstIndex(atOrAbove: high)
        let last = position(at: beyond) > high ? beyond - 1 : beyond
        return first <= last ? first...last : nil
    }

    /// The first tick at or above `seconds` (inside `domain`): estimated, then corrected by the
    /// ticks' own positions.
    private func firstIndex(atOrAbove seconds: Double) -> Int {
        let date = CivilDate(daysSinceEpoch: Int((seconds / Double(CivilTime.secondsPerDay)).rounded(.down)))
        func floorDivision(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a - 1) / b) - 1 }
        var index: Int
        switch step.unit {
        case .week: index = Int(((seconds / Double(CivilTime.secondsPerDay) + 3) / 7).rounded(.up))
        case .month: index = floorDivision(date.monthsSinceEpoch, step.count)
        case .year: index = floorDivision(date.year, step.count)
        default: index = Int((seconds * 1000 / Double(step.fixedMilliseconds ?? 1)).rounded(.up))
        }
        for _ in 0..<4 where position(at: index - 1) >= seconds { index -= 1 }
        for _ in 0..<4 where position(at: index) < seconds { index += 1 }
        return index
    }

    /// The label of tick `index`.
    func label(at index: Int) -> String {
        let now = CivilTime(millisecondsSinceEpoch: milliseconds(at: index))
        switch step.unit {
        case .year: return now.date.yearText
        case .month: return now.date.monthText
        default:
            let before = CivilTime(millisecondsSinceEpoch: milliseconds(at: index - 1))
            if before.date.year != now.date.year { return now.date.isoText }
            if step.unit >= .day || before.date != now.date { return now.date.dayText }
            return now.clockText(seconds: step.unit < .minute, decimals: Self.decimals(of: step))
        }
    }
}
