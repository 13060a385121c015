#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What one cell of a number column holds.
package enum CellValue: Equatable, Sendable {
    /// A finite number.
    case number(Double)
    /// Nothing to draw, on purpose: empty, `NA`, `N/A`, `NaN`, `null`, `-`, or a number too large
    /// for a Double (`1e999`, `inf`), which has no place on an axis. Never a zero.
    case gap
    /// Text that is not a number: the cell is skipped and counted.
    case text
}

/// Numbers as people write them in data files, parsed from bytes.
///
/// Accepted: an optional sign (`+2`, `-1.5`), digits with an optional point (`5.`, `.5`,
/// `007`), an optional exponent (`1e3`, `2.5E-7`), with spaces around. Not accepted: digit group
/// separators (`1,000`, `1_000`, `1 000`), hexadecimal, percentages, units. A decimal comma
/// (`1,5`) is read only when the caller says so (`decimalComma`): the reader does for files whose
/// separator is a semicolon, the convention of spreadsheets in locales that write decimal commas;
/// in a comma-separated file the comma is the separator, and in TSV or whitespace columns `1,5`
/// could as well be a thousands group, so there it is text and says so in the skip note.
///
/// The common case (at most 19 significant digits, a decimal exponent within ±22 after scaling)
/// is computed exactly by Clinger's fast path: both the integer mantissa (below 2⁵³) and the power
/// of ten are exact Doubles, so one correctly rounded multiplication or division gives the
/// correctly rounded result. Everything else goes to the C library's `strtod` in the C locale.
package enum NumberParser {
    /// The cell `bytes` (quotes already removed) as a number, a gap or text.
    package static func cell(_ bytes: UnsafeBufferPointer<UInt8>, decimalComma: Bool = false) -> CellValue {
        let trimmed = trimmingSpaces(bytes)
        guard !trimmed.isEmpty else { return .gap }
        if let value = number(trimmed, decimalComma: decimalComma) { return value.isFinite ? .number(value) : .gap }
        return isGapWord(trimmed) || isInfinityWord(trimmed) ? .gap : .text
    }

    /// `bytes` as a Double when the whole of it is a number in one of the accepted notations (no
    /// spaces); infinite when it overflows.
    package static func number(_ bytes: UnsafeBufferPointer<UInt8>, decimalComma: Bool = false) -> Double? {
        let count = bytes.count
        var index = 0
        var negative = false
        if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var digitCount = 0
        var exponent = 0
        // Integer part.
        while index < count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
            if mantissa != 0 || digit != 0 { significantDigits += 1 }
            if significantDigits <= 19 { mantissa = mantissa &* 10 &+ UInt64(digit) } else { exponent += 1 }
            digitCount += 1
            index += 1
        }
        // Fraction.
        if index < count, bytes[index] == UInt8(ascii: ".") || (decimalComma && bytes[index] == UInt8(ascii: ",")) {
            index += 1
            while index < count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                if mantissa != 0 || digit != 0 { significantDigits += 1 }
                if significantDigits <= 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    exponent -= 1
                }
                digitCount += 1
                index += 1
            }
        }
        guard digitCount > 0 else { return nil }
        // Exponent.
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var exponentDigits = 0
            while index < count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                if written < 100_000 { written = written * 10 + Int(digit) }
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent += exponentNegative ? -written : written
        }
        guard index == count else { return nil }
        if significantDigits <= 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let magnitude = exponent < 0 ? Double(mantissa) / exactPowersOfTen[-exponent]
                                         : Double(mantissa) * exactPowersOfTen[exponent]
            return negative ? -magnitude : magnitude
        }
        return strtodValue(bytes, decimalComma: decimalComma)
    }

    /// `bytes` read by the C library's `strtod` in the C locale (nil unless it reads all of them):
    /// the slow path of `number`, and the reference it is measured against.
    package static func strtodValue(_ bytes: UnsafeBufferPointer<UInt8>, decimalComma: Bool = false) -> Double? {
        // A NUL-terminated copy: on the stack for every number of a sane length.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { text in
            for (offset, byte) in bytes.enumerated() {
                text[offset] = CChar(bitPattern: decimalComma && byte == UInt8(ascii: ",") ? UInt8(ascii: ".") : byte)
            }
            text[bytes.count] = 0
            guard let start = text.baseAddress else { return Double?.none }
            var end: UnsafeMutablePointer<CChar>?
            // The C locale for this thread during the call: a point is the decimal point
            // whatever locale the process set (Glibc's module does not bring strtod_l).
            let previous = CLocale.shared.locale.map { uselocale($0) } ?? nil
            let value = strtod(start, &end)
            if let previous { uselocale(previous) }
            guard let end, end - start == bytes.count, bytes.count > 0 else { return nil }
            return value
        }
    }

    /// 10⁰ … 10²², each exact in a Double.
    static let exactPowersOfTen: [Double] = (0...22).map { power in
        var value = 1.0
        for _ in 0..<power { value *= 10 }
        return value
    }

    /// `bytes` without the spaces and tabs around them.
    static func trimmingSpaces(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// The words that mean "no value here", compared without regard to case.
    static let gapWords: [[UInt8]] = ["na", "n/a", "nan", "null", "none", "-", "?", "#n/a"].map { Array($0.utf8) }
    /// Infinities: a gap too, since no axis holds them.
    static let infinityWords: [[UInt8]] = ["inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"].map { Array($0.utf8) }

    static func isGapWord(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { matchesAny(bytes, gapWords) }
    static func isInfinityWord(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { matchesAny(bytes, infinityWords) }

    private static func matchesAny(_ bytes: UnsafeBufferPointer<UInt8>, _ words: [[UInt8]]) -> Bool {
        guard bytes.count <= 9 else { return false }
        return words.contains { word in
            word.count == bytes.count && zip(word, bytes).allSatisfy { $0 == lowercased($1) }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}

/// The C locale, made once, so `strtod` reads a point as the decimal point whatever locale the
/// process set.
final class CLocale: @unchecked Sendable {
    static let shared = CLocale()
    let locale: locale_t?
    private init() { locale = newlocale(1 << LC_NUMERIC, "C", nil) }
}
