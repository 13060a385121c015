import Foundation
import Testing

/// `--let NAME=VALUE` for eval, plot and points, as a user types it; values are checked against
/// Foundation's mathematics and curves against the true curve.
@Suite("--let: parameters on the command line")
struct ParameterCommandTests {
    @Test("eval takes each parameter's value and prints the values on a third line")
    func eval() throws {
        let finished = try gcview("eval", "--at", "1.5", "--let", "a=2", "--let", "b=-3", "--let", "c=0.25", "a x^2 + b x + c")
        #expect(finished.status == 0, "\(finished.stderr)")
        let lines = finished.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(Double(lines.first ?? "") == 2 * 1.5 * 1.5 - 3 * 1.5 + 0.25)
        #expect(lines.last == "with a = 2, b = -3, c = 0.25")
        #expect(finished.stderr.isEmpty)
    }

    @Test("The README's Parameters example shows what eval prints, and that is the value: 2 × 1.5² − 3 × 1.5 + 1 = 1")
    func readmeExample() throws {
        let readme = try String(contentsOf: Paths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let command = "$ gcview eval --at 1.5 --let a=2 --let b=-3 'a x^2 + b x + 1'\n"
        let start = try #require(readme.range(of: command)).upperBound
        let end = try #require(readme.range(of: "```", range: start..<readme.endIndex)).lowerBound
        let finished = try gcview("eval", "--at", "1.5", "--let", "a=2", "--let", "b=-3", "a x^2 + b x + 1")
        #expect(Double(finished.stdout.split(separator: "\n").first ?? "") == 2 * 1.5 * 1.5 - 3 * 1.5 + 1)
        #expect(String(readme[start..<end]) == finished.stdout)
    }

    @Test("eval --json has the parameters' values; a program without any prints exactly as before")
    func json() throws {
        let finished = try gcview("eval", "--json", "--at", "0.5", "--let", "k=3", "sin(k x)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(finished.stdout.utf8)) as? [String: Any])
        #expect((object["result"] as? Double).map { abs($0 - sin(1.5)) < 1e-15 } == true)
        #expect(object["parameters"] as? [String: Double] == ["k": 3])
        let plain = try gcview("eval", "--json", "--at", "2", "x^2")
        #expect(plain.stdout == #"{"description":"M ^ 2","display":"4","error":null,"pending":false,"result":4}"# + "\n")
        #expect(try gcview("eval", "--at", "2", "x^2").stdout == "4\nM ^ 2 =\n")
    }

    @Test("A parameter not given is 1", arguments: ["eval", "points"])
    func unsetIsOne(command: String) throws {
        if command == "eval" {
            let finished = try gcview("eval", "--at", "3", "a x + b")
            #expect(finished.stdout == "4\na × M + b =\nwith a = 1, b = 1\n")
        } else {
            let finished = try gcview("points", "x^2 - k", "--x", "-3:3", "--json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(finished.stdout.utf8)) as? [String: Any])
            let curve = try #require((object["curves"] as? [[String: Any]])?.first)
            #expect(curve["roots"] as? [Double] == [-1, 1])
            #expect(finished.stderr == "gcview: note: k is not given (--let); taken as 1\n")
        }
    }

    @Test("points finds the roots the parameter moves: x^2 - k has ±√k")
    func points() throws {
        for k in [4.0, 2, 0.5] {
            let finished = try gcview("points", "x^2 - k", "--let", "k=\(k)", "--x", "-3:3", "--json")
            #expect(finished.status == 0, "\(finished.stderr)")
            #expect(finished.stderr.isEmpty)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(finished.stdout.utf8)) as? [String: Any])
            #expect(object["parameters"] as? [String: Double] == ["k": k])
            let roots = try #require((object["curves"] as? [[String: Any]])?.first?["roots"] as? [Double])
            #expect(roots.count == 2)
            #expect(roots.enumerated().allSatisfy { abs($0.element - (($0.offset == 0 ? -1 : 1) * k.squareRoot())) < 1e-12 }, "\(roots)")
        }
    }

    @Test("plot draws the curve of the value given: sin(a x) with a = 2.5 is sin(2.5x)")
    func plot() throws {
        let graph = try PlottedGraph("sin(a x)", x: -5...5, y: -1.5...1.5, options: ["--let", "a=2.5"]) { sin(2.5 * $0) }
        #expect(graph.strayCurvePixels().isEmpty)
        #expect(graph.uncoveredColumns().isEmpty)
    }

    @Test("plot says once, on stderr, which parameters are not given", arguments: [
        ([String](), "gcview: note: a, b and c are not given (--let); drawn with 1\n"),
        (["--let", "b=2"], "gcview: note: a and c are not given (--let); drawn with 1\n"),
        (["--let", "b=2", "--let", "c=1"], "gcview: note: a is not given (--let); drawn with 1\n"),
        (["--let", "a=1", "--let", "b=2", "--let", "c=1"], ""),
    ])
    func unsetNote(options: [String], note: String) throws {
        let file = Paths.temporaryFolder().appendingPathComponent("note.png")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let finished = try run(Paths.gcview, ["plot", "a x^2 + b x", "c", "--size", "64x48", "--output", file.path] + options)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stderr == note)
    }

    @Test("A bad --let is one line on stderr and exit status 2", arguments: [
        ("b=2", "gcview: --let b=2: no expression has a parameter b (theirs: a)"),
        ("x=1", "gcview: --let x=1: x is the variable (--x sets its range, eval's --at its value), not a parameter"),
        ("e=2", "gcview: --let e=2: e is Euler's number, not a parameter"),
        ("t=2", "gcview: --let t=2: t is kept for other kinds of curve, not a parameter"),
        ("ab=2", "gcview: --let ab=2: a parameter is one lowercase letter, such as a (not x, e, y, t or r)"),
        ("A=2", "gcview: --let A=2: a parameter is one lowercase letter, such as a (not x, e, y, t or r)"),
        ("a=two", "gcview: --let a=two: 'two' is not a number"),
        ("a=nan", "gcview: --let a=nan: the value must be a finite number"),
        ("a=inf", "gcview: --let a=inf: the value must be a finite number"),
        ("a=1e999", "gcview: --let a=1e999: the value must be a finite number"),
        ("a", "gcview: --let a: write name=value, such as --let a=2"),
        ("a=\u{1b}[2J", "gcview: --let a=U+001B[2J: 'U+001B[2J' is not a number"),
    ])
    func bad(assignment: String, message: String) throws {
        for command in ["eval", "plot", "points"] {
            let finished = try run(Paths.gcview, [command, "sin(a x)", "--let", assignment, "--output", "/dev/null"]
                                   .filter { command == "plot" || !["--output", "/dev/null"].contains($0) })
            #expect(finished.status == 2, "\(command)")
            #expect(finished.stderr == message + "\n", "\(command)")
            #expect(finished.stdout.isEmpty)
        }
    }

    @Test("A parameter given twice is refused")
    func twice() throws {
        let finished = try gcview("eval", "--let", "a=1", "--let", "a=2", "a")
        #expect(finished.status == 2)
        #expect(finished.stderr == "gcview: --let a=2: a is given twice\n")
    }
}
