@testable import App
import Glibc
import Raster
@testable import Terminal
import Testing

/// Inside tmux the app chooses its protocol again when tmux reports the pane's focus (as on an
/// attach, perhaps from another terminal) and at Ctrl-L (after passthrough is turned on), with
/// tmux's answers scripted here: a sixel session attached again from kitty draws kitty pictures
/// through tmux, never sixel tmux would show kitty as "SIXEL IMAGE".
@Suite("The protocol chosen again inside tmux")
struct ProtocolRechoiceTests {
    static let environment = ["TMUX": "/tmp/tmux-0/default,4242,0", "TMUX_PANE": "%3"]
    /// tmux 3.5a's own replies: DA1 with sixel (4), its name, its default cell for a window made
    /// with no client (16x32).
    static let replies = ReplyParser.parse(Array("\u{1B}P>|tmux 3.5a\u{1B}\\\u{1B}[6;32;16t\u{1B}[?1;2;4c".utf8))

    /// One client as tmux lists it (`TmuxClients.format`).
    static func clients(_ lines: [String], passthrough: Bool?) -> TmuxAnswer {
        var clients = TmuxClients(listing: Array(lines.map { $0 + "\n" }.joined().utf8))
        clients?.allowsPassthrough = passthrough
        return clients.map(TmuxAnswer.clients) ?? .unavailable("unreadable")
    }

    static let xterm = "bpaste,ccolour,clipboard,focus,sixel,title\txterm\t1000\tXTerm(379)"
    static let kitty = "bpaste,ccolour,clipboard,cstyle,focus,title\txterm-kitty\t1000\tkitty(0.41.1)"

    /// What tmux answers next; the controller's rechoice asks it.
    final class ScriptedTmux: @unchecked Sendable {
        var answer: TmuxAnswer
        var asked = 0
        init(_ answer: TmuxAnswer) { self.answer = answer }
    }

    /// A controller that started in xterm through tmux (sixel), asking `tmux` when it chooses again.
    static func controller(_ tmux: ScriptedTmux) -> AppController {
        let start = TerminalCapabilities(replies: replies, window: nil, environment: environment, tmux: tmux.answer)
        let backend = { (capabilities: TerminalCapabilities) -> any GraphicsBackend in
            capabilities.graphicsProtocol.backend(kittyImageID: 7001, largestSixel: capabilities.maxSixelSize,
                                                  sixelRegisters: capabilities.sixelColorRegisters)
        }
        let controller = AppController(model: AppModel.graphing("sin(x)*x", in: Panes.full), window: WindowSize(columns: 100, rows: 30),
                                       cell: PixelSize(width: 10, height: 20),
                                       presenter: GraphPresenter(backend: backend(start), glyphs: nil), theme: .dark)
        var rechoice = ProtocolRechoice(TmuxRechoice(replies: replies, environment: environment, answerAtStart: tmux.answer),
                                        startedWith: start, backend: backend)
        rechoice.asking = { _ in
            tmux.asked += 1
            return tmux.answer
        }
        controller.protocolRechoice = rechoice
        return controller
    }

    static func text(_ frame: [UInt8]) -> String { String(decoding: frame, as: UTF8.self) }
    static func isSixel(_ frame: [UInt8]) -> Bool { text(frame).contains("\u{1B}P0;0;0q") }
    static func isPlaceholders(_ frame: [UInt8]) -> Bool { text(frame).contains(",U=1") && text(frame).unicodeScalars.contains("\u{10EEEE}") }
    static func isBraille(_ frame: [UInt8]) -> Bool { text(frame).unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }

    @Test("Attached again from kitty (passthrough on): the focus brings kitty pictures through tmux, the screen cleared, and says so")
    func xtermThenKitty() {
        let tmux = ScriptedTmux(Self.clients([Self.xterm], passthrough: true))
        let controller = Self.controller(tmux)
        #expect(Self.isSixel(controller.frame()), "sixel at start, in xterm")
        controller.handle(.input(.focus(true)))
        #expect(tmux.asked == 1, "tmux asked at the focus")
        #expect(controller.frame().isEmpty, "the same terminal: nothing to do")

        tmux.answer = Self.clients([Self.kitty], passthrough: true)
        controller.handle(.input(.focus(false)))
        #expect(tmux.asked == 1, "not at a focus lost")
        controller.handle(.input(.focus(true)))
        let kitty = controller.frame()
        #expect(Self.text(kitty).contains("\u{1B}[2J") && Self.isPlaceholders(kitty) && !Self.isSixel(kitty))
        #expect(controller.model.notice == "Graph now drawn with kitty graphics through tmux")
        // As at any attach with placeholders, the picture once more in a follow-up frame, then nothing.
        #expect(controller.needsFollowUpFrame && Self.isPlaceholders(controller.frame()))
        #expect(controller.frame().isEmpty)

        tmux.answer = Self.clients([Self.xterm], passthrough: true)
        controller.handle(.input(.focus(true)))
        let back = controller.frame()
        #expect(Self.isSixel(back) && Self.text(back).contains("\u{1B}_Ga=d"), "back in xterm: sixel, kitty's pictures deleted first")
        #expect(controller.model.notice == "Graph now drawn with sixel through tmux")
    }

    @Test("Sixel in a window whose cells tmux takes as 16x32 while xterm's are 9x19: the notice says tmux scales it")
    func scaledByTmux() {
        let tmux = ScriptedTmux(Self.clients([Self.kitty], passthrough: false))
        let controller = Self.controller(tmux)
        _ = controller.frame()
        tmux.answer = Self.clients([Self.xterm.replacingOccurrences(of: "\t1000\t", with: "\t1000\t9x19\t")], passthrough: false)
        controller.handle(.input(.focus(true)))
        #expect(Self.isSixel(controller.frame()))
        #expect(controller.model.notice == "Graph now in sixel, scaled by tmux (cells 16x32, terminal 9x19): resize once")
        // Resized, tmux takes its client's cells, which the window's pixels then say.
        controller.handle(.resized(WindowSize(columns: 101, rows: 30, pixelWidth: 909, pixelHeight: 570)))
        #expect(Self.isSixel(controller.frame()))
        #expect(controller.model.notice == "Graph now drawn with sixel through tmux", "the scaling notice taken back")
    }

    @Test("kitty with passthrough off: braille and the advice; Ctrl-L after it is turned on brings the pictures")
    func passthroughTurnedOn() throws {
        let tmux = ScriptedTmux(Self.clients([Self.xterm], passthrough: false))
        let controller = Self.controller(tmux)
        _ = controller.frame()
        tmux.answer = Self.clients([Self.kitty], passthrough: false)
        controller.handle(.input(.focus(true)))
        #expect(Self.isBraille(controller.frame()))
        #expect(controller.model.notice == "Braille: for pictures, run tmux set -g allow-passthrough on and press Ctrl-L")
        let dots = try #require(controller.imageContent(controller.layout)?.viewport.xRange)
        tmux.answer = Self.clients([Self.kitty], passthrough: true)
        controller.handle(.input(.key(.control("l"))))
        #expect(Self.isPlaceholders(controller.frame()))
        // The pane is measured in pixels now, not dots: the same x range shows.
        let pixels = try #require(controller.imageContent(controller.layout)?.viewport.xRange)
        #expect(abs(pixels.lowerBound - dots.lowerBound) < 1e-9 && abs(pixels.upperBound - dots.upperBound) < 1e-9,
                "\(dots) then \(pixels)")
    }

    @Test("A client just attached that has not named itself is asked about again shortly, for a second at most")
    func settling() {
        let now = Int(time(nil))
        let tmux = ScriptedTmux(Self.clients([Self.xterm], passthrough: true))
        let controller = Self.controller(tmux)
        _ = controller.frame()
        // kitty before it has told tmux its XTVERSION: known only by TERM.
        tmux.answer = Self.clients(["bpaste,focus\txterm-kitty\t\(now)\t"], passthrough: true)
        controller.handle(.input(.focus(true)))
        let start = ContinuousClock.now
        #expect(Self.isBraille(controller.frame()), "unnamed, for now")
        let wait = controller.timeUntilProtocolRechoice(after: start)
        #expect(wait != nil && wait! <= ProtocolRechoice.settlingPause)
        controller.chooseProtocolAgainIfDue(at: start)
        #expect(tmux.asked == 1, "not yet due")
        tmux.answer = Self.clients(["bpaste,focus\txterm-kitty\t\(now)\tkitty(0.41.1)"], passthrough: true)
        controller.chooseProtocolAgainIfDue(at: start + ProtocolRechoice.settlingPause)
        #expect(tmux.asked == 2)
        #expect(Self.isPlaceholders(controller.frame()), "named itself: kitty pictures")
        #expect(controller.timeUntilProtocolRechoice(after: start) == nil, "settled")

        // One that never names itself is asked about for a second, then left.
        tmux.answer = Self.clients(["bpaste,focus\txterm-kitty\t\(now)\t"], passthrough: true)
        controller.handle(.input(.focus(true)))
        var clock = ContinuousClock.now
        var asked = 0
        while let wait = controller.timeUntilProtocolRechoice(after: clock), asked < 100 {
            clock += wait
            controller.chooseProtocolAgainIfDue(at: clock)
            asked += 1
        }
        #expect((8...10).contains(asked), "about ten askings in a second: \(asked)")
    }
}
