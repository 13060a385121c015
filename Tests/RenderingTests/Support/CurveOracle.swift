import Foundation
@testable import Raster

/// The true curve of a function in an image's pixel space, computed without the renderer: the
/// x and y ranges map linearly onto the image (x to the right, y up), pixel (c, r) covers the
/// square [c, c+1) × [r, r+1), and the function is sampled 40 times a pixel column.
///
/// Checks a rendered graph against it: curve pixels near the true curve, every column where
/// the function shows covered, nothing drawn across a pole or jump.
struct CurveOracle {
    let function: (Double) -> Double?
    let width: Int
    let height: Int
    let xRange: ClosedRange<Double>
    let yRange: ClosedRange<Double>

    /// Samples per pixel column: close enough that the points of a steep but continuous piece
    /// in view lie well under a pixel apart, while a jump leaves a gap of many pixels.
    static let samplesPerColumn = 40

    /// The continuous pixel coordinates of the graph point (x, y).
    func pixel(x: Double, y: Double) -> (x: Double, y: Double) {
        ((x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * Double(width),
         (yRange.upperBound - y) / (yRange.upperBound - yRange.lowerBound) * Double(height))
    }

    /// The graph x at continuous pixel column `column`.
    func x(atColumn column: Double) -> Double {
        xRange.lowerBound + column / Double(width) * (xRange.upperBound - xRange.lowerBound)
    }

    /// Columns sampled beyond each edge: the curve entering the image from outside is real.
    static let margin = 4

    /// The true curve's points in pixel space, bucketed by whole pixel column (bucket 0 is
    /// column -margin); points far above or below the image are dropped. Where the function
    /// starts or stops being defined between two samples, the edge is found by bisection and
    /// added, so a domain's end point (sqrt at 0) is on the curve.
    var pointsByColumn: [[(x: Double, y: Double)]] {
        let margin = Self.margin
        var buckets = Array(repeating: [(x: Double, y: Double)](), count: width + 2 * margin)
        func add(column: Double, _ y: Double) {
            let point = pixel(x: x(atColumn: column), y: y)
            guard point.y > -8, point.y < Double(height) + 8 else { return }
            let bucket = Int((column + Double(margin)).rounded(.down))
            buckets[min(max(bucket, 0), buckets.count - 1)].append(point)
        }
        func value(_ column: Double) -> Double? { function(x(atColumn: column)).flatMap { $0.isFinite ? $0 : nil } }
        var previous: (column: Double, y: Double?)?
        for step in (-margin * Self.samplesPerColumn)..<((width + margin) * Self.samplesPerColumn) {
            let column = (Double(step) + 0.5) / Double(Self.samplesPerColumn)
            let y = value(column)
            if let y { add(column: column, y) }
            if let previous, (previous.y == nil) != (y == nil) {
                // Bisect towards the edge of the domain, keeping the defined side.
                var defined = y == nil ? previous.column : column, undefined = y == nil ? column : previous.column
                for _ in 0..<50 {
                    let middle = (defined + undefined) / 2
                    if value(middle) != nil { defined = middle } else { undefined = middle }
                }
                if let edge = value(defined) { add(column: defined, edge) }
            }
            previous = (column, y)
        }
        return buckets
    }

    /// The distance from pixel (column, row)'s square to the nearest point of the true curve.
    func distance(column: Int, row: Int, points: [[(x: Double, y: Double)]]) -> Double {
        var best = Double.infinity
        for bucket in max(column + Self.margin - 4, 0)...min(column + Self.margin + 4, points.count - 1) {
            for point in points[bucket] {
                // Distance from the point to the square [column, column+1] × [row, row+1].
                let dx = max(Double(column) - point.x, 0, point.x - Double(column + 1))
                let dy = max(Double(row) - point.y, 0, point.y - Double(row + 1))
                best = min(best, (dx * dx + dy * dy).squareRoot())
            }
        }
        return best
    }

    /// Curve pixels (any curve coverage level) farther than `tolerance` from the true curve.
    func strayCurvePixels(in image: IndexedImage, tolerance: Double = 1.5) -> [(column: Int, row: Int, distance: Double)] {
        let points = pointsByColumn
        var stray: [(column: Int, row: Int, distance: Double)] = []
        for row in 0..<image.height {
            for column in 0..<image.width where PaletteSlot.isCurve(image.pixels[row * image.width + column]) {
                let distance = distance(column: column, row: row, points: points)
                if distance > tolerance { stray.append((column, row, distance)) }
            }
        }
        return stray
    }

    /// Columns where the function is finite and inside the view (2 px from the top and bottom
    /// edges) at the column's centre but no curve pixel lies within 2 px of it, leaving out
    /// places with label or title ink within 8 columns and 24 rows: their boxes cover the curve.
    func uncoveredColumns(in image: IndexedImage) -> [Int] {
        var uncovered: [Int] = []
        for column in 0..<image.width {
            guard let y = function(x(atColumn: Double(column) + 0.5)), y.isFinite else { continue }
            let row = pixel(x: 0, y: y).y
            guard row >= 2, row <= Double(image.height) - 2 else { continue }
            let near = max(Int(row) - 2, 0)...min(Int(row) + 2, image.height - 1)
            let columns = max(column - 1, 0)...min(column + 1, image.width - 1)
            let covered = near.contains { r in columns.contains { PaletteSlot.isCurve(image.pixels[r * image.width + $0]) } }
            if covered { continue }
            let labelRows = max(Int(row) - 24, 0)...min(Int(row) + 24, image.height - 1)
            let labelColumns = max(column - 8, 0)...min(column + 8, image.width - 1)
            let underLabel = labelRows.contains { r in
                labelColumns.contains { c in
                    let index = image.pixels[r * image.width + c]
                    return index >= PaletteSlot.firstLabel && index < PaletteSlot.firstCurve
                }
            }
            if !underLabel { uncovered.append(column) }
        }
        return uncovered
    }

    /// Curve pixels lit in the columns within one pixel of graph x `x`, between rows `rows`:
    /// across a pole or jump there must be none.
    func curvePixels(nearX x: Double, rows: ClosedRange<Int>, in image: IndexedImage) -> Int {
        let column = Int(pixel(x: x, y: 0).x)
        var count = 0
        for c in max(column - 1, 0)...min(column + 1, image.width - 1) {
            for r in max(rows.lowerBound, 0)...min(rows.upperBound, image.height - 1)
            where PaletteSlot.isCurve(image.pixels[r * image.width + c]) {
                count += 1
            }
        }
        return count
    }
}
