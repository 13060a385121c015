import Foundation
import Raster
import Testing
@testable import Terminal

/// The protocol chosen again inside tmux when the terminals showing the pane change: the replies
/// of the start kept (tmux's), tmux's clients asked again. Answers from the recorded listings of
/// tmux 3.5a in xterm -ti vt340 and in kitty 0.41 (`fixtures/replies`).
@Suite("Detection again inside tmux: another terminal attached, passthrough turned on")
struct TmuxRechoiceTests {
    static let tmux = ["TMUX": "/tmp/tmux-0/default,4242,0", "TMUX_PANE": "%3"]

    /// The rechoice made at a start in xterm (tmux's replies: DA1 with 4).
    static func startedInXterm() throws -> TmuxRechoice {
        TmuxRechoice(replies: ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-xterm-vt340")), environment: tmux,
                     answerAtStart: try answering("tmux-3.5a-clients-xterm-vt340"))
    }

    /// tmux answering with the recorded listing `name`, passthrough as given.
    static func answering(_ name: String, passthrough: Bool? = nil) throws -> TmuxAnswer {
        var clients = try TmuxListings.clients(name)
        clients.allowsPassthrough = passthrough
        return .clients(clients)
    }

    @Test("Started in xterm (sixel), attached again from kitty 0.41: placeholders with passthrough on, braille and the advice without")
    func xtermThenKitty() throws {
        let rechoice = try Self.startedInXterm()
        let xterm = try Self.answering("tmux-3.5a-clients-xterm-vt340")
        #expect(rechoice.choice(window: nil, now: 0) { _ in xterm }?.capabilities.graphicsProtocol == .sixel, "the same terminal: the same")
        let on = try Self.answering("tmux-3.5a-clients-kitty-0.41", passthrough: true)
        let kitty = try #require(rechoice.choice(window: nil, now: 0) { _ in on })
        #expect(kitty.capabilities.graphicsProtocol == .kittyPlaceholders)
        #expect(!kitty.isSettling)
        let off = try Self.answering("tmux-3.5a-clients-kitty-0.41", passthrough: false)
        let braille = try #require(rechoice.choice(window: nil, now: 0) { _ in off })
        #expect(braille.capabilities.graphicsProtocol == .unicode)
        #expect(braille.capabilities.advice == "for pictures, run tmux set -g allow-passthrough on")
    }

    @Test("The replies of the start are kept (tmux's DA1, colours, registers); sizes come from the window when it has pixels")
    func repliesKept() throws {
        let rechoice = try Self.startedInXterm()
        let xterm = try Self.answering("tmux-3.5a-clients-xterm-vt340")
        let start = TerminalCapabilities(replies: rechoice.replies, window: WindowSize(columns: 100, rows: 30), environment: Self.tmux,
                                         tmux: xterm)
        let noPixels = try #require(rechoice.choice(window: WindowSize(columns: 100, rows: 30), now: 0) { _ in xterm })
        #expect(noPixels.capabilities == start, "no pixels in the window: the replies' sizes, as at the start")
        let window = WindowSize(columns: 100, rows: 30, pixelWidth: 1000, pixelHeight: 600)
        let again = try #require(rechoice.choice(window: window, now: 0) { _ in xterm }).capabilities
        #expect(again.cellSize == PixelSize(width: 10, height: 20) && again.textAreaSize == PixelSize(width: 1000, height: 600),
                "the window's pixels, not the start's replies (\(String(describing: start.cellSize)))")
        #expect(again.sixelColorRegisters == start.sixelColorRegisters && again.background == start.background
                && again.terminalName == start.terminalName && again.supportsSixel)
        #expect(again.sixelLimit?.size == PixelSize(width: 1000, height: 600), "xterm's 1000 px in 10x20 cells, within the text area")
    }

    @Test("A client attached in the last seconds that has not named itself: settling, asked again shortly")
    func settling() throws {
        let rechoice = try Self.startedInXterm()
        let now = 1_800_000_000
        // kitty before it has told tmux its XTVERSION: known only by TERM, its creation time given.
        let young = try #require(TmuxClients(listing: Array("bpaste,focus\txterm-kitty\t\(now - 1)\t\n".utf8)))
        let first = try #require(rechoice.choice(window: nil, now: now) { _ in .clients(young) })
        #expect(first.isSettling && first.capabilities.graphicsProtocol == .unicode)
        let old = try #require(TmuxClients(listing: Array("bpaste,focus\txterm-kitty\t\(now - 30)\t\n".utf8)))
        #expect(rechoice.choice(window: nil, now: now) { _ in .clients(old) }?.isSettling == false, "an old client is what it is")
        let named = try #require(TmuxClients(listing: Array("bpaste,focus\txterm-kitty\t\(now - 1)\tkitty(0.41.1)\n".utf8)))
        #expect(rechoice.choice(window: nil, now: now) { _ in .clients(named) }?.isSettling == false, "named: settled")
    }

    @Test("tmux that cannot be asked, or answers nothing useful: no choice, the start's stands")
    func unavailable() throws {
        let rechoice = try Self.startedInXterm()
        #expect(rechoice.choice(window: nil, now: 0) { _ in .unavailable("tmux list-clients exited with status 1") } == nil)
        #expect(rechoice.choice(window: nil, now: 0) { _ in .outerDeviceAttributes([61, 4]) } == nil)
    }
}
