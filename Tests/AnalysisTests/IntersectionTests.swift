import Foundation
import Analysis
import Raster
import Testing

/// Intersections against closed forms: where two curves touch, and where they would meet only
/// at a hole, which is no point of either curve.
@Suite("Intersections: touching curves and holes")
struct IntersectionTests {
    static func defined(_ f: @escaping @Sendable (Double) -> Double) -> (Double) -> Double? {
        { x in let y = f(x); return y.isFinite ? y : nil }
    }

    static let ranges: [ClosedRange<Double>] = [-3...3, -5...5, -10...10, 0...2, -2...4, -4.5...4.5, -20...20]

    @Test("x² and 2x − 1 touch at 1 only: one intersection, at 1", arguments: ranges)
    func tangent(_ range: ClosedRange<Double>) {
        let found = PointsOfInterest.find(in: [{ $0 * $0 }, { 2 * $0 - 1 }], over: range)
        #expect(found.intersections.map(\.x) == [1], "\(found.intersections)")
    }

    @Test("sin(x)/x and 1, or cos x, share only the limit of its hole at 0: no intersection there", arguments: ranges)
    func noMeetingAtAHole(_ range: ClosedRange<Double>) {
        for other in [{ (_: Double) in 1.0 }, { (x: Double) in cos(x) }] as [@Sendable (Double) -> Double] {
            let found = PointsOfInterest.find(in: [Self.defined { sin($0) / $0 }, Self.defined(other)], over: range)
            #expect(found.intersections.allSatisfy { abs($0.x) > 1 }, "\(found.intersections)")
        }
    }
}
