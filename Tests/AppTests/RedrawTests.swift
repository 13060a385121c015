@testable import App
import Raster
import Terminal
import Testing

/// Ctrl-L draws the whole screen again, as in other full-screen programs: after another program
/// wrote over the screen, or a terminal glitch, the text and the picture come back whole.
@Suite("Ctrl-L: the whole screen drawn again")
struct RedrawTests {
    /// A controller showing sin(x)*x full screen, or beside the calculator when `window` is wide.
    static func controller(_ graphicsProtocol: GraphicsProtocol,
                           window: WindowSize = WindowSize(columns: 100, rows: 30)) -> AppController {
        AppController(model: AppModel.graphing("sin(x)*x", in: Panes.full), window: window,
                      cell: PixelSize(width: 10, height: 20),
                      presenter: GraphPresenter(backend: graphicsProtocol.backend(kittyImageID: 7001), glyphs: nil), theme: .dark)
    }

    static func text(_ frame: [UInt8]) -> String { String(decoding: frame, as: UTF8.self) }

    /// The picture's own bytes in `frame`: a sixel's DCS, a kitty transmission, or braille dots.
    static func hasPicture(_ frame: [UInt8], _ graphicsProtocol: GraphicsProtocol) -> Bool {
        let text = text(frame)
        switch graphicsProtocol {
        case .sixel: return text.contains("\u{1B}P0;0;0q")
        case .kitty, .kittyPlaceholders: return text.contains("\u{1B}_Ga=T") || text.contains("\u{1B}_Gf=")
            || text.contains(",U=1")
        case .iterm2: return text.contains("\u{1B}]1337;File=")
        case .unicode: return text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }
        }
    }

    @Test("After Ctrl-L the next frame clears the screen and writes the text and the picture again",
          arguments: [GraphicsProtocol.sixel, .kitty, .kittyPlaceholders, .iterm2, .unicode])
    func wholeScreen(_ graphicsProtocol: GraphicsProtocol) {
        let controller = Self.controller(graphicsProtocol)
        let first = controller.frame()
        #expect(Self.hasPicture(first, graphicsProtocol), "the first frame draws the graph")
        #expect(controller.frame().isEmpty, "nothing changed, nothing written")

        let before = controller.model
        controller.handle(.input(.key(.control("l"))))
        #expect(controller.model == before, "the model is untouched")
        let again = controller.frame()
        let text = Self.text(again)
        #expect(text.contains("\u{1B}[2J"), "the screen is cleared")
        #expect(text.contains("y = sin(x) × x"), "the title bar is written again")
        #expect(text.contains("? help"), "the status line is written again")
        #expect(Self.hasPicture(again, graphicsProtocol), "the picture is sent again")
        #expect(controller.frame().isEmpty, "once")
    }

    @Test("Ctrl-L while typing an expression keeps the line as it is")
    func whileTyping() {
        let controller = Self.controller(.sixel, window: WindowSize(columns: 160, rows: 40))
        _ = controller.frame()
        #expect(controller.layout.isSplit, "the calculator is on screen for :")
        controller.handle(.input(.key(.character(":"))))
        for character in "cos(x" { controller.handle(.input(.key(.character(character)))) }
        _ = controller.frame()
        let typing = controller.model
        controller.handle(.input(.key(.control("l"))))
        #expect(controller.model == typing, "nothing typed, nothing closed")
        let text = Self.text(controller.frame())
        #expect(text.contains("\u{1B}[2J") && text.contains("cos(x"), "the screen again, the line on it")
        controller.handle(.input(.key(.character(")"))))
        controller.handle(.input(.key(.enter)))
        #expect(controller.model.curves.map(\.description) == ["cos(M)"], "typing goes on (M is x in a program)")
    }
}
