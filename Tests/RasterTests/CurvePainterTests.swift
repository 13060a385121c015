@testable import Raster
import Foundation
import Testing
import TestSupport

/// The curve painter visits only the columns of each row that a segment's capsule can reach; the
/// pixels it paints are checked here against a slow reference that looks at every pixel of the
/// image.
@Suite("Curve painter")
struct CurvePainterTests {
    @Test("A segment paints exactly the pixels within reach of it, at every slope", arguments: 0..<8)
    func segmentAgainstEveryPixel(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 0x5EED)
        let width = 96, height = 80
        // Ends within the painter's clipping margin, so that the segment it paints is this one.
        let xs = -1.5...Double(width) + 1.5, ys = -1.5...Double(height) + 1.5
        var checked = 0
        while checked < 150 {
            // At any slope, including the nearly flat and the nearly upright, up to 60 px long
            // (one piece of a capsule), partly outside the image too.
            let start = Point(x: Double.random(in: xs, using: &random), y: Double.random(in: ys, using: &random))
            let length = Double.random(in: 0...60, using: &random)
            var angle = Double.random(in: 0...(2 * Double.pi), using: &random)
            switch random.next() % 4 {
            case 0: angle = Double(random.next() % 4) * Double.pi / 2 + Double.random(in: -1e-7...1e-7, using: &random)
            case 1: angle = Double(random.next() % 2) * Double.pi + Double.random(in: -0.02...0.02, using: &random)
            default: break
            }
            let end = Point(x: start.x + length * cos(angle), y: start.y + length * sin(angle))
            guard xs.contains(end.x), ys.contains(end.y) else { continue }
            checked += 1
            let lineWidth = Double.random(in: 0.5...6, using: &random)
            var canvas = Canvas(width: width, height: height, fill: PaletteSlot.background)
            canvas.paint(Samples(branches: [[start, end]]), curve: 0, of: .single, lineWidth: lineWidth)
            let expected = Self.reference(from: start, to: end, lineWidth: lineWidth, width: width, height: height)
            let wrong = (0..<(width * height)).filter { canvas.pixels[$0] != expected[$0] }
            #expect(wrong.isEmpty, "\(start) to \(end), width \(lineWidth): \(wrong.count) pixels differ, first at \(wrong.first.map { ($0 % width, $0 / width) }.debugDescription)")
        }
    }

    /// Every pixel of the image, painted by its distance to the segment: coverage `reach` less the
    /// distance, quantized to the single curve's levels, as the painter's documentation has it.
    static func reference(from a: Point, to b: Point, lineWidth: Double, width: Int, height: Int) -> [UInt8] {
        let layout = PaletteLayout.single
        let reach = lineWidth / 2 + 0.5
        let inner = max(reach - 1, 0)
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let inverse = lengthSquared > 1e-12 ? 1 / lengthSquared : 0
        var pixels = [UInt8](repeating: PaletteSlot.background, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let px = Double(x) + 0.5 - a.x, py = Double(y) + 0.5 - a.y
                let t = min(max((px * dx + py * dy) * inverse, 0), 1)
                let ex = px - t * dx, ey = py - t * dy
                let distanceSquared = ex * ex + ey * ey
                guard distanceSquared < reach * reach else { continue }
                let level = distanceSquared <= inner * inner
                    ? layout.levelsPerCurve
                    : Int(((reach - distanceSquared.squareRoot()) * Double(layout.levelsPerCurve) + 0.5).rounded(.towardZero))
                if level > 0 { pixels[y * width + x] = layout.slot(curve: 0, level: level) }
            }
        }
        return pixels
    }
}
