import Raster

/// A direct sixel writer for paletted images: one pass per 6-row band, one run-length coded
/// line per colour present in the band, limited to the columns where that colour occurs.
enum SixelWriter {
    /// The sixel sequence for `image`, whose pixels must all index into its palette.
    static func encode(_ image: IndexedImage) -> [UInt8] {
        let width = image.width, height = image.height, colors = image.palette.count
        var out = [UInt8]()
        out.reserveCapacity(16 * 1024)
        // DCS P1=0 P2=0 (pixels painted, not transparent) P3=0; raster attributes: aspect 1:1, W x H.
        out += [0x1B, 0x50] + Array("0;0;0q\"1;1;\(width);\(height)".utf8)
        for (index, color) in image.palette.enumerated() {
            out += Array("#\(index);2;\(percent(color.red));\(percent(color.green));\(percent(color.blue))".utf8)
        }
        // masks[c * width + x]: the six bits of colour c in column x of the current band.
        var masks = [UInt8](repeating: 0, count: colors * width)
        var low = [Int](repeating: Int.max, count: colors)
        var high = [Int](repeating: -1, count: colors)
        var present = [Int]()
        present.reserveCapacity(colors)
        image.pixels.withUnsafeBufferPointer { pixels in
            masks.withUnsafeMutableBufferPointer { masks in
                for top in stride(from: 0, to: height, by: 6) {
                    let rows = min(6, height - top)
                    for row in 0..<rows {
                        let bit = UInt8(1) << row
                        let base = (top + row) * width
                        var x = 0
                        while x < width {
                            let color = Int(pixels[base + x])
                            // Runs of one colour are the common case in graph images.
                            var end = x + 1
                            while end < width && Int(pixels[base + end]) == color { end += 1 }
                            if high[color] < 0 { present.append(color) }
                            if x < low[color] { low[color] = x }
                            if end - 1 > high[color] { high[color] = end - 1 }
                            let offset = color * width
                            for column in x..<end { masks[offset + column] |= bit }
                            x = end
                        }
                    }
                    if top > 0 { out.append(UInt8(ascii: "-")) }
                    present.sort()
                    for (n, color) in present.enumerated() {
                        if n > 0 { out.append(UInt8(ascii: "$")) }
                        out.append(UInt8(ascii: "#"))
                        appendNumber(color, to: &out)
                        let offset = color * width
                        if low[color] > 0 { appendRun(low[color], 0, to: &out) }
                        var x = low[color]
                        let last = high[color]
                        while x <= last {
                            let value = masks[offset + x]
                            var end = x + 1
                            while end <= last && masks[offset + end] == value { end += 1 }
                            appendRun(end - x, value, to: &out)
                            x = end
                        }
                        for column in low[color]...last { masks[offset + column] = 0 }
                        low[color] = Int.max
                        high[color] = -1
                    }
                    present.removeAll(keepingCapacity: true)
                }
            }
        }
        out += [0x1B, 0x5C]
        return out
    }

    /// A channel as the 0–100 percentage sixel colour introducers use.
    static func percent(_ channel: UInt8) -> Int {
        (Int(channel) * 100 + 127) / 255
    }

    private static func appendRun(_ count: Int, _ bits: UInt8, to out: inout [UInt8]) {
        let char = 63 + bits
        if count > 3 {
            out.append(UInt8(ascii: "!"))
            appendNumber(count, to: &out)
            out.append(char)
        } else {
            for _ in 0..<count { out.append(char) }
        }
    }

    private static func appendNumber(_ value: Int, to out: inout [UInt8]) {
        if value >= 10 { appendNumber(value / 10, to: &out) }
        out.append(UInt8(48 + value % 10))
    }
}
