/// The pixels a glyph's halo covers: every pixel within `radius` of its ink, in a rounded square
/// (the square's corners cut off from a radius of 2 up), as `TextPainter` paints it in the paper
/// colour under a tick label.
///
/// A label's glyphs repeat (digits, signs, points), so each glyph's halo is worked out once a
/// painter and then painted as rows of runs: painting the square around every ink pixel, as
/// before, wrote each halo pixel many times over and was most of `TextPainter.draw`'s 1.95 M
/// instructions in `plot` at 1600×1000 (callgrind).
struct HaloMask {
    /// Where the mask's first column and row lie from the glyph bitmap's top left (−radius).
    let offset: Int
    /// The covered columns of each row, from the top, relative to the mask's left edge.
    let rows: [[Range<Int>]]

    init(of glyph: GlyphBitmap, radius: Int) {
        offset = -radius
        let width = glyph.width + 2 * radius, height = glyph.height + 2 * radius
        var covered = [Bool](repeating: false, count: width * height)
        for gy in 0..<glyph.height {
            for gx in 0..<glyph.width where PaletteSlot.label(coverage: glyph.coverage[gy * glyph.width + gx]) != nil {
                for dy in -radius...radius {
                    for dx in -radius...radius where radius < 2 || abs(dx) + abs(dy) < 2 * radius {
                        covered[(gy + dy + radius) * width + gx + dx + radius] = true
                    }
                }
            }
        }
        rows = (0..<height).map { y in
            var runs: [Range<Int>] = []
            var x = 0
            while x < width {
                guard covered[y * width + x] else { x += 1; continue }
                let start = x
                while x < width, covered[y * width + x] { x += 1 }
                runs.append(start..<x)
            }
            return runs
        }
    }

    /// Paints the mask in `index` with the glyph bitmap's top left at (`originX`, `originY`),
    /// clipped to the `width`×`height` pixels.
    func paint(_ index: UInt8, originX: Int, originY: Int, into pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int) {
        for (row, runs) in rows.enumerated() {
            let y = originY + offset + row
            guard y >= 0, y < height else { continue }
            for run in runs {
                let left = max(originX + offset + run.lowerBound, 0), right = min(originX + offset + run.upperBound, width)
                for x in left..<max(left, right) { pixels[y * width + x] = index }
            }
        }
    }
}

/// The halo masks a painter has worked out, by scalar and radius.
final class HaloMasks {
    private var masks: [HaloKey: HaloMask] = [:]

    private struct HaloKey: Hashable {
        let scalar: Unicode.Scalar
        let radius: Int
    }

    /// The halo of `glyph`, the bitmap of `scalar`, at `radius`: made the first time it is asked for.
    func mask(of glyph: GlyphBitmap, scalar: Unicode.Scalar, radius: Int) -> HaloMask {
        let key = HaloKey(scalar: scalar, radius: radius)
        if let mask = masks[key] { return mask }
        let mask = HaloMask(of: glyph, radius: radius)
        masks[key] = mask
        return mask
    }
}
