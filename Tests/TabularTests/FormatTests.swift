import Tabular
import Testing

/// The formats and their sniffing, each on a small file whose table is written out by hand.
@Suite("Tabular: formats, separators and headers")
struct FormatTests {
    @Test("RFC 4180: quotes, doubled quotes, embedded separators and newlines, CRLF, BOM")
    func rfc4180() throws {
        let text = "\u{FEFF}x,\"label, with comma\",y\r\n1,\"say \"\"hi\"\"\",10\r\n2,\"two\r\nlines\",20\r\n\"3\",plain,\"30\"\r\n"
        let read = try table(text)
        #expect(read.layout.format == .separated(UInt8(ascii: ",")))
        #expect(read.layout.hasHeader)
        #expect(read.layout.columnNames == ["x", "label, with comma", "y"])
        #expect(read.xName == "x")
        #expect(read.x == [1, 2, 3])
        #expect(read.series.map(\.name) == ["y"])
        #expect(read.series[0].values == [10, 20, 30])
        #expect(read.skips.isEmpty)
    }

    @Test("A quoted line break counts as a line of the file in notes")
    func lineNumbersCountQuotedBreaks() throws {
        let read = try table("a,b,c\n1,2,\"x\ny\"\n2,oops,3\n", TabularOptions(columns: [.number(1), .number(2)]))
        #expect(read.skips.first == SkipProblem(line: 4, kind: .text("oops", column: 2)))
    }

    @Test("TSV, semicolons with decimal commas, pipes")
    func otherSeparators() throws {
        let tsv = try table("t\tv\n0\t1.5\n1\t2.5\n")
        #expect(tsv.layout.format == .separated(9))
        #expect(tsv.series[0].values == [1.5, 2.5])
        let semicolons = try table("t;v\n0;1,5\n1;-2,25\n")
        #expect(semicolons.layout.format == .separated(UInt8(ascii: ";")))
        #expect(semicolons.x == [0, 1])
        #expect(semicolons.series[0].values == [1.5, -2.25])
        let pipes = try table("1|2\n3|4\n")
        #expect(pipes.layout.format == .separated(UInt8(ascii: "|")))
        #expect(pipes.x == [1, 3])
    }

    @Test("Whitespace columns with comments, as gnuplot's .dat files")
    func whitespace() throws {
        let read = try table("# time value\n  1   2.5\n\n2\t  3.5  \n# done\n3 4.5\n")
        #expect(read.layout.format == .whitespace)
        #expect(!read.layout.hasHeader)
        #expect(read.x == [1, 2, 3])
        #expect(read.series[0].values == [2.5, 3.5, 4.5])
        #expect(read.series[0].name == "column 2")
    }

    @Test("JSON lines of flat objects: numbers, strings, null, missing keys")
    func jsonLines() throws {
        let text = """
        {"t": 1, "y": 2.5, "note": "a"}
        {"y": null, "t": 2}
        {"t": 3, "y": "4e1", "extra": [1, {"a": 2}]}
        {"t": 4, "y": true}
        not json
        {"t": "\\u0035", "y": -1}
        """
        let read = try table(text, TabularOptions(columns: [.name("t"), .name("y")]))
        #expect(read.layout.format == .jsonLines)
        #expect(read.layout.columnNames == ["t", "y", "note", "extra"])
        #expect(read.x == [1, 2, 3, 4, 5])
        #expect(read.series[0].values == [2.5, nil, 40, nil, -1])
        #expect(read.skips.skippedRows == 1)
        #expect(read.skips.skippedCells == 1)
        #expect(read.skips.first == SkipProblem(line: 4, kind: .jsonValue(key: "y")))
    }

    @Test("A header is found by its text over numbers, and the options override it")
    func headers() throws {
        #expect(try table("1,2\n3,4\n").layout.hasHeader == false)
        #expect(try table("a,b\n3,4\n").layout.hasHeader == true)
        #expect(try table("a,b\n").layout.hasHeader == true)
        let forced = try table("1990,2000\n3,4\n", TabularOptions(hasHeader: true))
        #expect(forced.layout.columnNames == ["1990", "2000"])
        #expect(forced.x == [3])
        let none = try table("a,b\n3,4\n", TabularOptions(hasHeader: false))
        #expect(none.x == [3])
        #expect(none.skips.skippedRows == 1)
        let given = try table("1;2\n3;4\n", TabularOptions(format: .separated(UInt8(ascii: ","))))
        #expect(given.layout.columnNames == ["1;2"])
        #expect(given.series[0].values == [nil])
        #expect(given.skips.skippedCells == 1)
    }

    @Test("Gaps: empty, NA, N/A, NaN, null, - are nil, never zero")
    func gaps() throws {
        let read = try table("x,y\n1,\n2,NA\n3,N/A\n4,NaN\n5,null\n6,-\n7,0\n8, \n")
        #expect(read.series[0].values == [nil, nil, nil, nil, nil, nil, 0, nil])
        #expect(read.skips.isEmpty)
    }
}
