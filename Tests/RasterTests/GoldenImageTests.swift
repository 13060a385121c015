import Foundation
import Glyphs
import Raster
import Testing

@Suite("Golden images")
struct GoldenImageTests {
    static let viewport = Viewport(width: 480, height: 320, xRange: -5...5, yRange: -4...4)

    @Test("Graphs match their golden PNGs", arguments: [
        ("sin", TestFunction.sine), ("square", .square), ("tan", .tangent), ("reciprocal", .reciprocal),
        ("sin-reciprocal", .sineOfReciprocal), ("sqrt", .squareRoot), ("floor", .floor), ("log", .logarithm),
        ("self-power", .selfPower),
    ])
    func golden(name: String, function: TestFunction) throws {
        let style = GraphStyle(theme: .dark, lineWidth: 2, labelPixelHeight: 14, title: "y = " + function.name)
        let renderer = GraphRenderer(style: style, glyphs: try FreeTypeGlyphs.system())
        let image = renderer.render(function.function, in: Self.viewport)
        try GoldenImage.check(image, named: name)
    }

    @Test("The light theme on a wider range matches its golden PNG")
    func lightTheme() throws {
        let viewport = Viewport(width: 480, height: 320, xRange: -0.5...0.5, yRange: 2...2.8)
        let style = GraphStyle(theme: .light, lineWidth: 2, labelPixelHeight: 14, title: "y = x + 2.4")
        let image = GraphRenderer(style: style, glyphs: try FreeTypeGlyphs.system()).render({ $0 + 2.4 }, in: viewport)
        try GoldenImage.check(image, named: "light-pinned")
    }
}
