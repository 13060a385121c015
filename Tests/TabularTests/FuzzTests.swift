import Foundation
import Tabular
import TestSupport
import Testing

/// Seeded fuzzing: random bytes and mutated CSVs never crash or hang, chunking never changes the
/// table, and well-formed random CSVs read as Python's csv module reads them.
@Suite("Tabular: fuzzing")
struct FuzzTests {
    static let cells = ["1", "-2.5", "3e2", ".5", "", "NA", "null", "abc", "\"4\"", "\"a,b\"", "\"x\ny\"",
                        "\"say \"\"hi\"\"\"", " 7 ", "1,5", "\u{FEFF}", "2024-03-01", "\"\"", "é", "\u{0}"]

    /// Cells whose reading Python's csv module and a regular expression for numbers settle alone.
    static let wellFormedCells = ["1", "-2.5", "3e2", ".5", "5.", "", "NA", "null", "abc", "\"4\"", "\"a,b\"", "\"x\ny\"",
                                  "\"x\r\ny\"", "\"say \"\"hi\"\"\"", " 7 ", "\"\"", "é", "+1e-3", "\"1\"\"\""]

    /// A random CSV of `rows` rows; the first cell of each row is its number.
    static func randomCSV(_ random: inout SplitMix64, rows: Int, width: Int, lineEnd: String,
                          cells: [String] = cells) -> String {
        var text = (1...width).map { "c\($0)" }.joined(separator: ",") + lineEnd
        for row in 1...rows {
            text += ([String(row)] + (1..<width).map { _ in random.pick(cells) }).joined(separator: ",") + lineEnd
        }
        return text
    }

    @Test("Random bytes and mutated CSVs: no crash, and the same table in any chunks")
    func mutations() throws {
        try SeedSweep.forEach(300) { seed in
            var random = SplitMix64(seed: seed)
            var bytes: [UInt8]
            if random.chance(0.3) {
                bytes = (0..<Int.random(in: 0...4000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            } else {
                bytes = Array(Self.randomCSV(&random, rows: 40, width: 4, lineEnd: random.pick(["\n", "\r\n"])).utf8)
                for _ in 0..<Int.random(in: 1...8, using: &random) where !bytes.isEmpty {
                    let at = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[at] = random.pick([0x22, 0x2C, 0x0A, 0x0D, 0x00, 0xFF, 0x7B, 0x09])
                    case 1: bytes.remove(at: at)
                    default: bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
                    }
                }
            }
            let options = TabularOptions(lineLimit: 256, sniffLimit: 512)
            let whole = try? TabularReader.read(bytes, options: options)
            let chunked = try? table(bytes, chunk: Int.random(in: 1...300, using: &random), options)
            #expect(whole == chunked, "seed \(seed)")
            if let whole {
                #expect(whole.series.allSatisfy { $0.values.count == whole.x.count }, "seed \(seed)")
            }
        }
    }

    @Test("Well-formed random CSVs read as Python's csv module reads them")
    func againstPythonCSV() throws {
        let script = """
        import sys, csv, json, io, math, re
        number = re.compile(r'^[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?$')
        gaps = {'', 'na', 'n/a', 'nan', 'null', 'none', '-', '?', '#n/a'}
        files = json.load(sys.stdin)
        out = []
        for text in files:
            rows = list(csv.reader(io.StringIO(text.lstrip('\\ufeff'), newline='')))
            columns = [[] for _ in rows[0][1:]]
            for row in rows[1:]:
                if not row: continue
                for i, cell in enumerate(row[1:]):
                    c = cell.strip(' \\t')
                    if number.match(c) and math.isfinite(float(c)): columns[i].append(float(c))
                    else: columns[i].append(None)
            out.append(columns)
        print(json.dumps(out))
        """
        var random = SplitMix64(seed: 4180)
        var files: [String] = []
        for _ in 0..<200 {
            files.append(Self.randomCSV(&random, rows: Int.random(in: 1...30, using: &random),
                                        width: Int.random(in: 2...5, using: &random),
                                        lineEnd: random.pick(["\n", "\r\n"]), cells: Self.wellFormedCells))
        }
        let input = try JSONSerialization.data(withJSONObject: files)
        guard let expected = try Python.json(script, input: input) as? [[[Any]]] else {
            Issue.record("python printed no list")
            return
        }
        for (text, columns) in zip(files, expected) {
            let width = columns.count + 1
            let read = try table(text, TabularOptions(hasHeader: true, columns: (1...width).map { .number($0) }))
            let python = columns.map { $0.map { $0 as? Double } }
            #expect(read.series.map(\.values) == python, "\(text.debugDescription)")
        }
    }
}
