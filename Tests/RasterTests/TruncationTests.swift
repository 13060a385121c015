import Foundation
@testable import Raster
import Testing

/// Fitting long titles: the same result as cutting one character at a time, measuring each glyph once.
@Suite("Text truncation")
struct TruncationTests {
    /// Box glyphs of varying advances that count how often they are measured.
    final class CountingGlyphs: GlyphSource, @unchecked Sendable {
        var measurements = 0

        func metrics(pixelHeight: Int) -> FontMetrics { FontMetrics(ascent: 9, descent: 3) }

        func glyph(for scalar: Unicode.Scalar, pixelHeight: Int) -> GlyphBitmap? {
            measurements += 1
            if scalar == "\u{7}" { return nil }
            let advance = scalar == " " ? 0 : Int(scalar.value % 7) + 2
            return GlyphBitmap(width: 1, height: 1, left: 0, top: 1, advance: advance, coverage: [255])
        }
    }

    /// The old behaviour: drop the last character until the rest plus "…" fits.
    static func reference(_ text: String, _ maximumWidth: Int, _ painter: TextPainter) -> String {
        guard painter.width(of: text) > maximumWidth else { return text }
        var scalars = Array(text.unicodeScalars)
        while !scalars.isEmpty {
            scalars.removeLast()
            let candidate = String(String.UnicodeScalarView(scalars)) + "…"
            if painter.width(of: candidate) <= maximumWidth { return candidate }
        }
        return ""
    }

    @Test("The same cut as one character at a time", arguments: [
        ("y = x", 0), ("y = x", 3), ("y = x", 9), ("y = x", 12), ("y = x", 100), ("", 0), ("sin(x) + cos(x)", 40),
        ("a  b\u{7}c   d", 10), ("mmmmmmmmmmmmmmm", 37), ("x^x^x^x^x^x", 1), ("é∑≠√π", 15),
    ])
    func sameAsBefore(text: String, width: Int) {
        let painter = TextPainter(glyphs: CountingGlyphs(), pixelHeight: 12)
        #expect(painter.truncated(text, toWidth: width) == Self.reference(text, width, painter))
    }

    @Test("Every width of a varied text gives the old cut")
    func allWidths() {
        let painter = TextPainter(glyphs: CountingGlyphs(), pixelHeight: 12)
        let text = "sin(M) × 3.5 + √(M^2 − 1)"
        for width in 0...(painter.width(of: text) + 2) {
            #expect(painter.truncated(text, toWidth: width) == Self.reference(text, width, painter), "width \(width)")
        }
    }

    @Test("A 3000-term title measures each glyph about once", arguments: [100, 1000, 1_000_000])
    func linear(width: Int) {
        let glyphs = CountingGlyphs()
        let painter = TextPainter(glyphs: glyphs, pixelHeight: 12)
        let title = Array(repeating: "x", count: 3000).joined(separator: "+")
        glyphs.measurements = 0
        let cut = painter.truncated(title, toWidth: width)
        #expect(glyphs.measurements <= title.unicodeScalars.count + 2)
        #expect(painter.width(of: cut) <= width)
    }
}
