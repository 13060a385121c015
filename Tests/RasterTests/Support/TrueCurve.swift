import Foundation
@testable import Raster

/// A curve known by its own parametrization, densely sampled in pixels (a point every quarter
/// pixel or closer), to measure a picture against: the slow reference the curve tests trust.
struct TrueCurve {
    let width: Int
    let height: Int
    /// The points, bucketed by 4 x 4 pixel squares for nearby look-ups.
    private var buckets: [Int: [Point]] = [:]
    /// Every point, in order.
    private(set) var points: [Point] = []
    private static let bucket = 4.0

    /// The curve (x(t), y(t)) for t over each of `ranges`, as pixels of `viewport`.
    init(_ viewport: Viewport, ranges: [ClosedRange<Double>], _ curve: (Double) -> (x: Double, y: Double)?) {
        width = viewport.width
        height = viewport.height
        func pixel(_ t: Double) -> Point? {
            guard let p = curve(t), p.x.isFinite, p.y.isFinite else { return nil }
            let q = Point(x: viewport.column(forX: p.x), y: viewport.row(forY: p.y))
            return abs(q.x) < 1e7 && abs(q.y) < 1e7 ? q : nil
        }
        for range in ranges {
            let steps = 4096
            for k in 0..<steps {
                let a = range.lowerBound + (range.upperBound - range.lowerBound) * Double(k) / Double(steps)
                let b = range.lowerBound + (range.upperBound - range.lowerBound) * Double(k + 1) / Double(steps)
                add(from: a, pixel(a), to: b, pixel(b), pixel, depth: 0)
            }
        }
    }

    private mutating func add(from a: Double, _ pa: Point?, to b: Double, _ pb: Point?, _ pixel: (Double) -> Point?, depth: Int) {
        guard let pa, let pb else { return }
        let far = max(abs(pa.x - pb.x), abs(pa.y - pb.y))
        let outside = [pa, pb].allSatisfy { $0.x < -50 } || [pa, pb].allSatisfy { $0.x > Double(width) + 50 }
            || [pa, pb].allSatisfy { $0.y < -50 } || [pa, pb].allSatisfy { $0.y > Double(height) + 50 }
        if far <= 0.25 || depth > 30 || (outside && depth > 4) {
            insert(pa)
            insert(pb)
            return
        }
        let m = (a + b) / 2
        let pm = pixel(m)
        add(from: a, pa, to: m, pm, pixel, depth: depth + 1)
        add(from: m, pm, to: b, pb, pixel, depth: depth + 1)
    }

    private mutating func insert(_ p: Point) {
        points.append(p)
        buckets[Self.key(Int((p.x / Self.bucket).rounded(.down)), Int((p.y / Self.bucket).rounded(.down))), default: []].append(p)
    }

    private static func key(_ i: Int, _ j: Int) -> Int { i &* 1_000_003 &+ j }

    /// The distance from pixel (column, row)'s square to the nearest point of the curve (infinity beyond 8 px).
    func distance(column: Int, row: Int) -> Double {
        let i = Int((Double(column) / Self.bucket).rounded(.down)), j = Int((Double(row) / Self.bucket).rounded(.down))
        var best = Double.infinity
        for di in -2...2 {
            for dj in -2...2 {
                for p in buckets[Self.key(i + di, j + dj)] ?? [] {
                    let dx = max(Double(column) - p.x, 0, p.x - Double(column + 1))
                    let dy = max(Double(row) - p.y, 0, p.y - Double(row + 1))
                    best = min(best, (dx * dx + dy * dy).squareRoot())
                }
            }
        }
        return best
    }

    /// Pixels of `image` painted with a curve's ink (any level) farther than `tolerance` from the curve.
    func strayPixels(in image: IndexedImage, tolerance: Double = 1.5) -> [(column: Int, row: Int)] {
        var stray = [(column: Int, row: Int)]()
        for row in 0..<image.height {
            for column in 0..<image.width where PaletteSlot.isCurve(image.pixels[row * image.width + column]) {
                if distance(column: column, row: row) > tolerance { stray.append((column, row)) }
            }
        }
        return stray
    }

    /// Points of the curve inside the picture (2 px from its edges) with no curve ink whose pixel
    /// centre lies within `reach` pixels.
    func uncoveredPoints(in image: IndexedImage, reach: Double = 1.5) -> [Point] {
        points.filter { p in
            guard p.x >= 2, p.y >= 2, p.x <= Double(image.width) - 2, p.y <= Double(image.height) - 2 else { return false }
            for row in Int(p.y - reach - 1)...Int(p.y + reach + 1) where row >= 0 && row < image.height {
                for column in Int(p.x - reach - 1)...Int(p.x + reach + 1) where column >= 0 && column < image.width {
                    let dx = Double(column) + 0.5 - p.x, dy = Double(row) + 0.5 - p.y
                    if dx * dx + dy * dy <= reach * reach, PaletteSlot.isCurve(image.pixels[row * image.width + column]) {
                        return false
                    }
                }
            }
            return true
        }
    }
}

/// Counts the evaluations of a function, for the cost bounds.
final class EvaluationTally: @unchecked Sendable {
    var count = 0
}
