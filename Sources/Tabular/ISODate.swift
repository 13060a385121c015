/// ISO 8601 dates and date-times read to seconds since 1970-01-01T00:00:00Z, by hand (no
/// DateFormatter, no time zone database).
///
/// Accepted: `YYYY-MM-DD`, then optionally `T` or one space and `hh:mm`, `hh:mm:ss` or
/// `hh:mm:ss.fff…` (any number of fraction digits), then optionally `Z`, `±hh:mm`, `±hhmm` or
/// `±hh`. Years 0000 to 9999 (proleptic Gregorian, as Python's datetime counts them from year 1).
/// A time without an offset is read as UTC: the file says nothing of its zone, and the same file
/// must draw the same picture on every machine. Each field is checked (month 1-12, the day within
/// its month and leap year, hour 0-23, minute and second 0-59, offsets within ±23:59).
package enum ISODate {
    /// The seconds since the epoch `bytes` name, or nil when they are not an ISO 8601 date.
    package static func epochSeconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var reader = DigitReader(bytes: NumberParser.trimmingSpaces(bytes))
        guard let year = reader.digits(4), reader.skip("-"),
              let month = reader.digits(2), reader.skip("-"),
              let day = reader.digits(2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if reader.isAtEnd { return seconds }
        guard reader.skip("T") || reader.skip("t") || reader.skip(" "),
              let timeOfDay = reader.timeOfDay() else { return nil }
        seconds += timeOfDay
        if reader.isAtEnd { return seconds }
        guard let offset = reader.offset(), reader.isAtEnd else { return nil }
        return seconds - offset
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's
    /// `days_from_civil`, exact for every year here).
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// How many days `month` of `year` has.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
}

/// A cursor over the bytes of a date, reading fixed-width fields.
private struct DigitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    /// The next `count` bytes as a decimal number, when they are all digits.
    mutating func digits(_ count: Int) -> Int? {
        guard bytes.count - index >= count else { return nil }
        var value = 0
        for offset in 0..<count {
            let digit = bytes[index + offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        index += count
        return value
    }

    /// Steps over `character` when it is next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// `hh:mm`, `hh:mm:ss` or `hh:mm:ss.fff…` as seconds since midnight.
    mutating func timeOfDay() -> Double? {
        guard let hour = digits(2), skip(":"), let minute = digits(2), hour < 24, minute < 60 else { return nil }
        var seconds = Double(hour * 3600 + minute * 60)
        guard skip(":") else { return seconds }
        guard let second = digits(2), second < 60 else { return nil }
        seconds += Double(second)
        if skip(".") || skip(",") {
            var fraction = 0.0, scale = 1.0, fractionDigits = 0
            while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                if fractionDigits < 15 {
                    fraction = fraction * 10 + Double(digit)
                    scale *= 10
                }
                fractionDigits += 1
                index += 1
            }
            guard fractionDigits > 0 else { return nil }
            seconds += fraction / scale
        }
        return seconds
    }

    /// `Z`, `±hh:mm`, `±hhmm` or `±hh` as seconds east of UTC.
    mutating func offset() -> Double? {
        if skip("Z") || skip("z") { return 0 }
        let sign: Double
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = digits(2), hours < 24 else { return nil }
        if isAtEnd { return sign * Double(hours * 3600) }
        _ = skip(":")
        guard let minutes = digits(2), minutes < 60 else { return nil }
        return sign * Double(hours * 3600 + minutes * 60)
    }
}
