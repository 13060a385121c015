import Tabular
import TestSupport
import Testing

/// Hostile data is ordinary data: every case draws what is there and says what was skipped.
@Suite("Tabular: hostile data")
struct HostileTests {
    @Test("Rows with too few or too many cells are drawn with what they have, and counted")
    func ragged() throws {
        let read = try table("x,y,z\n1,2,3\n2,4\n3,6,9,12\n4\n")
        #expect(read.x == [1, 2, 3, 4])
        #expect(read.series[0].values == [2, 4, 6, nil])
        #expect(read.series.count == 2 && read.series[1].values == [3, nil, 9, nil])
        #expect(read.skips.raggedRows == 3)
        #expect(read.skips.skippedRows == 0)
        #expect(read.skips.first == SkipProblem(line: 3, kind: .width(found: 2, expected: 3)))
    }

    @Test("Text in a number column is a skipped cell named in the note")
    func textCell() throws {
        let read = try table("a,b\n1,2\n2,abc\n3,4\n4,x\n")
        #expect(read.series[0].values == [2, nil, 4, nil])
        #expect(read.skips.summary == "2 cells skipped: line 3 has 'abc' in column 2")
    }

    @Test("Garbage, binary, NUL bytes and invalid UTF-8 are text, shown escaped")
    func binary() throws {
        var random = SplitMix64(seed: 7)
        let garbage = (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let read = try TabularReader.read(garbage)
        #expect(read.x.count == read.series.first?.values.count ?? read.x.count)
        let nul = try TabularReader.read(Array("x,y\n1,2\n2,\u{0}\u{1}\n".utf8) + [UInt8(ascii: "3"), 0x2C, 0xFF, 0xFE, 0x0A])
        #expect(nul.series[0].values == [2, nil, nil])
        #expect(nul.skips.first == SkipProblem(line: 3, kind: .text("\\x00\\x01", column: 2)))
        #expect(nul.skips.skippedCells == 2)
    }

    @Test("A line far longer than the limit is passed over in bounded memory, the rest read")
    func longLine() throws {
        var reader = TabularReader(options: TabularOptions(lineLimit: 1 << 20))
        try reader.consume(Array("x,y\n1,2\n".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: "7"), count: 1 << 16)
        for _ in 0..<(64 * 16) {  // 64 MiB with no newline
            try reader.consume(chunk)
            #expect(reader.bufferedByteCount <= (1 << 20) + (1 << 16))
        }
        try reader.consume(Array("\n3,4\n".utf8))
        let read = try reader.finish()
        #expect(read.x == [1, 3])
        #expect(read.skips.summary == "1 row skipped: line 3 is longer than 1024 KiB")
    }

    @Test("An unclosed quote swallows at most a line's limit, then the reader picks up again")
    func unclosedQuote() throws {
        let text = "x,y\n1,\"open\n" + String(repeating: "2,3\n", count: 1000) + "9,9\n"
        let read = try table(Array(text.utf8), chunk: 512, TabularOptions(columns: [.number(1), .number(2)], lineLimit: 1024))
        #expect(read.skips.skippedRows == 1)
        #expect(read.x.last == 9)
        #expect(read.x.count > 700)
    }

    @Test("Extremes, all-equal values, a single row, nothing at all")
    func edges() throws {
        let extremes = try table("x,y\n1,1e308\n2,-1e308\n3,1.7976931348623157e308\n")
        #expect(extremes.series[0].values == [1e308, -1e308, .greatestFiniteMagnitude])
        let equal = try table("x,y\n1,5\n2,5\n3,5\n")
        #expect(equal.series[0].values == [5, 5, 5])
        let single = try table("x,y\n1,2\n")
        #expect(single.x == [1])
        #expect(single.series[0].values == [2])
        let empty = try table("")
        #expect(empty.x.isEmpty && empty.series.isEmpty)
        let blank = try table("\n\n\r\n")
        #expect(blank.x.isEmpty)
    }

    @Test("Chunk boundaries change nothing: a CRLF file read byte by byte is the file read whole")
    func chunking() throws {
        let text = "t,\"v\"\r\n2024-01-01T00:00:00Z,\"1,5\"\r\n2024-01-02,\"2\"\"\"\r\n2024-01-03,3\r\n"
        let whole = try table(text)
        for size in [1, 2, 3, 7] {
            #expect(try table(Array(text.utf8), chunk: size) == whole)
        }
        #expect(whole.x.count == 3)
        #expect(whole.series[0].values == [nil, nil, 3])
    }
}
