import Raster
import Testing
@testable import Codecs

/// `line` without SGR sequences.
private func visible(_ line: String) -> String {
    var out = ""
    var inEscape = false
    for scalar in line.unicodeScalars {
        if scalar == "\u{1B}" { inEscape = true; continue }
        if inEscape { if scalar == "m" { inEscape = false }; continue }
        out.unicodeScalars.append(scalar)
    }
    return out
}

@Suite("Unicode braille fallback")
struct GraphicsUnicodeTests {
    static let palette = [RGB(255, 255, 255), RGB(200, 0, 0), RGB(0, 0, 200)]

    @Test("dots land in the right cells with their colours, lines reset at the end")
    func smallImage() {
        var image = IndexedImage(width: 4, height: 8, palette: Self.palette)
        image[0, 0] = 1
        image[3, 7] = 2
        let lines = UnicodeRenderer().render(image, columns: 2, rows: 2)
        #expect(lines == [
            "\u{1B}[38;2;200;0;0m\u{2801} \u{1B}[0m",
            " \u{1B}[38;2;0;0;200m\u{2880}\u{1B}[0m",
        ])
    }

    @Test("a cell takes its dominant ink colour; paper can be chosen explicitly")
    func dominantColour() {
        var image = IndexedImage(width: 2, height: 4, palette: Self.palette)
        for y in 0..<3 { image[0, y] = 2 }
        image[1, 0] = 1
        image[1, 1] = 1
        // Paper is index 0 even though it is not the most frequent here: 3 blue, 2 red, 3 white.
        let lines = UnicodeRenderer(background: 0).render(image, columns: 1, rows: 1)
        #expect(lines == ["\u{1B}[38;2;0;0;200m\u{281F}\u{1B}[0m"])
    }

    @Test("an all-paper image is blank lines without escapes")
    func blank() {
        let image = IndexedImage(width: 10, height: 10, palette: Self.palette)
        #expect(UnicodeRenderer().render(image, columns: 3, rows: 2) == ["   ", "   "])
    }

    @Test("every line is exactly `columns` cells wide", arguments: [(80, 24), (1, 1), (7, 3), (200, 60)])
    func widths(_ size: (columns: Int, rows: Int)) {
        let lines = UnicodeRenderer().render(GraphicsTestImages.graph(width: 160, height: 100), columns: size.columns, rows: size.rows)
        #expect(lines.count == size.rows)
        for line in lines {
            #expect(visible(line).unicodeScalars.count == size.columns)
        }
        // The red curve wins its cells once they are small enough; at 1x1 the grey grid dominates.
        if size.columns >= 7 { #expect(lines.contains { $0.contains("\u{1B}[38;2;220;30;30m") }) }
    }
}
