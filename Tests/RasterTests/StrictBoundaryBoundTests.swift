import Foundation
@testable import Raster
import Testing

/// A strict inequality's dashed boundary costs what lies in the picture, however far its curve
/// swings out of it (issue 49: `y < sin(x)` over −1000:1000 with y in ±0.001 took 1.55 GB,
/// `y < tan(x)` aborted after 5.6 GB, both dashing the boundary along its whole length).
@Suite("Strict boundaries within the picture")
struct StrictBoundaryBoundTests {
    static let clip = ClipRect(left: -4, top: -4, right: 804, bottom: 504)

    static func length(_ polyline: [Point]) -> Double {
        zip(polyline, polyline.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    @Test("Inside the picture the dashes are on long and off apart")
    func patternInside() {
        let line = [Point(x: 10, y: 100), Point(x: 300, y: 100), Point(x: 300, y: 400)]
        let dashes = dashed([line], on: 8, off: 6, within: Self.clip)
        #expect(dashes.count == 43)  // 590 px: 42 periods of 14, then a last dash of 2 px
        for dash in dashes.dropLast() { #expect(abs(Self.length(dash) - 8) < 1e-9) }
        #expect(abs(Self.length(dashes.last ?? []) - 2) < 1e-9)
        for (a, b) in zip(dashes, dashes.dropFirst()) {
            guard let end = a.last, let start = b.first else { continue }
            // Around the corner at (300, 100) the gap is measured along the line, not across it.
            let along = end.y == 100 && start.x == 300 ? (300 - end.x) + (start.y - 100) : end.distance(to: start)
            #expect(abs(along - 6) < 1e-9)
        }
    }

    @Test("A polyline far outside costs only its length inside")
    func excursions() {
        // 1000 swings of 1e12 px out of the picture and back, every swing a whole number of periods.
        var line = [Point(x: 400, y: 250)]
        for _ in 0..<1000 {
            line.append(Point(x: 400, y: 250 - 7e11))
            line.append(Point(x: 400, y: 250))
        }
        let dashes = dashed([line], on: 8, off: 6, within: Self.clip)
        let points = dashes.reduce(0) { $0 + $1.count }
        #expect(points < 100_000, "\(points) points")
        #expect(dashes.allSatisfy { $0.allSatisfy { p in p.x >= -4 && p.x <= 804 && p.y >= -4 && p.y <= 504 } })
        // Each swing crosses 254 px of picture twice: about 36 dashes.
        #expect(dashes.count > 30_000 && dashes.count < 40_000, "\(dashes.count) dashes")
    }

    @Test("y < sin x over ±1000 with y in ±0.001 and y < tan x are bounded by the picture",
          arguments: [("sin", -0.001...0.001), ("tan", -5.0...5.0)])
    func hostileBoundaries(name: String, yRange: ClosedRange<Double>) {
        let f: (Double) -> Double = name == "sin" ? { sin($0) } : { tan($0) }
        let viewport = Viewport(width: 800, height: 500, xRange: -1000...1000, yRange: yRange)
        let curve = PlaneCurve.region({ x, y in f(x) - y }, strict: true, boundary: .graph { f($0) })
        let samples = GraphRenderer(style: GraphStyle(), glyphs: nil).sample(curve, in: viewport)
        let points = samples.branches.reduce(0) { $0 + $1.count }
        #expect(points < 2_000_000, "\(points) points")
        #expect(points > 0)
        let margin = 4.0 + 1e-9
        let outside = samples.branches.joined().filter { p in
            p.x < -margin || p.x > 800 + margin || p.y < -margin || p.y > 500 + margin
        }
        #expect(outside.isEmpty, "\(outside.count) dash points outside the picture")
    }
}
