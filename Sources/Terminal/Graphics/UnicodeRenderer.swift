import Raster

/// Draws an image with braille characters (2 x 4 dots a cell) coloured by 24-bit SGR, for terminals without graphics.
struct UnicodeRenderer: Sendable {
    /// The palette index treated as paper; nil means the most frequent index of each image.
    var background: UInt8?

    /// A renderer; `background` is the paper index, or nil to use each image's most common index.
    init(background: UInt8? = nil) {
        self.background = background
    }

    /// `rows` terminal lines, each exactly `columns` cells wide and ending in an SGR reset.
    func render(_ image: IndexedImage, columns: Int, rows: Int) -> [String] {
        guard columns > 0, rows > 0 else { return [] }
        let blank = String(repeating: " ", count: columns)
        guard image.width > 0, image.height > 0 else { return Array(repeating: blank, count: rows) }
        let paper = Int(background ?? image.dominantIndex)
        let dotsWide = columns * 2, dotsHigh = rows * 4
        // Dot (dx, dy) covers pixels [dx * w / dotsWide, (dx + 1) * w / dotsWide), at least one pixel.
        let xStart = (0...dotsWide).map { $0 * image.width / dotsWide }
        let yStart = (0...dotsHigh).map { $0 * image.height / dotsHigh }
        var lines = [String]()
        lines.reserveCapacity(rows)
        var counts = [Int](repeating: 0, count: 256)
        var used = [Int]()
        used.reserveCapacity(64)
        image.pixels.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            for row in 0..<rows {
                var line = ""
                line.reserveCapacity(columns * 4)
                var current: RGB?
                for column in 0..<columns {
                    var bits: UInt32 = 0
                    used.removeAll(keepingCapacity: true)
                    // Dots may overlap when the image has fewer pixels than dots.
                    let leftStart = xStart[column * 2], rightStart = xStart[column * 2 + 1]
                    let leftEnd = min(max(rightStart, leftStart + 1), image.width)
                    let rightEnd = min(max(xStart[column * 2 + 2], rightStart + 1), image.width)
                    let end = max(leftEnd, rightEnd)
                    for dy in 0..<4 {
                        let y0 = yStart[row * 4 + dy], y1 = min(max(yStart[row * 4 + dy + 1], y0 + 1), image.height)
                        for y in y0..<y1 {
                            let line = base + y * image.width
                            // Most of a graph is paper: skip this cell's pixel row eight pixels at a time.
                            if ByteRun.end(of: UInt8(paper), in: line, from: leftStart, to: end) == end { continue }
                            for (dx, start, stop) in [(0, leftStart, leftEnd), (1, rightStart, rightEnd)] {
                                for x in start..<stop {
                                    let index = Int(line[x])
                                    guard index != paper else { continue }
                                    bits |= Self.dotBit[dy * 2 + dx]
                                    if counts[index] == 0 { used.append(index) }
                                    counts[index] += 1
                                }
                            }
                        }
                    }
                    guard bits != 0, let dominant = used.max(by: { (counts[$0], $1) < (counts[$1], $0) }) else {
                        line += " "
                        continue
                    }
                    for index in used { counts[index] = 0 }
                    let color = dominant < image.palette.count ? image.palette[dominant] : RGB(255, 255, 255)
                    if color != current {
                        line += "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m"
                        current = color
                    }
                    line.unicodeScalars.append(Unicode.Scalar(0x2800 + bits) ?? " ")
                }
                lines.append(current == nil ? line : line + "\u{1B}[0m")
            }
        }
        return lines
    }

    /// The braille dot bit for dot row `dy` (0–3) and column `dx` (0–1) at `dy * 2 + dx`, per Unicode's U+2800 block.
    private static let dotBit: [UInt32] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]
}
