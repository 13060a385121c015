import Raster
import Synchronization

/// A direct sixel writer for paletted images.
///
/// Per 6-row band it finds the pixels that are not the image's dominant (background) colour,
/// eight pixels at a time, and records them in per-colour column masks. The background is
/// painted over the whole band in one run; each colour present then gets one run-length coded
/// line over it, limited to the columns where it occurs. Every pixel is painted, background
/// included, so the result does not depend on how a terminal fills unpainted pixels.
enum SixelWriter {
    /// Pictures of at least this many pixels are written in two halves at once (`encode`).
    static let pixelsWrittenInHalves = 1 << 18
    /// How many pictures this process has written; the first is written on this thread alone.
    private static let picturesWritten = Atomic<Int>(0)

    /// The sixel sequence for `image`, or nil when a pixel indexes past its palette.
    ///
    /// The palette is checked as the pixels are marked, band by band, not in a pass of its own
    /// over every pixel first (0.8 % of `plot`'s time at 1600×1000, perf).
    ///
    /// Bands are written independently, so a large picture's first half of bands can be written
    /// on a thread of its own while this one writes the second: the same bytes, sooner when a
    /// second core is free (a 1600×1000 graph: 0.44 → 0.28 ms, median of `gcview bench --runs 61`).
    /// `inHalves` says whether to; by default every picture after a process's first is. The
    /// first thread a process starts costs it a `malloc` arena and a stack, more than the half
    /// saves: a one-shot `gcview plot` is faster whole-process with the picture written on one
    /// thread (README, Performance), and the app and playback, which write many, pay it once.
    static func encode(_ image: IndexedImage, inHalves: Bool? = nil) -> [UInt8]? {
        let width = image.width, height = image.height
        var header = ByteWriter(capacity: 4096)
        // DCS P1=0 P2=0 (pixels painted, not transparent) P3=0; raster attributes: aspect 1:1, W x H.
        header.append(contentsOf: [0x1B, 0x50])
        header.append(contentsOf: "0;0;0q\"1;1;\(width);\(height)".utf8)
        for (index, color) in image.palette.enumerated() {
            header.append(contentsOf: "#\(index);2;\(percent(color.red));\(percent(color.green));\(percent(color.blue))".utf8)
        }
        let background = image.dominantIndex
        guard Int(background) < image.palette.count else { return nil }
        let bands = (height + 5) / 6
        let isFirst = picturesWritten.wrappingAdd(1, ordering: .relaxed).oldValue == 0
        let split = inHalves ?? (!isFirst && image.pixels.count >= pixelsWrittenInHalves) ? bands / 2 : 0
        let firstHalf = split > 0 ? BackgroundThread { bytes(of: image, bands: 0..<split, background: background) } : nil
        let secondHalf = bytes(of: image, bands: split..<bands, background: background)

        // A half given up is still waited for: `BackgroundThread` joins its thread when it goes.
        guard let secondHalf else { return nil }
        var sequence = header.array()
        if let firstHalf {
            guard let first = firstHalf.take() else { return nil }
            sequence.reserveCapacity(sequence.count + first.count + 1 + secondHalf.count + 2)
            sequence += first
            sequence.append(UInt8(ascii: "-"))
        }
        sequence += secondHalf
        sequence += [0x1B, 0x5C]
        return sequence
    }

    /// The bands `bands` of `image` (band n is rows 6n to 6n + 5), each after the first begun
    /// with `-`, the graphics new line; nil when a pixel there indexes past the palette.
    private static func bytes(of image: IndexedImage, bands: Range<Int>, background: UInt8) -> [UInt8]? {
        let width = image.width, height = image.height
        var out = ByteWriter(capacity: 32 * 1024)
        var band = SixelBand(width: width, colors: image.palette.count)
        image.pixels.withUnsafeBufferPointer { pixels in
            guard let pixels = pixels.baseAddress else { return }
            for top in stride(from: bands.lowerBound * 6, to: bands.upperBound * 6, by: 6) {
                let rows = min(6, height - top)
                for row in 0..<rows {
                    band.mark(pixels + (top + row) * width, bit: UInt8(1) << row, background: background)
                }
                if top > bands.lowerBound * 6 {
                    out.reserve(1)
                    out.append(UInt8(ascii: "-"))
                }
                band.write(to: &out, background: background, full: UInt8((1 << rows) - 1))
            }
        }
        return band.markedPastPalette ? nil : out.array()
    }

    /// A channel as the 0–100 percentage sixel colour introducers use.
    static func percent(_ channel: UInt8) -> Int {
        (Int(channel) * 100 + 127) / 255
    }
}
