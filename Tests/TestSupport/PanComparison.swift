import Raster

/// How two pictures of the same size differ: in any ink but the curve's (grid, axes, labels:
/// none may), and in the curve's, where each differing pixel must be one anti-aliasing level
/// from the other, or its value found within one pixel of it in the other picture.
///
/// A larger picture's curve is the same to within a hundredth of a pixel, but its samples are
/// joined into chords from another starting column, so a pixel's coverage can round to another level.
package struct PanComparison: CustomStringConvertible {
    /// Pixels that differ where neither is the curve's.
    package var otherInk = 0
    /// Curve pixels that differ.
    package var curvePixels = 0
    /// Curve pixels more than one anti-aliasing level apart whose value is nowhere within one
    /// pixel in the other picture.
    package var curvePixelsFarOff = 0
    /// The most anti-aliasing levels a curve pixel differs by.
    package var levelsApart = 0

    /// Curve pixels where the pictures put different curves on top (where curves cross).
    package var crossings = 0

    /// The differences between pictures `a` and `b`, palette indices `width` pixels a row, whose
    /// curves have `levelsPerCurve` anti-aliasing levels each.
    package init(_ a: [UInt8], _ b: [UInt8], width: Int, levelsPerCurve: Int = PaletteSlot.curveLevels) {
        let height = a.count / max(width, 1)
        // Background is a curve's level 0; a curve over other ink is one level from it.
        func curve(_ slot: UInt8) -> Int? {
            slot >= PaletteSlot.firstCurve ? (Int(slot) - Int(PaletteSlot.firstCurve)) / levelsPerCurve : nil
        }
        func level(_ slot: UInt8) -> Int {
            slot >= PaletteSlot.firstCurve ? (Int(slot) - Int(PaletteSlot.firstCurve)) % levelsPerCurve + 1 : 0
        }
        func isNear(_ x: Int, _ y: Int, in picture: [UInt8], where matches: (UInt8) -> Bool) -> Bool {
            for ny in max(y - 1, 0)...min(y + 1, height - 1) {
                for nx in max(x - 1, 0)...min(x + 1, width - 1) where matches(picture[ny * width + nx]) { return true }
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
            if let curveA = curve(a[index]), let curveB = curve(b[index]), curveA != curveB {
                // Which curve is on top where two cross follows their coverage: each must be within a pixel in the other.
                crossings += 1
                if !isNear(x, y, in: b, where: { curve($0) == curveA }) || !isNear(x, y, in: a, where: { curve($0) == curveB }) {
                    curvePixelsFarOff += 1
                }
                continue
            }
            let apart = abs(level(a[index]) - level(b[index]))
            levelsApart = max(levelsApart, apart)
            if apart > 1, !isNear(x, y, in: b, where: { $0 == a[index] }) || !isNear(x, y, in: a, where: { $0 == b[index] }) {
                curvePixelsFarOff += 1
            }
        }
    }

    /// Whether the pictures agree within one pixel.
    package var agree: Bool { otherInk == 0 && curvePixelsFarOff == 0 }

    package var description: String {
        "\(otherInk) pixels of other ink differ, \(curvePixels) curve pixels (\(crossings) where curves cross), up to \(levelsApart) level(s) apart, \(curvePixelsFarOff) of them more than a pixel off"
    }
}
