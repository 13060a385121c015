import Foundation
import Analysis
import Raster
import Testing

/// Removable holes in the points: single x's where f is undefined while it tends to one value
/// from both sides. Before, `gcview points '(x^2-1)/(x-1)'` said nothing at 1, and the graph was
/// drawn through it as if f(1) were 2.
@Suite("Points: removable holes are said, with the value tended to")
struct PointsHoleTests {
    /// f, with nil where it is not a finite number.
    static func defined(_ f: @escaping (Double) -> Double) -> (Double) -> Double? {
        { x in let y = f(x); return y.isFinite ? y : nil }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let f: @Sendable (Double) -> Double
        let range: ClosedRange<Double>
        /// The closed form: where the hole is and the limit there.
        let hole: GraphPoint
        var testDescription: String { "\(name) over \(range)" }
    }

    @Test("Holes at their closed-form x and limit", arguments: [
        // (x² − 1)/(x − 1) = x + 1 away from 1.
        Case(name: "(x² − 1)/(x − 1)", f: { ($0 * $0 - 1) / ($0 - 1) }, range: -10...10, hole: GraphPoint(x: 1, y: 2)),
        Case(name: "(x² − 1)/(x − 1)", f: { ($0 * $0 - 1) / ($0 - 1) }, range: -3...7.3, hole: GraphPoint(x: 1, y: 2)),
        // sin x / x → 1 at 0.
        Case(name: "sin x / x", f: { sin($0) / $0 }, range: -10...10, hole: GraphPoint(x: 0, y: 1)),
        Case(name: "sin x / x", f: { sin($0) / $0 }, range: -0.3...0.7, hole: GraphPoint(x: 0, y: 1)),
        // x²/x = x away from 0: a hole on the x axis, no root.
        Case(name: "x²/x", f: { $0 * $0 / $0 }, range: -3...5, hole: GraphPoint(x: 0, y: 0)),
        // (x − 0.5)(x + 2)/(x − 0.5) = x + 2 away from 0.5.
        Case(name: "(x − 0.5)(x + 2)/(x − 0.5)", f: { ($0 - 0.5) * ($0 + 2) / ($0 - 0.5) }, range: -10...10,
             hole: GraphPoint(x: 0.5, y: 2.5)),
        // sin x / x − cos x → 0 at 0, met by no sign change (a minimum there): found at the round x.
        Case(name: "sin x / x − cos x", f: { sin($0) / $0 - cos($0) }, range: -4...4, hole: GraphPoint(x: 0, y: 0)),
    ])
    func closedForms(_ testCase: Case) throws {
        let curve = PointsOfInterest.find(in: [Self.defined(testCase.f)], over: testCase.range).curves[0]
        #expect(curve.holes == [testCase.hole], "\(curve.holes)")
        // Independent of the finder: f is undefined there and tends to the limit from both sides.
        #expect(!testCase.f(testCase.hole.x).isFinite)
        for side in [-1e-7, 1e-7] {
            #expect(abs(testCase.f(testCase.hole.x + side) - testCase.hole.y) < 1e-6)
        }
        #expect(!curve.roots.contains(testCase.hole.x) && curve.poles.isEmpty && curve.jumps.isEmpty, "\(curve)")
    }

    @Test("A hole that a sample lands on is a hole, not two domain edges: (x² − 1)/(x − 1) → 2 and sin(x − 1)/(x − 1) → 1 at 1, over ±5, ±3, ±7",
          arguments: [-5.0...5, -3...3, -7...7])
    func sampleOnTheHole(_ range: ClosedRange<Double>) throws {
        let rational = Case(name: "(x² − 1)/(x − 1)", f: { ($0 * $0 - 1) / ($0 - 1) }, range: range, hole: GraphPoint(x: 1, y: 2))
        let sine = Case(name: "sin(x − 1)/(x − 1)", f: { sin($0 - 1) / ($0 - 1) }, range: range, hole: GraphPoint(x: 1, y: 1))
        try closedForms(rational)
        try closedForms(sine)
    }

    @Test("A limit that is no short decimal: (x² − 1)/(3(x − 1)) tends to 2/3 at 1, said to the digits known")
    func thirds() throws {
        let curve = PointsOfInterest.find(in: [Self.defined { ($0 * $0 - 1) / (3 * ($0 - 1)) }], over: -10...10).curves[0]
        let hole = try #require(curve.holes.first, "\(curve)")
        #expect(hole.x == 1 && abs(hole.y - 2.0 / 3) < 1e-5, "\(hole)")
        #expect("\(hole.y)".count <= 10, "no noise digits: \(hole.y)")
    }

    @Test("No false hole: a pole a larger term hides until 10⁻¹¹ of it (π/9 + x! + 1.5x¹² at −9); none where rounding hides the limit ((eˣ − 1)/x at 0)")
    func hiddenPoleAndCancellation() {
        let gamma: (Double) -> Double = { tgamma($0 + 1) }
        let hidden = PointsOfInterest.find(in: [Self.defined { Double.pi / 9 + gamma($0) + 1.5 * pow($0, 12) }], over: -10...10).curves[0]
        #expect(!hidden.holes.contains { abs($0.x + 9) < 1e-9 }, "\(hidden.holes)")
        // Independent of the finder: beside −9, x! is ±1.4e10, far from 4.2e11 to a millionth.
        #expect(abs(gamma(-9.0.nextUp)) > 1e9)
        let cancelled = PointsOfInterest.find(in: [Self.defined { (exp($0) - 1) / $0 }], over: -4...4).curves[0]
        #expect(cancelled.holes.isEmpty && cancelled.roots.isEmpty, "\(cancelled)")
    }

    @Test("A hole's x is where f is undefined: mod((−1.5)!, x + π) only at the Double nearest −π, said in all its digits")
    func undefinedAtTheHole() throws {
        // The calculator's mod, floored: a − b·floor(a/b), with the sign of b, so it changes sign at b = 0.
        let a = tgamma(-0.5)
        let f = Self.defined { x in let b = x + Double.pi; return a - b * floor(a / b) }
        let curve = PointsOfInterest.find(in: [f], over: -2110...4583).curves[0]
        let hole = try #require(curve.holes.first { abs($0.x + Double.pi) < 1e-6 }, "\(curve.holes)")
        #expect(f(hole.x) == nil && hole.x == -Double.pi && hole.y == 0, "\(hole)")
    }

    @Test("No hole where f grows without bound, steps, or is defined: 1/x, 1/x², floor(x), x/|x|, sin x, tan x")
    func notHoles() {
        let functions: [(Double) -> Double?] = [
            Self.defined { 1 / $0 }, Self.defined { 1 / ($0 * $0) }, Self.defined { floor($0) },
            Self.defined { $0 / abs($0) }, Self.defined { sin($0) }, Self.defined { tan($0) },
        ]
        let found = PointsOfInterest.find(in: functions, over: -10...10)
        for (index, curve) in found.curves.enumerated() { #expect(curve.holes.isEmpty, "curve \(index): \(curve.holes)") }
        #expect(found.curves[0].poles == [0] && found.curves[1].poles == [0] && found.curves[3].jumps == [0])
    }

    @Test("A hole is a marker the popover and a trace can land on, at the value tended to, and a dot on the graph")
    func markers() {
        let found = PointsOfInterest.find(in: [Self.defined { ($0 * $0 - 1) / ($0 - 1) }], over: -10...10)
        let hole = found.markers.first { $0.kind == .hole }
        #expect(hole == Marker(kind: .hole, x: 1, y: 2, curves: [0]))
        #expect(found.pointMarks.contains(PointMark(point: Point(x: 1, y: 2), curve: 0)))
    }
}
