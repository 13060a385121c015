import Raster

/// How two pictures of the same size differ: in any ink but the curve's (grid, axes, labels:
/// none may), and in the curve's, where each differing pixel must be one anti-aliasing level
/// from the other, or its value found within one pixel of it in the other picture.
///
/// A larger picture's curve is the same to within a hundredth of a pixel, but its samples are
/// joined into chords from another starting column, so a pixel's coverage can round to another level.
public struct PanComparison: CustomStringConvertible {
    /// Pixels that differ where neither is the curve's.
    public var otherInk = 0
    /// Curve pixels that differ.
    public var curvePixels = 0
    /// Curve pixels more than one anti-aliasing level apart whose value is nowhere within one
    /// pixel in the other picture.
    public var curvePixelsFarOff = 0
    /// The most anti-aliasing levels a curve pixel differs by.
    public var levelsApart = 0

    /// The differences between pictures `a` and `b`, palette indices `width` pixels a row.
    public init(_ a: [UInt8], _ b: [UInt8], width: Int) {
        let height = a.count / max(width, 1)
        // Background is the curve's level 0; the curve over other ink is one level from it.
        func level(_ slot: UInt8) -> Int { slot >= PaletteSlot.firstCurve ? Int(slot - PaletteSlot.firstCurve) + 1 : 0 }
        func isNear(_ value: UInt8, _ x: Int, _ y: Int, in picture: [UInt8]) -> Bool {
            for ny in max(y - 1, 0)...min(y + 1, height - 1) {
                for nx in max(x - 1, 0)...min(x + 1, width - 1) where picture[ny * width + nx] == value { return true }
            }
            return false
        }
        for index in a.indices where a[index] != b[index] {
            if a[index] < PaletteSlot.firstCurve && b[index] < PaletteSlot.firstCurve {
                otherInk += 1
                continue
            }
            curvePixels += 1
            let x = index % width, y = index / width
            let apart = abs(level(a[index]) - level(b[index]))
            levelsApart = max(levelsApart, apart)
            if apart > 1, !isNear(a[index], x, y, in: b) || !isNear(b[index], x, y, in: a) { curvePixelsFarOff += 1 }
        }
    }

    /// Whether the pictures agree within one pixel.
    public var agree: Bool { otherInk == 0 && curvePixelsFarOff == 0 }

    public var description: String {
        "\(otherInk) pixels of other ink differ, \(curvePixels) curve pixels, up to \(levelsApart) level(s) apart, \(curvePixelsFarOff) of them more than a pixel off"
    }
}
