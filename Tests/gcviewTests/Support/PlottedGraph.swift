import Foundation
import Raster
import Terminal
import TestSupport

/// A graph drawn by `gcview plot EXPRESSION --output FILE.png`, read back from the PNG and
/// checked against the true curve, computed here with Foundation and not by the calculator.
///
/// The x and y ranges map linearly onto the image (x to the right, y up) and pixel (c, r)
/// covers [c, c+1) × [r, r+1), as in `CurveOracle` (RasterTests). A pixel is curve ink when
/// its colour is none of the theme's background, grid, axis or label colours.
struct PlottedGraph {
    static let width = 480, height = 320
    let xRange: ClosedRange<Double>
    let yRange: ClosedRange<Double>
    let truth: (Double) -> Double?
    let pixels: [RGB]

    /// A graph read some other way (a GIF's frame decoded by ImageMagick): `width` x `height` pixels.
    init(pixels: [RGB], x xRange: ClosedRange<Double>, y yRange: ClosedRange<Double>, truth: @escaping (Double) -> Double?) {
        self.xRange = xRange
        self.yRange = yRange
        self.truth = truth
        self.pixels = pixels
    }

    /// Runs `gcview plot` in the dark theme at 480x320 (with `options` added) and reads its PNG.
    init(_ expression: String, x xRange: ClosedRange<Double>, y yRange: ClosedRange<Double>, options: [String] = [],
         truth: @escaping (Double) -> Double?) throws {
        let file = Paths.temporaryFolder().appendingPathComponent("plot.png")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try run(Paths.gcview, [
            "plot", expression, "--x", "\(xRange.lowerBound):\(xRange.upperBound)",
            "--y", "\(yRange.lowerBound):\(yRange.upperBound)", "--size", "\(Self.width)x\(Self.height)",
            "--theme", "dark", "--output", file.path] + options)
        guard result.status == 0 else { throw PlotFailed(stderr: result.stderr) }
        let decoded = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: file)))
        guard decoded.width == Self.width, decoded.height == Self.height else { throw PlotFailed(stderr: "wrong size") }
        self.xRange = xRange
        self.yRange = yRange
        self.truth = truth
        pixels = decoded.pixels
    }

    struct PlotFailed: Error { let stderr: String }

    private static let background = Array(Theme.dark.palette[..<Int(PaletteSlot.firstLabel)])
    private static let labels = Array(Theme.dark.palette[Int(PaletteSlot.firstLabel)..<Int(PaletteSlot.firstCurve)])

    func isCurve(column: Int, row: Int) -> Bool {
        let color = pixels[row * Self.width + column]
        return !Self.background.contains(color) && !Self.labels.contains(color)
    }

    /// How many pixels are curve ink.
    var curvePixelCount: Int {
        (0..<Self.height).reduce(0) { count, row in count + (0..<Self.width).filter { isCurve(column: $0, row: row) }.count }
    }

    /// The rows of the topmost and bottommost curve ink, nil when there is none.
    var curveRows: ClosedRange<Int>? {
        let rows = (0..<Self.height).filter { row in (0..<Self.width).contains { isCurve(column: $0, row: row) } }
        guard let first = rows.first, let last = rows.last else { return nil }
        return first...last
    }

    func isLabel(column: Int, row: Int) -> Bool {
        Self.labels.contains(pixels[row * Self.width + column])
    }

    /// The continuous pixel coordinates of the graph point (x, y).
    func pixel(x: Double, y: Double) -> (x: Double, y: Double) {
        ((x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * Double(Self.width),
         (yRange.upperBound - y) / (yRange.upperBound - yRange.lowerBound) * Double(Self.height))
    }

    func x(atColumn column: Double) -> Double {
        xRange.lowerBound + column / Double(Self.width) * (xRange.upperBound - xRange.lowerBound)
    }

    /// The true curve's points in pixel space, 40 a column, by whole column (4 extra each side),
    /// with the ends of the domain found by bisection; points far above or below are dropped.
    ///
    /// Where two neighbouring samples lie more than a pixel apart in height, the interval is
    /// halved (24 times at most) and each middle point added, until they are a pixel apart or
    /// both beyond the same edge: so steep pieces (Γ beside a pole, where 40 samples a column
    /// leave gaps of 20 px) are followed closely. Every point added is a true value, so a jump
    /// still leaves no point between its two sides.
    private var pointsByColumn: [[(x: Double, y: Double)]] {
        let margin = 4, perColumn = 40
        var buckets = Array(repeating: [(x: Double, y: Double)](), count: Self.width + 2 * margin)
        func value(_ column: Double) -> Double? { truth(x(atColumn: column)).flatMap { $0.isFinite ? $0 : nil } }
        func add(_ column: Double, _ y: Double) {
            let point = pixel(x: x(atColumn: column), y: y)
            guard point.y > -8, point.y < Double(Self.height) + 8 else { return }
            buckets[min(max(Int((column + Double(margin)).rounded(.down)), 0), buckets.count - 1)].append(point)
        }
        func row(_ y: Double) -> Double { pixel(x: 0, y: y).y }
        func refine(_ a: Double, _ ya: Double, _ b: Double, _ yb: Double, depth: Int) {
            let (ra, rb) = (row(ya), row(yb))
            guard depth < 24, abs(ra - rb) > 1 else { return }
            if (ra < -8 && rb < -8) || (ra > Double(Self.height) + 8 && rb > Double(Self.height) + 8) { return }
            let middle = (a + b) / 2
            guard let ym = value(middle) else { return }
            add(middle, ym)
            refine(a, ya, middle, ym, depth: depth + 1)
            refine(middle, ym, b, yb, depth: depth + 1)
        }
        var previous: (column: Double, y: Double?)?
        for step in (-margin * perColumn)..<((Self.width + margin) * perColumn) {
            let column = (Double(step) + 0.5) / Double(perColumn)
            let y = value(column)
            if let y { add(column, y) }
            if let y, let previous, let before = previous.y { refine(previous.column, before, column, y, depth: 0) }
            if let previous, (previous.y == nil) != (y == nil) {
                var defined = y == nil ? previous.column : column, undefined = y == nil ? column : previous.column
                for _ in 0..<50 {
                    let middle = (defined + undefined) / 2
                    if value(middle) != nil { defined = middle } else { undefined = middle }
                }
                if let edge = value(defined) { add(defined, edge) }
            }
            previous = (column, y)
        }
        return buckets
    }

    /// Curve pixels farther than 1.5 px from every point of the true curve: a line drawn across
    /// a jump or a pole is such pixels, since the true curve has no points there.
    func strayCurvePixels() -> [(column: Int, row: Int)] {
        let points = pointsByColumn
        var stray: [(column: Int, row: Int)] = []
        for row in 0..<Self.height {
            for column in 0..<Self.width where isCurve(column: column, row: row) {
                var best = Double.infinity
                for bucket in (column)...(column + 8) where bucket < points.count {
                    for point in points[bucket] {
                        let dx = max(Double(column) - point.x, 0, point.x - Double(column + 1))
                        let dy = max(Double(row) - point.y, 0, point.y - Double(row + 1))
                        best = min(best, (dx * dx + dy * dy).squareRoot())
                    }
                }
                if best > 1.5 { stray.append((column, row)) }
            }
        }
        return stray
    }

    /// Columns where the true curve is in view (2 px inside) but no curve pixel lies within
    /// 2 px of it, leaving out places within 8 columns and 24 rows of label ink.
    func uncoveredColumns() -> [Int] {
        (0..<Self.width).filter { column in
            guard let y = truth(x(atColumn: Double(column) + 0.5)), y.isFinite else { return false }
            let row = pixel(x: 0, y: y).y
            guard row >= 2, row <= Double(Self.height) - 2 else { return false }
            let rows = max(Int(row) - 2, 0)...min(Int(row) + 2, Self.height - 1)
            let columns = max(column - 1, 0)...min(column + 1, Self.width - 1)
            if rows.contains(where: { r in columns.contains { isCurve(column: $0, row: r) } }) { return false }
            let labelRows = max(Int(row) - 24, 0)...min(Int(row) + 24, Self.height - 1)
            let labelColumns = max(column - 8, 0)...min(column + 8, Self.width - 1)
            return !labelRows.contains { r in labelColumns.contains { isLabel(column: $0, row: r) } }
        }
    }

    /// Curve pixels in the columns within one pixel of graph x `x`, strictly between graph
    /// heights `between` and 3 px clear of each end (the curve's own width); nil when no row
    /// of the image is so placed.
    func curvePixels(nearX x: Double, between: ClosedRange<Double>) -> Int? {
        let column = Int(pixel(x: x, y: 0).x)
        let top = max(Int(pixel(x: 0, y: between.upperBound).y) + 3, 0)
        let bottom = min(Int(pixel(x: 0, y: between.lowerBound).y) - 3, Self.height - 1)
        guard top <= bottom else { return nil }
        var count = 0
        for c in max(column - 1, 0)...min(column + 1, Self.width - 1) {
            for r in top...bottom where isCurve(column: c, row: r) { count += 1 }
        }
        return count
    }
}
