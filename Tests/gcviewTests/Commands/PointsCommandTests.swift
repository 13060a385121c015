import Foundation
import Testing

/// `gcview points` run as a user runs it, its answers checked against closed forms.
@Suite("points, run as a user runs it")
struct PointsCommandTests {
    /// The JSON object `points --json ARGUMENTS` prints.
    static func json(_ arguments: String...) throws -> [String: Any] {
        let finished = try run(Paths.gcview, ["points", "--json"] + arguments)
        #expect(finished.status == 0, "\(finished.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: finished.stdoutBytes) as? [String: Any])
    }

    static func curves(_ object: [String: Any]) throws -> [[String: Any]] {
        try #require(object["curves"] as? [[String: Any]])
    }

    @Test("--json: the cubic's roots 1, 2, 3 and extrema at 2 ∓ 1/√3, in the documented shape")
    func cubicJSON() throws {
        let object = try Self.json("x^3 - 6x^2 + 11x - 6")
        #expect(object["x"] as? [Double] == [-10, 10])
        let curve = try #require(try Self.curves(object).first)
        #expect(Set(curve.keys) == ["equation", "roots", "maxima", "minima", "yIntercept", "poles", "jumps", "holes", "truncated", "roundingNoise", "finiteValuesFound"])
        #expect(curve["roots"] as? [Double] == [1, 2, 3])
        let maxima = try #require(curve["maxima"] as? [[String: Double]])
        let minima = try #require(curve["minima"] as? [[String: Double]])
        #expect(maxima.count == 1 && minima.count == 1)
        #expect(abs((maxima[0]["x"] ?? 0) - (2 - 1 / 3.0.squareRoot())) < 1e-7)
        #expect(abs((minima[0]["y"] ?? 0) + 2 / (3 * 3.0.squareRoot())) < 1e-12)
        #expect(curve["yIntercept"] as? Double == -6)
        #expect(curve["truncated"] as? Bool == false)
        #expect((curve["equation"] as? String)?.hasPrefix("y = ") == true)
        #expect((object["intersections"] as? [Any])?.isEmpty == true)
    }

    @Test("The expanded (x − 1)¹⁰ over [0, 2], all rounding noise within 0.05 of 1: its root and minimum at 1, the noise said in text and JSON")
    func manyFoldRootInNoise() throws {
        let expanded = "x^10 - 10x^9 + 45x^8 - 120x^7 + 210x^6 - 252x^5 + 210x^4 - 120x^3 + 45x^2 - 10x + 1"
        let curve = try #require(try Self.curves(Self.json(expanded, "--x", "0:2")).first)
        #expect(curve["roots"] as? [Double] == [1])
        #expect((curve["minima"] as? [[String: Double]])?.map { [$0["x"], $0["y"]] } == [[1, 0]])
        #expect(curve["truncated"] as? Bool == false)
        let stretch = try #require((curve["roundingNoise"] as? [[Double]])?.first)
        #expect(stretch.count == 2 && stretch[0] < 1 && stretch[1] > 1 && stretch[1] - stretch[0] < 0.2, "\(stretch)")
        let text = try run(Paths.gcview, ["points", expanded, "--x", "0:2"])
        #expect(text.stdout.contains("y is rounding noise on ["), "\(text.stdout)")
        #expect(!text.stdout.contains("the list is cut"), "\(text.stdout)")
    }

    @Test("A hole, as a user asks for it: (x² − 1)/(x − 1) is undefined at 1 and tends to 2 there (x + 1 elsewhere)")
    func hole() throws {
        let curve = try #require(try Self.curves(try Self.json("(x^2-1)/(x-1)")).first)
        #expect(curve["holes"] as? [[String: Double]] == [["x": 1, "y": 2]])
        #expect(curve["roots"] as? [Double] == [-1])
        let table = try run(Paths.gcview, ["points", "(x^2-1)/(x-1)"])
        #expect(table.status == 0 && table.stdout.contains("hole         1   2  1"), "\(table.stdout)")
    }

    @Test("A y past the largest Double reads 'overflow', as the calculator says, and an undefined one 'undefined'; the JSON has null for both")
    func overflow() throws {
        // 1e308·x: 1e308 at 1, 2e308 at 2 (past 1.7976931348623157e308); √(−x) is undefined for x > 0.
        let text = try run(Paths.gcview, ["points", "1e308*x", "sqrt(-x)", "--x", "-3:3", "--at", "2", "--table", "1"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("curve 1 at x = 2: y = overflow"), "\(text.stdout)")
        #expect(text.stdout.contains("curve 2 at x = 2: y = undefined"), "\(text.stdout)")
        let rows = text.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains(["2", "overflow", "undefined"]) && rows.contains(["-2", "overflow", "1.4142135623730951"]))
        #expect(rows.contains(["1", "1e+308", "undefined"]) && rows.contains(["0", "0", "0"]))
        let hole = try run(Paths.gcview, ["points", "sin(x)/x", "--x", "-1:1", "--table", "1"])
        let holeRows = hole.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(holeRows.contains(["0", "hole", "→", "1"]), "the limit at the hole, as the trace says it: \(hole.stdout)")
        let eval = try run(Paths.gcview, ["eval", "1e308*2"])
        #expect(eval.stdout.contains("Error: overflow"), "the calculator's word: \(eval.stdout)")
        #expect(eval.status == 1)
        let object = try Self.json("1e308*x", "--at", "2", "--x", "-3:3")
        let at = try #require(try Self.curves(object).first?["at"] as? [String: Any])
        #expect(at["y"] is NSNull)
    }

    @Test("--json: cos x = x, slope and area of sin, and a table, each against its closed form")
    func intersectionSlopeAreaTable() throws {
        let object = try Self.json("sin(x)", "x/2", "--at", "1", "--area", "0:3.141592653589793", "--table", "0.5", "--x", "-4:4")
        let meetings = try #require(object["intersections"] as? [[String: Any]])
        // sin x = x/2 at 0 and ±1.895494267033981 (Newton, below).
        var newton = 2.0
        for _ in 0..<50 { newton -= (sin(newton) - newton / 2) / (cos(newton) - 0.5) }
        let xs = meetings.compactMap { $0["x"] as? Double }
        #expect(xs.count == 3 && abs(xs[0] + newton) < 1e-14 && xs[1] == 0 && abs(xs[2] - newton) < 1e-14, "\(xs)")
        #expect(meetings.allSatisfy { $0["curves"] as? [Int] == [0, 1] })
        let sine = try #require(try Self.curves(object).first)
        let at = try #require(sine["at"] as? [String: Double])
        #expect(at["x"] == 1 && abs((at["y"] ?? 0) - sin(1)) < 1e-15 && abs((at["slope"] ?? 0) - cos(1)) < 1e-9)
        let area = try #require(sine["area"] as? [String: Any])
        #expect(abs((area["value"] as? Double ?? 0) - 2) < 1e-10 && area["reason"] is NSNull)
        let table = try #require(object["table"] as? [[String: Any]])
        #expect(table.compactMap { $0["x"] as? Double } == stride(from: -4.0, through: 4, by: 0.5).map { $0 })
        let row = try #require(table[1]["y"] as? [Double])
        #expect(row.count == 2 && abs(row[0] - sin(-3.5)) < 1e-15 && row[1] == -1.75)
    }

    @Test("--area of curves that overflow inside their computation far out: ∫₁^1e300 1/x² = 1, e^(−x²) and 1/(1 + x²) over ±1e300 are √π and π (x² overflows past 1.3e154); and ∫ sin(x)/x over ±1e4 = 2 Si(1e4) = 3.14178309077192 (mpmath)",
          arguments: [("1/x^2", "1:1e300", 1.0), ("e^(-x^2)", "-1e300:1e300", Double.pi.squareRoot()),
                      ("1/(1+x^2)", "-1e300:1e300", Double.pi), ("sin(x)/x", "-1e4:1e4", 3.1417830907719238)])
    func areasThatOverflowInside(expression: String, ends: String, value: Double) throws {
        let curve = try #require(try Self.curves(try Self.json(expression, "--x", "-2:2", "--area", ends)).first)
        let area = try #require(curve["area"] as? [String: Any])
        #expect((area["value"] as? Double).map { abs($0 - value) <= 1e-10 * value } == true, "\(area)")
    }

    @Test("--json: tan's poles, floor's jumps, 1/x's area has no value and says why; sin(1/x) is cut")
    func discontinuities() throws {
        let tangent = try #require(try Self.curves(try Self.json("tan(x)", "--x", "-3:3")).first)
        let poles = try #require(tangent["poles"] as? [Double])
        #expect(poles.count == 2 && abs(poles[0] + .pi / 2) < 1e-9 && abs(poles[1] - .pi / 2) < 1e-9, "\(poles)")
        #expect(tangent["roots"] as? [Double] == [0] || (tangent["roots"] as? [Double])?.count == 1)
        let floor = try #require(try Self.curves(try Self.json("floor(x)", "--x", "-2.5:2.5")).first)
        #expect(floor["jumps"] as? [Double] == [-2, -1, 0, 1, 2])
        #expect((floor["roots"] as? [Double])?.isEmpty == true)
        let reciprocal = try #require(try Self.curves(try Self.json("1/x", "--x", "-2:2", "--area", "-1:1")).first)
        let area = try #require(reciprocal["area"] as? [String: Any])
        #expect(area["value"] is NSNull && (area["reason"] as? String)?.contains("pole at x = 0") == true)
        #expect(reciprocal["yIntercept"] is NSNull)
        let oscillation = try #require(try Self.curves(try Self.json("sin(1/x)", "--x", "-1:1")).first)
        #expect(oscillation["truncated"] as? Bool == true)
    }

    @Test("--json: a gap in the domain inside one sample interval, the calculator's own sign and √: roots at its edges ±0.1, the meetings with x/3 beside them, and no jump; x^x has no jump between the negative integers")
    func gapInTheDomain() throws {
        let object = try Self.json("sign(x) sqrt(x^2 - 0.01)", "x/3", "--x", "-1000:1001")
        let curve = try #require(try Self.curves(object).first)
        #expect(curve["roots"] as? [Double] == [-0.1, 0.1], "\(String(describing: curve["roots"]))")
        #expect((curve["jumps"] as? [Double])?.isEmpty == true && (curve["poles"] as? [Double])?.isEmpty == true)
        // sign(x)√(x² − 0.01) = x/3 where x² = 0.01 · 9/8.
        let meetings = try #require(object["intersections"] as? [[String: Any]]).compactMap { $0["x"] as? Double }
        let exact = (0.01 * 9 / 8).squareRoot()
        #expect(meetings.count == 2 && abs(meetings[0] + exact) < 1e-12 && abs(meetings[1] - exact) < 1e-12, "\(meetings)")
        let power = try #require(try Self.curves(try Self.json("x^x", "--x", "-5:106829")).first)
        #expect((power["jumps"] as? [Double])?.isEmpty == true, "\(String(describing: power["jumps"]))")
    }

    @Test("the text table has the columns kind, x, y, curve, sorted by x")
    func text() throws {
        let finished = try gcview("points", "x^2 - 4", "x", "--x", "-5:5")
        #expect(finished.status == 0, "\(finished.stderr)")
        let lines = finished.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "curve 1: y = x ^ 2 − 4")
        let header = try #require(lines.first { $0.hasPrefix("kind") })
        #expect(header.split(separator: " ") == ["kind", "x", "y", "curve"])
        let rows = lines.drop { !$0.hasPrefix("kind") }.dropFirst().map { $0.split(separator: " ").map(String.init) }
        let xs = rows.compactMap { Double($0[1]) }
        #expect(xs == xs.sorted() && xs.count == rows.count)
        #expect(rows.contains(["root", "-2", "0", "1"]) && rows.contains(["root", "2", "0", "1"]))
        #expect(rows.contains(["minimum", "0", "-4", "1"]))
        // x² − 4 = x at (1 ± √17)/2.
        let meetings = rows.filter { $0[0] == "intersection" }.compactMap { Double($0[1]) }
        #expect(meetings.count == 2 && abs(meetings[0] - (1 - 17.0.squareRoot()) / 2) < 1e-14)
    }

    @Test("A curve finite nowhere on the range says so in the text and the JSON; one finite somewhere does not")
    func nowhereDefined() throws {
        let finished = try gcview("points", "1/0", "sqrt(-1-x^2)", "sqrt(x)", "--x", "-4:4")
        #expect(finished.status == 0, "\(finished.stderr)")
        let lines = finished.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("no finite value") } == [
            "curve 1: no finite value was found for x in [-4, 4]",
            "curve 2: no finite value was found for x in [-4, 4]",
        ])
        let curves = try Self.curves(try Self.json("1/0", "exp(x)", "x", "--x", "1000:2000"))
        #expect(curves.map { $0["finiteValuesFound"] as? Bool } == [false, false, true])
    }

    @Test("bad input is one line on stderr and exit status 2", arguments: [
        ["points", "2 * (3 + x"],
        ["points", "x", "--x", "3:3"],
        ["points", "x", "--x", "5:1"],
        ["points", "tan(x)", "--x", "0:1.5707963267948966"],
        ["points", "1/x", "--x", "0:1"],
        ["points", "x", "--table", "0"],
        ["points", "x", "--table", "1e-9"],
        ["points", "x", "--area", "0:inf"],
        ["points", "x", "--at", "nan"],
        ["points", "\u{1b}[31mx"],
        ["points", "x", "--frobnicate"],
    ])
    func badInput(_ arguments: [String]) throws {
        let finished = try run(Paths.gcview, arguments)
        #expect(finished.status == 2)
        #expect(finished.stdout.isEmpty)
        let lines = finished.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(finished.stderr)")
        #expect(lines.first?.hasPrefix("gcview: ") == true)
        #expect(!finished.stderr.contains("\u{1b}"), "control characters reached the terminal")
    }
}
