import Foundation
import Tabular
import TestSupport
import Testing

/// ISO 8601 times, against hand-worked values and Python's datetime on random dates.
@Suite("Tabular: ISO 8601 times")
struct TimeTests {
    static func seconds(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { ISODate.epochSeconds($0) }
    }

    @Test("Dates, times, offsets and fractions", arguments: [
        ("1970-01-01", 0.0), ("2024-03-01", 1_709_251_200), ("2024-03-01T12:30:00Z", 1_709_296_200),
        ("2024-03-01 12:30", 1_709_296_200), ("2024-03-01T12:30:00+01:00", 1_709_292_600),
        ("2024-03-01T12:30:00-0530", 1_709_316_000), ("2024-03-01T12:30:00.25Z", 1_709_296_200.25),
        ("1969-12-31T23:59:59Z", -1), ("0000-01-01", -62_167_219_200), ("9999-12-31T23:59:59Z", 253_402_300_799),
        ("2000-02-29", 951_782_400), ("1900-03-01", -2_203_891_200),
    ])
    func known(text: String, value: Double) {
        #expect(Self.seconds(text) == value)
    }

    @Test("Not dates", arguments: ["2023-02-29", "1900-02-29", "2024-13-01", "2024-00-10", "2024-01-32", "2024-1-1",
                                   "2024-03-01T24:00", "2024-03-01T12:60", "2024-03-01T12:30:61", "2024-03-01T", "20240301",
                                   "2024-03-01T12:30:00+25:00", "2024-03-01X", "12:30"])
    func invalid(text: String) {
        #expect(Self.seconds(text) == nil)
    }

    @Test("Random dates and times from year 1 to 9999 agree with Python's datetime")
    func againstPython() throws {
        var random = SplitMix64(seed: 1952)
        var texts: [String] = []
        for _ in 0..<5000 {
            let year = Int.random(in: 1...9999, using: &random), month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...28, using: &random)
            var text = "\(pad(year, 4))-\(pad(month))-\(pad(day))"
            if random.chance(0.7) {
                text += "T\(pad(Int.random(in: 0...23, using: &random))):\(pad(Int.random(in: 0...59, using: &random)))"
                text += ":\(pad(Int.random(in: 0...59, using: &random)))"
                if random.chance(0.3) { text += ".\(Int.random(in: 0...999, using: &random))" }
                if random.chance(0.5) {
                    text += (random.chance(0.5) ? "+" : "-") + pad(Int.random(in: 0...14, using: &random))
                    text += ":" + pad(Int.random(in: 0...59, using: &random))
                }
            }
            texts.append(text)
        }
        let script = """
        import sys, datetime
        epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
        for line in sys.stdin:
            t = datetime.datetime.fromisoformat(line.strip())
            if t.tzinfo is None: t = t.replace(tzinfo=datetime.timezone.utc)
            print(repr((t - epoch).total_seconds()))
        """
        let expected = String(decoding: try Python.run(script, input: Data(texts.joined(separator: "\n").utf8)),
                              as: UTF8.self).split(separator: "\n").compactMap { Double(String($0)) }
        #expect(expected.count == texts.count)
        for (text, python) in zip(texts, expected) {
            let value = Self.seconds(text)
            #expect(value.map { abs($0 - python) <= max(1e-6, abs(python) * 4e-16) } == true, "\(text)")
        }
    }

    func pad(_ value: Int, _ width: Int = 2) -> String {
        String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
    }

    @Test("A column of dates is marked as time")
    func column() throws {
        let read = try table("date,temp\n2024-03-01,5\n2024-03-02,NA\n1960-01-01T00:00:00Z,7\n")
        #expect(read.xKind == .time)
        #expect(read.x == [1_709_251_200, 1_709_337_600, -315_619_200])
        #expect(read.series[0].values == [5, nil, 7])
    }
}
