@testable import App
import AppTestSupport
import Foundation
import Glyphs
import Raster
import SizeClass
import Terminal
import Testing

/// No tofu: every character the interface can print is in DejaVu Sans Mono, the stock monospace
/// font, checked with FreeType over the text of real frames in every layout and overlay.
@Suite("Glyph coverage", .serialized)
struct GlyphCoverageTests {
    static let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
    /// Braille is the Unicode fallback's picture, not text: DejaVu Sans (same stock package) has it,
    /// and terminals reach it through font fallback or draw it themselves.
    static let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// The window sizes of each layout: split view, compact (pushed graph), wide, and too small.
    static let windows = [(120, 32), (60, 30), (220, 50), (24, 6)]

    /// Every character the frames of a scripted session show, with the frames' text for messages.
    static func shownText(backend: any GraphicsBackend) -> Set<Character> {
        var shown = Set<Character>()
        for (columns, rows) in windows {
            let controller = AppController(model: AppModel(), window: WindowSize(columns: columns, rows: rows),
                                           cell: PixelSize(width: 10, height: 20),
                                           presenter: GraphPresenter(backend: backend, glyphs: nil), theme: .dark)
            func look() {
                for piece in FrameInspector(controller.frame()).pieces {
                    if case .text(let bytes) = piece { shown.formUnion(String(decoding: bytes, as: UTF8.self)) }
                }
            }
            var script: [AppAction] = []
            for grid in [ButtonGrid.compact, .regular, .wide] {
                for label in grid.rows.joined() where label != ButtonGrid.graphLabel { script.append(.press(label)) }
            }
            script += [.press("C"), .press("9"), .press("√"), .graph, .togglePopover, .togglePopover, .back,
                       .toggleHelp, .dismiss, .openHistory, .moveSelection(by: 1), .dismiss,
                       .openExpressionLine, .editExpression(.insert("sin(x)*x + 1/x")), .editExpression(.submit), .graph,
                       .togglePopover, .toggleFocus, .fit, .togglePopover,
                       .openExpressionLine, .editExpression(.insert("2 +")), .editExpression(.submit), .dismiss,
                       .openExpressionLine, .editExpression(.insert("√(-1)")), .editExpression(.submit),
                       .openHistory, .dismiss, .press("π"), .press("→M"), .press("M"), .press("⌫"), .quit]
            look()
            for action in script {
                controller.apply(action)
                look()
            }
        }
        return shown
    }

    /// The characters of `text` FreeType finds no glyph for in the font at `path`.
    static func missing(_ characters: some Sequence<Character>, in path: String) throws -> [String] {
        let font = try FreeTypeGlyphs(fontPath: path)
        return characters.flatMap(\.unicodeScalars).filter { scalar in
            scalar.value > 0x20 && font.glyph(for: scalar, pixelHeight: 16) == nil
        }.map { "\($0) U+\(String($0.value, radix: 16, uppercase: true))" }
    }

    @Test("Every button label, help line and frame's text is in DejaVu Sans Mono",
          arguments: [GraphicsProtocol.kitty, .unicode])
    func frames(_ graphicsProtocol: GraphicsProtocol) throws {
        var characters = Self.shownText(backend: graphicsProtocol.backend())
        for grid in [ButtonGrid.compact, .regular, .wide] { characters.formUnion(grid.rows.joined().joined()) }
        for line in KeyGuide.lines { characters.formUnion(line) }
        let braille = characters.filter { $0.unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) } }
        #expect(characters.count > 60, "the frames showed \(characters.count) distinct characters")
        let missing = try Self.missing(characters.subtracting(braille), in: Self.mono)
        #expect(missing.isEmpty, "not in DejaVu Sans Mono: \(missing)")
        #expect(try Self.missing(braille, in: Self.sans).isEmpty)
        if graphicsProtocol == .unicode { #expect(!braille.isEmpty, "the braille graph was seen") }
    }

    @Test("FreeType finds no glyph for what the font lacks: the check can fail")
    func checkCanFail() throws {
        #expect(try Self.missing("📈ⓘ", in: Self.mono).count == 2)
        #expect(try Self.missing("√π→", in: Self.mono).isEmpty)
    }
}
