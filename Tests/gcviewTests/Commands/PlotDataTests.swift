import Foundation
import Raster
import TestSupport
import Testing

/// `gcview plot` on the user's data, run as a user runs it: a pipe on standard input, a data file
/// beside an expression, the skip line counted by the test, a file named like an expression,
/// hostile input that never crashes or hangs.
@Suite("Plotting data")
struct PlotDataTests {
    static let width = 600, height = 400

    /// The PNG `gcview plot ARGUMENTS` wrote, decoded, with what it printed on stderr.
    static func plot(_ arguments: [String], stdin: Data? = nil, in folder: URL? = nil) throws -> (pixels: [RGB], stderr: String) {
        let folder = folder ?? Paths.temporaryFolder()
        let file = folder.appendingPathComponent("graph.png")
        let result = try run("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", folder.path, Paths.gcview, "plot"] + arguments
                             + ["--size", "\(width)x\(height)", "--theme", "dark", "--output", file.path], stdin: stdin)
        try #require(result.status == 0, "\(result.stderr)")
        let decoded = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: file)))
        return (decoded.pixels, result.stderr)
    }

    static func isCurve(_ pixel: RGB, _ index: Int) -> Bool { pixel.distance(to: Theme.dark.curveColor(index)) <= 60 }

    private static let labelColours = Array(Theme.dark.palette[Int(PaletteSlot.firstLabel)..<Int(PaletteSlot.firstCurve)])

    /// Whether a tick label's ink lies within 8 px of (column, row): labels are drawn over the
    /// curves in a halo of the paper, so a point there may be hidden by design.
    static func nearLabel(_ pixels: [RGB], column: Int, row: Int) -> Bool {
        for y in max(0, row - 8)...min(height - 1, row + 8) {
            for x in max(0, column - 8)...min(width - 1, column + 8)
            where labelColours.contains(where: { pixels[y * width + x].distance(to: $0) <= 10 }) { return true }
        }
        return false
    }

    @Test("Standard input, one column: each value y against its row number, every point where it falls")
    func standardInputPoints() throws {
        let values = (1...50).map { $0 * $0 }
        let input = Data(values.map { "\($0)\n" }.joined().utf8)
        let (pixels, stderr) = try Self.plot(["-", "--style", "points", "--x", "0:60", "--y", "0:3000"], stdin: input)
        #expect(stderr.isEmpty, "\(stderr)")
        var checked = 0
        for (index, value) in values.enumerated() {
            // Row numbers from 1; the picture maps x 0...60 and y 0...3000 onto its pixels.
            let column = Int(Double(index + 1) / 60 * Double(Self.width)), row = Int((3000 - Double(value)) / 3000 * Double(Self.height))
            guard row > 40, row < Self.height, !Self.nearLabel(pixels, column: column, row: row) else { continue }
            #expect(Self.isCurve(pixels[row * Self.width + column], 0), "no ink at row \(index + 1)")
            checked += 1
        }
        #expect(checked > 30)
    }

    @Test("A data file beside an expression: both drawn, in their own colours")
    func dataBesideExpression() throws {
        let folder = Paths.temporaryFolder()
        try Data("t,temp\n0,0.5\n1,0.6\n2,0.4\n3,0.9\n".utf8).write(to: folder.appendingPathComponent("d.csv"))
        let (pixels, stderr) = try Self.plot(["d.csv", "sin(x)"], in: folder)
        #expect(stderr.isEmpty, "\(stderr)")
        #expect(pixels.contains { Self.isCurve($0, 0) })
        #expect(pixels.contains { Self.isCurve($0, 1) })
    }

    @Test("The skip line counts the cells the test spoiled and names the first", arguments: [1, 7, 40])
    func skipLine(seed: Int) throws {
        var random = SplitMix64(seed: seed)
        var lines = ["x,y"], spoiled = 0, first: Int?
        for row in 0..<300 {
            let bad = random.next() % 10 == 0
            lines.append("\(row),\(bad ? "abc" : String(random.next() % 100))")
            if bad {
                spoiled += 1
                // The header is line 1, row 0 is line 2.
                if first == nil { first = row + 2 }
            }
        }
        let folder = Paths.temporaryFolder()
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("bad.csv"))
        let (_, stderr) = try Self.plot(["bad.csv"], in: folder)
        let expected = "gcview: bad.csv: \(spoiled) cell\(spoiled == 1 ? "" : "s") skipped: line \(first ?? 0) has 'abc' in column 2\n"
        #expect(stderr == expected)
    }

    @Test("A file named like an expression never changes what the expression means")
    func fileNamedLikeAnExpression() throws {
        let folder = Paths.temporaryFolder()
        try Data("1\n2\n3\n".utf8).write(to: folder.appendingPathComponent("x"))
        let (pixels, stderr) = try Self.plot(["x", "--x", "-10:10", "--y", "-10:10"], in: folder)
        #expect(stderr.isEmpty)
        // y = x passes through the centre of the picture.
        let near = (-3...3).contains { Self.isCurve(pixels[(Self.height / 2 + $0) * Self.width + Self.width / 2], 0) }
        #expect(near)
    }

    @Test("Nothing drawable: one clear line and exit 2", arguments: ["\u{1}\u{2}\u{3}\0\0garbage\u{1B}[31m\n\u{FF}\n", "a,b\nx,y\n", ""])
    func nothingDrawable(text: String) throws {
        let result = try run(Paths.gcview, ["plot", "-", "--output", "/dev/null"], stdin: Data(text.utf8))
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.last?.contains("nothing to draw") == true, "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(lines.count <= 2)
    }

    @Test("Hostile data: NUL bytes, a long line, 1e308 columns, one row, all equal values never crash")
    func hostile() throws {
        let long = String(repeating: "9", count: 3 << 20)
        let cases = ["1,2\n\0\0\0,5\n3,4\n", "0,1\n" + long + "\n2,3\n", "1e308,-1e308\n-1e308,1e308\n2,1e308\n", "5,7\n",
                     String(repeating: "3,3\n", count: 1000)]
        for text in cases {
            let result = try run(Paths.gcview, ["plot", "-", "--output", "/dev/null", "--size", "300x200"], stdin: Data(text.utf8))
            #expect(result.status == 0 || result.status == 2, "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count <= 2, "\(result.stderr)")
        }
    }

    @Test("Data options without data, and a missing data file, are refused in one line")
    func refusals() throws {
        for arguments in [["sin(x)", "--style", "points"], ["sin(x)", "--hist"], ["--data", "/nonexistent/d.csv"]] {
            let result = try run(Paths.gcview, ["plot"] + arguments + ["--output", "/dev/null"])
            #expect(result.status == 2)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }
}
