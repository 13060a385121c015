import Foundation
@testable import Raster

/// The tick labels a graph should carry, worked out without the renderer: the 1-2-5 ladder's
/// step and values, their text, and their ink found in an image.
struct LabelOracle {
    let glyphs: any GlyphSource
    let pixelHeight: Int

    /// The smallest step m × 10^k (m = 1, 2 or 5) whose ticks are at least `minimumSpacing` pixels apart.
    static func step(pixelsPerUnit: Double, minimumSpacing: Double) -> Double {
        var exponent = Int((log10(minimumSpacing / pixelsPerUnit)).rounded(.down)) - 1
        while true {
            for mantissa in [1.0, 2, 5] {
                let step = mantissa * pow(10, Double(exponent))
                if step * pixelsPerUnit >= minimumSpacing { return step }
            }
            exponent += 1
        }
    }

    /// The multiples of `step` inside `range`, from the first one directly: ceil(lower / step).
    static func ticks(step: Double, in range: ClosedRange<Double>) -> [Double] {
        let first = Int((range.lowerBound / step).rounded(.up))
        let last = Int((range.upperBound / step).rounded(.down))
        return first <= last ? (first...last).map { Double($0) * step } : []
    }

    /// A tick's label: as many decimals as the step needs, "-" for negatives, "0" for zero.
    static func text(_ value: Double, step: Double) -> String {
        if value == 0 { return "0" }
        let decimals = max(0, -Int(log10(step).rounded(.down)))
        let text = String(format: "%.\(decimals)f", value)
        return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
    }

    /// The label's ink as (x, y, palette slot) relative to its pen position on the baseline:
    /// coverage quantized to the three label levels (slots 3, 4, 5).
    func ink(of text: String) -> [(x: Int, y: Int, slot: UInt8)] {
        var pen = 0
        var ink: [(x: Int, y: Int, slot: UInt8)] = []
        for scalar in text.unicodeScalars {
            guard let glyph = glyphs.glyph(for: scalar, pixelHeight: pixelHeight) else { continue }
            for gy in 0..<glyph.height {
                for gx in 0..<glyph.width {
                    let level = (Int(glyph.coverage[gy * glyph.width + gx]) * 3 + 127) / 255
                    if level > 0 { ink.append((pen + glyph.left + gx, gy - glyph.top, UInt8(2 + level))) }
                }
            }
            pen += glyph.advance
        }
        return ink
    }

    /// The pen's advance over `text`: the width a label box is given.
    func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (glyphs.glyph(for: $1, pixelHeight: pixelHeight)?.advance ?? 0) }
    }

    /// Whether `text` is drawn somewhere in `image` with its pen position inside `columns` × `baselines`:
    /// every ink pixel exactly at its level, or under the curve (drawn over labels), and most of them visible.
    func isDrawn(_ text: String, in image: IndexedImage, columns: ClosedRange<Int>, baselines: ClosedRange<Int>) -> Bool {
        let ink = ink(of: text)
        guard !ink.isEmpty else { return false }
        for baseline in baselines {
            for pen in columns {
                var visible = 0
                let matches = ink.allSatisfy { point in
                    let x = pen + point.x, y = baseline + point.y
                    guard x >= 0, x < image.width, y >= 0, y < image.height else { return false }
                    let slot = image.pixels[y * image.width + x]
                    if slot == point.slot { visible += 1 }
                    return slot == point.slot || PaletteSlot.isCurve(slot)
                }
                if matches && visible * 3 >= ink.count * 2 { return true }
            }
        }
        return false
    }
}
