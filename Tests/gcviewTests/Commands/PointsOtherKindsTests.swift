import Foundation
import TestSupport
import Testing

/// `gcview points` on curves of every kind, run as a user runs it: intercepts, extremes and
/// intersections of circles, paths, polar and implicit curves, against closed forms.
@Suite("points on curves of every kind, run as a user runs it")
struct PointsOtherKindsTests {
    static func json(_ arguments: String...) throws -> [String: Any] {
        let finished = try run(Paths.gcview, ["points", "--json"] + arguments)
        #expect(finished.status == 0, "\(finished.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: finished.stdoutBytes) as? [String: Any])
    }

    static func intersections(_ object: [String: Any]) throws -> [[String: Any]] {
        try #require(object["intersections"] as? [[String: Any]])
    }

    /// Whether the objects' x and y are `expected`, in any order, each within `tolerance`.
    static func matches(_ objects: [[String: Any]], _ expected: [(Double, Double)], tolerance: Double = 1e-9) -> Bool {
        objects.count == expected.count && expected.allSatisfy { x, y in
            objects.contains { abs(($0["x"] as? Double ?? .nan) - x) <= tolerance && abs(($0["y"] as? Double ?? .nan) - y) <= tolerance }
        }
    }

    @Test("x² + y² = 9 and y = x: they meet at ±(3/√2, 3/√2); the circle's top, bottom, left and right are (0, ±3), (∓3, 0)")
    func circleAndLine() throws {
        let object = try Self.json("x^2 + y^2 = 9", "y = x", "--x", "-5:5", "--y", "-5:5")
        #expect(object["y"] as? [Double] == [-5, 5])
        let c = 3 / 2.0.squareRoot()
        #expect(Self.matches(try Self.intersections(object), [(c, c), (-c, -c)]), "\(object)")
        let curves = try #require(object["curves"] as? [[String: Any]])
        #expect(curves[0]["kind"] as? String == "implicit curve" && curves[0]["equation"] as? String == "x ^ 2 + (y ^ 2) = 9")
        let points = try #require(curves[0]["points"] as? [[String: Any]])
        for (kind, x, y) in [("top", 0.0, 3.0), ("bottom", 0, -3), ("left", -3, 0), ("right", 3, 0)] {
            #expect(Self.matches(points.filter { $0["kind"] as? String == kind }, [(x, y)], tolerance: 1e-7), "\(kind): \(points)")
        }
        #expect(Self.matches(points.filter { $0["kind"] as? String == "x-intercept" }, [(3, 0), (-3, 0)]))
        // y = x keeps its y(x) report.
        #expect(curves[1]["roots"] as? [Double] == [0] && curves[1]["yIntercept"] as? Double == 0)
    }

    @Test("The cardioid r = 1 + cos θ meets y = 0.5 where (1 + cos θ) sin θ = 0.5, each with its θ, in JSON and in the table")
    func cardioid() throws {
        let object = try Self.json("r = 1 + cos(θ)", "y = 0.5", "--x", "-3:3", "--y", "-3:3")
        let g = { (theta: Double) in (1 + cos(theta)) * sin(theta) - 0.5 }
        let thetas = [signChangeRoot(of: g, between: 0, and: Double.pi / 3), signChangeRoot(of: g, between: Double.pi / 3, and: Double.pi)]
        let meetings = try Self.intersections(object)
        #expect(Self.matches(meetings, thetas.map { ((1 + cos($0)) * cos($0), 0.5) }), "\(meetings)")
        for theta in thetas {
            #expect(meetings.contains { abs((($0["t"] as? [Any])?.first as? Double ?? .nan) - theta) < 1e-9 }, "\(meetings)")
        }
        let curves = try #require(object["curves"] as? [[String: Any]])
        #expect(curves[0]["parameter"] as? String == "θ")
        let table = try run(Paths.gcview, ["points", "r = 1 + cos(θ)", "y = 0.5", "--x", "-3:3", "--y", "-3:3"])
        #expect(table.status == 0)
        let header = table.stdout.split(separator: "\n").first { $0.hasPrefix("kind") }
        #expect(header.map { $0.split(separator: " ") } == ["kind", "x", "y", "curve", "at"], "\(table.stdout)")
        let shown = table.stdout.split(separator: "\n").filter { $0.hasPrefix("intersection") }
            .compactMap { $0.components(separatedBy: "θ = ").last.flatMap { Double($0) } }
        #expect(shown.count == 2 && thetas.allSatisfy { theta in shown.contains { abs($0 - theta) < 1e-9 } }, "\(table.stdout)")
    }

    @Test("x = y² − 4 and y = x meet where y² − y − 4 = 0; (cos t, sin t) and x = 0.5 at (0.5, ±√3/2)")
    func inverseAndParametric() throws {
        let roots = [(1 + 17.0.squareRoot()) / 2, (1 - 17.0.squareRoot()) / 2]
        let first = try Self.json("x = y^2 - 4", "y = x", "--x", "-5:5", "--y", "-5:5")
        #expect(Self.matches(try Self.intersections(first), roots.map { ($0, $0) }), "\(first)")
        let second = try Self.json("(cos(t), sin(t))", "x = 0.5", "--x", "-2:2", "--y", "-2:2")
        let s = 3.0.squareRoot() / 2
        #expect(Self.matches(try Self.intersections(second), [(0.5, s), (0.5, -s)]), "\(second)")
    }

    @Test("--at, --area and --table stay y(x) only, with one note naming the first other curve")
    func yOfXOptions() throws {
        let finished = try run(Paths.gcview, ["points", "sin(x)", "x^2 + y^2 = 4", "--at", "1", "--area", "0:1", "--table", "1", "--x", "-2:2"])
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stderr == "gcview: note: --at and --area and --table work on y(x) curves only: "
                + "'x ^ 2 + (y ^ 2) = 4' is an implicit curve, left out\n", "\(finished.stderr)")
        #expect(finished.stdout.contains("curve 1 at x = 1: y = \(sin(1.0))"), "\(finished.stdout)")
        #expect(!finished.stdout.contains("curve 2 at"), "\(finished.stdout)")
    }

    @Test("A curve with no point in the window, x² + y² = −1, says so and ends")
    func nowhere() throws {
        let finished = try run(Paths.gcview, ["points", "x^2 + y^2 = -1"])
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stdout.contains("curve 1: no intercept, extreme or intersection was found for x in [-10, 10], y in [-10, 10]"),
                "\(finished.stdout)")
    }

}
