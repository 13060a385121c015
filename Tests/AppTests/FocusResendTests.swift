@testable import App
import Raster
import Terminal
import Testing

/// Issue 25, item 1: kitty outside tmux deletes its pictures when tmux enters the alternate
/// screen again on a reattach, and tmux redraws only the placeholder cells. tmux reports the
/// pane's focus on the attach, and the app then sends the picture again; other backends, whose
/// pictures the terminal or tmux keeps, ignore focus.
@Suite("Focus: the placeholder picture is sent again, other pictures are not")
struct FocusResendTests {
    static func controller(_ backend: any GraphicsBackend) -> AppController {
        AppController(model: AppModel.graphing("sin(x)*x", in: Panes.full), window: WindowSize(columns: 100, rows: 30),
                      cell: PixelSize(width: 10, height: 20), presenter: GraphPresenter(backend: backend, glyphs: nil), theme: .dark)
    }

    /// How many kitty pictures `frame` transmits with a virtual placement (`U=1`).
    static func transmissions(in frame: [UInt8]) -> Int {
        let key = Array(",U=1".utf8)
        guard frame.count >= key.count else { return 0 }
        return (0...(frame.count - key.count)).count { frame[$0..<($0 + key.count)].elementsEqual(key) }
    }

    @Test("kitty placeholders: focus gained sends the picture again with its cells; focus lost sends nothing")
    func placeholders() {
        let controller = Self.controller(GraphicsProtocol.kittyPlaceholders.backend(kittyImageID: 7001))
        #expect(Self.transmissions(in: controller.frame()) == 1, "the first frame sends the picture")
        #expect(controller.frame().isEmpty, "nothing changed, nothing sent")
        controller.handle(.input(.focus(false)))
        #expect(controller.frame().isEmpty, "focus lost: nothing to do")
        controller.handle(.input(.focus(true)))
        let again = controller.frame()
        #expect(Self.transmissions(in: again) == 1, "focus gained: the picture again")
        #expect(String(decoding: again, as: UTF8.self).unicodeScalars.contains("\u{10EEEE}"), "and its placeholder cells")
        // tmux reports the focus before it has the terminal in the alternate screen again: once more later.
        #expect(controller.needsFollowUpFrame)
        #expect(Self.transmissions(in: controller.frame()) == 1, "the follow-up frame sends it once more")
        #expect(!controller.needsFollowUpFrame && controller.frame().isEmpty, "then nothing")
    }

    @Test("sixel and kitty (tmux or the terminal keeps their pictures): focus gained sends nothing",
          arguments: [GraphicsProtocol.sixel, .kitty])
    func others(_ graphicsProtocol: GraphicsProtocol) {
        let controller = Self.controller(graphicsProtocol.backend(kittyImageID: 7001))
        #expect(!controller.frame().isEmpty)
        controller.handle(.input(.focus(true)))
        #expect(controller.frame().isEmpty && !controller.needsFollowUpFrame)
    }
}
