/// Dates and times of the proleptic Gregorian calendar in UTC, from days and seconds since
/// 1970-01-01 00:00:00 UTC, in whole numbers: Howard Hinnant's `days_from_civil` and
/// `civil_from_days` (https://howardhinnant.github.io/date_algorithms.html), exact for any day a
/// 64-bit count holds, before 1970 as after.
///
/// Hand-written rather than taken from Foundation: `Calendar` and `Date.FormatStyle` (month
/// names) live in FoundationInternationalization, which links ICU, and Raster depends on nothing.
struct CivilDate: Equatable, Sendable {
    /// The year, astronomical (0 is 1 BC).
    var year: Int
    /// 1 to 12.
    var month: Int
    /// 1 to 31.
    var day: Int

    /// The date `days` days after 1970-01-01.
    init(daysSinceEpoch days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The days from 1970-01-01 to this date (negative before it).
    var daysSinceEpoch: Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The months from January 1970 to this date's month.
    var monthsSinceEpoch: Int { (year - 1970) * 12 + month - 1 }

    /// English month abbreviations, as C's `%b` writes them.
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `2026`, four digits at least.
    var yearText: String { CivilTime.padded(year, 4) }
    /// `2026-03`.
    var monthText: String { yearText + "-" + CivilTime.padded(month, 2) }
    /// `2026-03-14`.
    var isoText: String { monthText + "-" + CivilTime.padded(day, 2) }
    /// `Mar 14`.
    var dayText: String { Self.monthNames[min(max(month, 1), 12) - 1] + " \(day)" }
}

/// A moment in whole milliseconds since 1970-01-01 00:00:00 UTC, split into its date and time of day.
struct CivilTime: Equatable, Sendable {
    static let secondsPerDay = 86_400

    let date: CivilDate
    /// Milliseconds since the day's midnight.
    let millisecondOfDay: Int

    init(millisecondsSinceEpoch milliseconds: Int) {
        let perDay = Self.secondsPerDay * 1000
        let days = milliseconds >= 0 ? milliseconds / perDay : -((-milliseconds - 1) / perDay) - 1
        date = CivilDate(daysSinceEpoch: days)
        millisecondOfDay = milliseconds - days * perDay
    }

    /// `14:30`, `14:30:15`, or with `decimals` (1–3) of a second, `14:30:15.25`.
    func clockText(seconds: Bool, decimals: Int = 0) -> String {
        let second = millisecondOfDay / 1000
        var text = Self.padded(second / 3600, 2) + ":" + Self.padded(second / 60 % 60, 2)
        guard seconds else { return text }
        text += ":" + Self.padded(second % 60, 2)
        guard decimals > 0 else { return text }
        let fraction = Self.padded(millisecondOfDay % 1000, 3)
        return text + "." + fraction.prefix(min(decimals, 3))
    }

    /// `value` in at least `width` digits, a minus sign before them.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(width - digits.count, 0))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}
