@testable import App
import Raster
import Terminal
import Testing

/// Issue 27: the frame path makes each layout once per window size and route, not on every key,
/// and the pane is chosen by the backend's abilities.
@Suite("Frame path cost")
struct FramePathCostTests {
    static func controller(_ backend: any GraphicsBackend) -> AppController {
        AppController(model: AppModel(), window: WindowSize(columns: 120, rows: 32), cell: PixelSize(width: 10, height: 20),
                      presenter: GraphPresenter(backend: backend, glyphs: nil), theme: .dark)
    }

    @Test("Forty pan and zoom keys with a frame each make no layout beyond the first of each route; a resize makes them again",
          arguments: [GraphicsProtocol.kitty, .sixel, .unicode])
    func layoutsMadeOnce(graphicsProtocol: GraphicsProtocol) {
        let controller = Self.controller(graphicsProtocol.backend())
        for character in ":sin(x)" { controller.handle(.input(.key(.character(character)))) }
        controller.handle(.input(.key(.enter)))
        controller.handle(.input(.key(.character("g"))))
        controller.handle(.input(.key(.tab)))
        _ = controller.frame()
        let settled = controller.layoutsMade
        #expect(settled <= 2, "one layout for each route asked: \(settled)")
        for step in 0..<40 {
            let key: KeyPress = [.left, .up, .character("+"), .character("-")][step % 4]
            controller.handle(.input(.key(key)))
            _ = controller.frame()
        }
        #expect(controller.model.camera?.scaleX != nil && controller.framesDrawn > 40, "the keys panned and zoomed the graph")
        #expect(controller.layoutsMade == settled, "40 keys made \(controller.layoutsMade - settled) layouts more")
        controller.handle(.resized(WindowSize(columns: 100, rows: 30)))
        _ = controller.frame()
        #expect(controller.layoutsMade > settled, "a new size makes its layout")
    }

    @Test("The backend's abilities pick the pane: layers where the terminal keeps pictures by id, whole pictures elsewhere")
    func paneFromAbilities() {
        #expect(Self.controller(GraphicsProtocol.kitty.backend()).images is LayeredPicturePane<KittyBackend>)
        for graphicsProtocol in [GraphicsProtocol.sixel, .iterm2, .unicode] {
            #expect(Self.controller(graphicsProtocol.backend()).images is WholePicturePane, "\(graphicsProtocol)")
        }
    }

    @Test("A trace's mark and the points of interest are derived once per change, not on every frame the loop asks for",
          arguments: [GraphicsProtocol.kitty, .sixel])
    func marksDerivedOnce(graphicsProtocol: GraphicsProtocol) {
        let controller = Self.controller(graphicsProtocol.backend())
        for character in ":sin(x)" { controller.handle(.input(.key(.character(character)))) }
        controller.handle(.input(.key(.enter)))
        for character in "got'" { controller.handle(.input(.key(.character(character)))) }
        _ = controller.frame()
        let derived = controller.marksDerived
        #expect(derived >= 1)
        for _ in 0..<20 { _ = controller.frame() }
        #expect(controller.marksDerived == derived, "20 frames with nothing new derived them \(controller.marksDerived - derived) times more")
        controller.handle(.input(.key(.right)))
        _ = controller.frame()
        #expect(controller.marksDerived == derived + 1, "a trace step derives them again")
    }
}
