import Raster
import TestSupport
import Testing
@testable import Codecs

/// The braille fallback writes a picture's text (title, legend, labels) into cells: each
/// hostile character becomes `?`.
@Suite("Safe text: braille text in cells")
struct SafeTextBrailleTests {
    @Test("UnicodeRenderer writes none of them", arguments: HostileText.scalars.map(\.scalar))
    func title(scalar: Unicode.Scalar) {
        func shown(_ title: String) -> [String] {
            var image = IndexedImage(width: 80, height: 16, palette: [RGB(255, 255, 255), RGB(0, 0, 0)])
            image.texts = [PlacedText(text: title, left: 0, top: 0, width: 40, height: 8, role: .title)]
            return UnicodeRenderer().render(image, columns: 40, rows: 4)
        }
        // As if `?` stood in its place: on its own, or with the letter it extends (a tag character).
        let hostile = shown("ab" + String(scalar) + "c")
        #expect(hostile == shown("ab?c") || hostile == shown("a?c"))
        #expect(shown("ab?c") != shown("abc"))
    }
}
