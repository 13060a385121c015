import Foundation
import Analysis
import Raster
import Testing

/// Intersections of curves whose programs differ in length: a longer program gets fewer samples,
/// and the difference is still taken at one x for both (issue 49: `gcview points 'sin(x)'` with
/// sin's 8-term Taylor polynomial crashed with SIGILL, and with the longer curve first
/// sin x and cos x met nowhere instead of six times).
@Suite("Intersections of curves sampled on different grids")
struct IntersectionGridTests {
    /// sin x = cos x at π/4 + kπ: six times on [−10, 10].
    static let meetings = (-3...2).map { .pi / 4 + Double($0) * .pi }

    @Test("sin x and cos x meet at π/4 + kπ whichever costs more and comes first",
          arguments: [[1, 500], [500, 1], [1, 1], [3000, 40]])
    func sineAndCosine(costs: [Int]) {
        let found = PointsOfInterest.find(in: [{ sin($0) }, { cos($0) }], over: -10...10, costs: costs)
        #expect(found.intersections.count == Self.meetings.count, "\(found.intersections.map(\.x))")
        for (meeting, exact) in zip(found.intersections, Self.meetings) {
            #expect(abs(meeting.x - exact) < 1e-12, "\(meeting.x)")
            #expect(abs(meeting.y - sin(exact)) < 1e-12)
        }
    }

    @Test("sin x and its Taylor polynomial of degree 15 meet only at 0 on [−3, 3]", arguments: [[1, 400], [400, 1]])
    func sineAndItsPolynomial(costs: [Int]) {
        let taylor: (Double) -> Double? = { x in
            (0..<8).reduce(0.0) { sum, k in
                let n = 2 * k + 1
                return sum + (k % 2 == 0 ? 1 : -1) * pow(x, Double(n)) / tgamma(Double(n + 1))
            }
        }
        let found = PointsOfInterest.find(in: [{ sin($0) }, taylor], over: -3...3, costs: costs)
        // sin − T₁₅ = x¹⁷/17! − …: one crossing, at 0; elsewhere it is at least |x|¹⁷/17!·(1 − x²/342).
        #expect(found.intersections.allSatisfy { abs($0.x) < 1e-3 }, "\(found.intersections.map(\.x))")
        #expect(found.curves[0].roots.count == 1 && found.curves[1].roots.count == 1)
    }
}
