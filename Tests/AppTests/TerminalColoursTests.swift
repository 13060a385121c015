@testable import App
import AppTestSupport
import Raster
import Terminal
import Testing

/// The app asks for the terminal's colours again at Ctrl-L, when a terminal attaches to its tmux
/// session and when the terminal reports that its colours turned dark or light; without `--theme`,
/// it draws in the theme the background reported calls for.
@Suite("The terminal's colours asked again")
struct TerminalColoursTests {
    static let white = "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"
    static let black = "\u{1B}]11;rgb:0000/0000/0000\u{7}"

    /// A dark controller graphing sin(x) × x in kitty, following the terminal's colours or not.
    static func controller(following: Bool) -> AppController {
        let controller = AppController(model: AppModel.graphing("sin(x)*x", in: Panes.full), window: WindowSize(columns: 100, rows: 30),
                                       cell: PixelSize(width: 10, height: 20),
                                       presenter: GraphPresenter(backend: KittyBackend(imageID: 7001), glyphs: nil), theme: .dark)
        controller.followsTerminalColours = following
        _ = controller.frame()
        return controller
    }

    /// What the terminal sends, decoded as the session decodes it.
    static func send(_ text: String, to controller: AppController) {
        var decoder = InputDecoder()
        for event in decoder.decode(Array(text.utf8)) { controller.handle(.input(event)) }
    }

    /// Whether `frame` writes text in `colour` (an SGR 38;2 foreground).
    static func writes(_ colour: RGB, in frame: [UInt8]) -> Bool {
        String(decoding: frame, as: UTF8.self).contains("38;2;\(colour.red);\(colour.green);\(colour.blue)")
    }

    @Test("Ctrl-L asks for the colours (OSC 10 and 11), once, after the frame; a key does not")
    func ctrlLAsks() {
        let controller = Self.controller(following: true)
        #expect(controller.takeQuestions().isEmpty)
        Self.send("5", to: controller)
        #expect(controller.takeQuestions().isEmpty)
        Self.send("\u{0C}", to: controller)
        #expect(controller.takeQuestions() == Array("\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\".utf8))
        #expect(controller.takeQuestions().isEmpty, "asked once")
    }

    @Test("A white background reported: the light theme, text and picture, and saved so; black: dark again")
    func followsTheBackground() throws {
        let controller = Self.controller(following: true)
        Self.send("\u{0C}" + "\u{1B}]10;rgb:0000/0000/0000\u{1B}\\" + Self.white, to: controller)
        #expect(controller.theme == .light)
        #expect(controller.model.notice == nil, "the colours say it; the status line keeps what it said")
        let light = controller.frame()
        #expect(Self.writes(Theme.light.label, in: light) && !Self.writes(Theme.dark.label, in: light))
        #expect(String(decoding: light, as: UTF8.self).contains("\u{1B}[2J"), "the screen drawn afresh")
        var kitty = KittyScreen(cell: PixelSize(width: 10, height: 20))
        _ = kitty.take(light)
        let pixels = kitty.shown
        let paper = pixels.count { $0 == Theme.light.background }
        #expect(paper > pixels.count / 2, "the picture on light paper (\(paper) of \(pixels.count) pixels)")
        #expect(controller.savedState().theme == "light", "saved as shown")
        let colours = try #require(controller.terminalColors)
        #expect(colours.foreground == RGB(0, 0, 0) && colours.background == RGB(255, 255, 255), "W's screen shots take them")

        Self.send(Self.black, to: controller)
        #expect(controller.theme == .dark)
        #expect(Self.writes(Theme.dark.label, in: controller.frame()))
    }

    @Test("A report that the colours turned dark or light (DEC mode 2031) asks for them; the answer turns the theme",
          arguments: ["\u{1B}[?997;2n", "\u{1B}[?997;1n"])
    func colourSchemeReport(report: String) {
        let controller = Self.controller(following: true)
        Self.send(report, to: controller)
        #expect(controller.takeQuestions() == TerminalProbe.colourQuestions, "asked, to have the colours exactly")
        #expect(controller.theme == .dark, "the report alone changes nothing drawn")
        Self.send(Self.white, to: controller)
        #expect(controller.theme == .light)
    }

    @Test("The same background again changes nothing: no notice, no frame")
    func sameBackground() {
        let controller = Self.controller(following: true)
        Self.send(Self.black, to: controller)
        #expect(controller.theme == .dark && controller.model.notice == nil)
        #expect(controller.frame().isEmpty)
    }

    @Test("With --theme the theme stays; the colours are still taken for W's screen shots")
    func chosenTheme() throws {
        let controller = Self.controller(following: false)
        Self.send(Self.white, to: controller)
        #expect(controller.theme == .dark && controller.model.notice == nil)
        #expect(try #require(controller.terminalColors).background == RGB(255, 255, 255))
    }

    @Test("Replies that are no colour, or an unreadable one, change nothing",
          arguments: ["\u{1B}]11;rgb:zz/00/00\u{1B}\\", "\u{1B}]11;?\u{1B}\\", "\u{1B}]52;c;aGVsbG8=\u{7}",
                      "\u{1B}]4;1;rgb:ffff/ffff/ffff\u{1B}\\", "\u{1B}P>|xterm(379)\u{1B}\\", "\u{1B}[?62;4c",
                      "\u{1B}]11;rgb:ffff/ffff/ffff/ffff\u{1B}\\", "\u{1B}]11;" + String(repeating: "f", count: 5000) + "\u{1B}\\"])
    func hostileReplies(reply: String) {
        let controller = Self.controller(following: true)
        Self.send(reply, to: controller)
        #expect(controller.theme == .dark && controller.terminalColors == nil && controller.model.notice == nil)
    }
}
