import Foundation
import Raster
import TestSupport
import Testing

/// `plot --points` on curves of every kind: the dots lie at the closed-form intercepts, extremes
/// and intersections of a circle and a cardioid, and nowhere else.
extension PlotPointsAndAreaTests {
    static let c = 3 / 2.0.squareRoot()
    /// x² + y² = 9 and y = x: where they meet, the circle's top, bottom, left and right (which
    /// are its intercepts), and the line's root at 0.
    static let circleAndLine: [(x: Double, y: Double)] = [(c, c), (-c, -c), (0, 3), (0, -3), (3, 0), (-3, 0), (0, 0)]

    /// r = 1 + cos θ and y = 0.5: where they meet ((1 + cos θ) sin θ = 0.5, bisected), the
    /// cardioid's top and bottom at θ = ±π/3, its left at θ = ±2π/3, its right at 0 and the cusp,
    /// its y-intercepts at θ = ±π/2, and the line's y-intercept.
    static var cardioidAndLine: [(x: Double, y: Double)] {
        func point(_ theta: Double) -> (x: Double, y: Double) { ((1 + cos(theta)) * cos(theta), (1 + cos(theta)) * sin(theta)) }
        let g = { (theta: Double) in (1 + cos(theta)) * sin(theta) - 0.5 }
        let meetings = [signChangeRoot(of: g, between: 0, and: Double.pi / 3), signChangeRoot(of: g, between: Double.pi / 3, and: Double.pi)].map(point)
        let turns = [1.0, -1, 2, -2, 3, -3].map { point($0 * Double.pi / 3) }
        return meetings + turns + [point(0), point(Double.pi / 2), point(-Double.pi / 2), (0, 0), (0, 0.5)]
    }


    @Test("--points on a circle and on a cardioid: each changed pixel lies within a dot's reach of a closed-form point, and each point has its dot",
          arguments: [0, 1])
    func dotsOnOtherKinds(_ example: Int) throws {
        let yRange = -5.0...5.0
        let curves = example == 0 ? ["x^2 + y^2 = 9", "x"] : ["r = 1 + cos(θ)", "0.5"]
        let truths = (example == 0 ? Self.circleAndLine : Self.cardioidAndLine).map { Self.pixel(x: $0.x, y: $0.y, yRange: yRange) }
        let plain = try Self.picture(curves, y: yRange, format: "png").pixels
        let marked = try Self.picture(curves + ["--points"], y: yRange, format: "png").pixels
        let (changedNear, stray) = Self.changedPixels(from: plain, to: marked, near: truths)
        #expect(stray.isEmpty, "\(curves): \(stray.count) changed pixels away from every point, first \(stray.prefix(5))")
        for (index, count) in changedNear.enumerated() {
            #expect(count >= 12, "\(curves): a dot at \(truths[index]) (\(count) pixels changed)")
        }
    }
}
