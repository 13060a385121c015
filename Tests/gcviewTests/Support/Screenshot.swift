import Foundation
import Raster
import Terminal
import Testing

/// A window's pixels.
struct Screenshot: CustomTestStringConvertible {
    var width: Int
    var height: Int
    var pixels: [RGB]
    var png: Data

    subscript(x: Int, y: Int) -> RGB { pixels[y * width + x] }

    /// A failure names the size, not every pixel; the picture itself is saved by `save(as:)`.
    var testDescription: String { "Screenshot \(width)x\(height) (\(png.count) bytes of PNG)" }

    /// How many pixels are brighter than `level` in some channel: text and drawing on a dark screen.
    func brightPixelCount(above level: UInt8 = 128) -> Int {
        pixels.reduce(0) { $0 + (max($1.red, $1.green, $1.blue) > level ? 1 : 0) }
    }

    /// Whether the green bar of `ReadyMarker.command` is on screen.
    var showsReadyMarker: Bool {
        pixels.count { $0.green > 200 && $0.red < 80 && $0.blue < 80 } >= 500
    }

    /// The bounding box of pixels that match `color` within `tolerance` per channel.
    func bounds(of color: RGB, tolerance: Int = 4) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where self[x, y].isClose(to: color, tolerance: tolerance) {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX, maxY)
    }

    /// Saves the screenshot for people to look at when a test fails.
    func save(as name: String) {
        let folder = Paths.root.appendingPathComponent(".build/e2e-screenshots")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? png.write(to: folder.appendingPathComponent(name + ".png"))
    }
}

/// A bright green bar a test's shell prints first: once it shows, the terminal is up and reads keys.
/// (A count of bright pixels cannot tell: Konsole's toolbar and the cursor are bright from the start.)
enum ReadyMarker {
    /// The shell command printing it: ten cells of pure green background, then a new line.
    static let command = "printf '\\033[48;2;0;255;0m%10s\\033[0m\\n' ''"
}

extension RGB {
    func isClose(to other: RGB, tolerance: Int) -> Bool {
        abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
            && abs(Int(blue) - Int(other.blue)) <= tolerance
    }
}

extension Screenshot {
    /// Whether rows `rows` hold bright text pixels (the terminal's white foreground), optionally
    /// only outside the columns `excluded`. Rows mostly light (Konsole's toolbar) are not text.
    func hasText(in rows: Range<Int>, outside excluded: ClosedRange<Int>? = nil) -> Bool {
        for y in rows where y >= 0 && y < height && !isMostlyLight(row: y) {
            for x in 0..<width where !(excluded?.contains(x) ?? false) {
                if Self.isTextBright(self[x, y]) { return true }
            }
        }
        return false
    }

    /// Whether more than half of row `y` is as bright as text: a toolbar, not a black terminal screen.
    func isMostlyLight(row y: Int) -> Bool {
        pixels[(y * width)..<((y + 1) * width)].count { Self.isTextBright($0) } * 2 > width
    }

    /// Whether a pixel is as bright as the terminals' white text.
    static func isTextBright(_ pixel: RGB) -> Bool {
        Int(pixel.red) + Int(pixel.green) + Int(pixel.blue) > 3 * 180
    }

    /// The bounding box of the graph: columns and rows at least a third paper-coloured, so stray
    /// pixels of anti-aliased text do not count.
    var graphBox: (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var columnCounts = [Int](repeating: 0, count: width), rowCounts = [Int](repeating: 0, count: height)
        for y in 0..<height {
            for x in 0..<width where self[x, y].isClose(to: Theme.dark.background, tolerance: 3) {
                columnCounts[x] += 1
                rowCounts[y] += 1
            }
        }
        let columns = columnCounts.indices.filter { columnCounts[$0] * 3 >= height }
        let rows = rowCounts.indices.filter { rowCounts[$0] * 3 >= (columns.count) }
        guard let minX = columns.first, let maxX = columns.last, let minY = rows.first, let maxY = rows.last,
              maxX - minX > 50, maxY - minY > 50 else { return nil }
        return (minX, minY, maxX, maxY)
    }

    /// The column inside `box` holding the most axis-coloured pixels: the y axis.
    func axisColumn(in box: (minX: Int, minY: Int, maxX: Int, maxY: Int)) -> Int? {
        var best: (column: Int, count: Int)?
        for x in (box.minX + 8)...(box.maxX - 8) where x < width {
            var count = 0
            for y in box.minY...box.maxY where y < height && self[x, y].isClose(to: Theme.dark.axis, tolerance: 6) {
                count += 1
            }
            if count > (best?.count ?? (box.maxY - box.minY) / 2) { best = (x, count) }
        }
        return best?.column
    }

    /// Pixels of `color` in `rows` x `columns`.
    func count(of color: RGB, in rows: Range<Int>, columns: ClosedRange<Int>) -> Int {
        var count = 0
        for y in rows where y >= 0 && y < height {
            for x in columns where x >= 0 && x < width && self[x, y].isClose(to: color, tolerance: 6) { count += 1 }
        }
        return count
    }

    /// The share of pixels in `box` equal in both screenshots.
    func matchShare(with other: Screenshot, in box: (minX: Int, minY: Int, maxX: Int, maxY: Int)) -> Double {
        guard other.width == width, other.height == height else { return 0 }
        var same = 0, total = 0
        for y in box.minY...box.maxY where y < height {
            for x in (box.minX + 8)...(box.maxX - 8) where x < width {
                total += 1
                if self[x, y].isClose(to: other[x, y], tolerance: 4) { same += 1 }
            }
        }
        return total == 0 ? 0 : Double(same) / Double(total)
    }
}
