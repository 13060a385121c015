@testable import Raster
import Testing
import TestSupport

/// A label's halo, painted from a glyph's mask, against the square around every ink pixel.
@Suite("Halo masks")
struct HaloMaskTests {
    @Test("A glyph's halo covers the pixels within its radius of the ink, clipped to the image", arguments: 0..<6)
    func haloAgainstEveryInkPixel(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 0x4A10)
        let width = 24, height = 20
        for _ in 0..<200 {
            let glyphWidth = Int(random.next() % 12), glyphHeight = Int(random.next() % 14)
            // Coverage of every strength, faint ones included (some give no label ink at all).
            let coverage = (0..<(glyphWidth * glyphHeight)).map { _ in random.next() % 3 == 0 ? UInt8(random.next() % 256) : 0 }
            let glyph = GlyphBitmap(width: glyphWidth, height: glyphHeight, left: 0, top: 0, advance: glyphWidth, coverage: coverage)
            let radius = 1 + Int(random.next() % 3)
            let originX = Int(random.next() % 34) - 7, originY = Int(random.next() % 32) - 8
            var painted = [UInt8](repeating: 9, count: width * height)
            painted.withUnsafeMutableBufferPointer {
                HaloMask(of: glyph, radius: radius).paint(PaletteSlot.background, originX: originX, originY: originY,
                                                          into: $0, width: width, height: height)
            }
            var expected = [UInt8](repeating: 9, count: width * height)
            for gy in 0..<glyphHeight {
                for gx in 0..<glyphWidth where PaletteSlot.label(coverage: coverage[gy * glyphWidth + gx]) != nil {
                    for dy in -radius...radius {
                        for dx in -radius...radius where radius < 2 || abs(dx) + abs(dy) < 2 * radius {
                            let x = originX + gx + dx, y = originY + gy + dy
                            if x >= 0, x < width, y >= 0, y < height { expected[y * width + x] = PaletteSlot.background }
                        }
                    }
                }
            }
            #expect(painted == expected, "\(glyphWidth)x\(glyphHeight) glyph at (\(originX), \(originY)), radius \(radius)")
        }
    }
}
