import Raster

/// A direct sixel writer for paletted images.
///
/// Per 6-row band it finds the pixels that are not the image's dominant (background) colour,
/// eight pixels at a time, and records them in per-colour column masks. The background is
/// painted over the whole band in one run; each colour present then gets one run-length coded
/// line over it, limited to the columns where it occurs. Every pixel is painted, background
/// included, so the result does not depend on how a terminal fills unpainted pixels.
enum SixelWriter {
    /// The sixel sequence for `image`, whose pixels must all index into its palette.
    static func encode(_ image: IndexedImage) -> [UInt8] {
        let width = image.width, height = image.height, colors = image.palette.count
        var out = ByteWriter(capacity: 64 * 1024)
        // DCS P1=0 P2=0 (pixels painted, not transparent) P3=0; raster attributes: aspect 1:1, W x H.
        out.append(contentsOf: [0x1B, 0x50])
        out.append(contentsOf: "0;0;0q\"1;1;\(width);\(height)".utf8)
        for (index, color) in image.palette.enumerated() {
            out.append(contentsOf: "#\(index);2;\(percent(color.red));\(percent(color.green));\(percent(color.blue))".utf8)
        }
        let background = image.dominantIndex
        var band = SixelBand(width: width, colors: max(colors, Int(background) + 1))
        image.pixels.withUnsafeBufferPointer { pixels in
            guard let pixels = pixels.baseAddress else { return }
            for top in stride(from: 0, to: height, by: 6) {
                let rows = min(6, height - top)
                for row in 0..<rows {
                    band.mark(pixels + (top + row) * width, bit: UInt8(1) << row, background: background)
                }
                if top > 0 {
                    out.reserve(1)
                    out.append(UInt8(ascii: "-"))
                }
                band.write(to: &out, background: background, full: UInt8((1 << rows) - 1))
            }
        }
        out.reserve(2)
        out.append(0x1B)
        out.append(0x5C)
        return out.array()
    }

    /// A channel as the 0–100 percentage sixel colour introducers use.
    static func percent(_ channel: UInt8) -> Int {
        (Int(channel) * 100 + 127) / 255
    }
}
