import Raster
import Terminal
import Testing

/// Detection in terminals that cannot run here, from reply fixtures built from each terminal's
/// source (`../shared/terminals.md`'s table): WezTerm, iTerm2 and Windows Terminal.
@Suite("Detection: WezTerm, iTerm2, Windows Terminal, mintty")
struct DetectionOtherTerminalsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let fixture: String
        var environment: [String: String] = [:]
        var window: WindowSize?
        var tmux: TmuxAnswer?
        let graphicsProtocol: GraphicsProtocol
        let terminalName: String?
        let cellSize: PixelSize?
        var testDescription: String { fixture + (environment.isEmpty ? "" : " with \(environment.keys.sorted())") }
    }

    @Test("The protocol each knows best, and the cell size only where it is the font's", arguments: [
        // WezTerm answers the kitty query OK too, but its OSC 1337 support is the complete one.
        Case(fixture: "wezterm", graphicsProtocol: .iterm2, terminalName: "WezTerm 20240203-110809-5046fc22",
             cellSize: PixelSize(width: 9, height: 18)),
        // iTerm2 3.6 answers the kitty query OK; it does not answer CSI 16t, so the cell comes from TIOCGWINSZ.
        Case(fixture: "iterm2", window: WindowSize(columns: 160, rows: 50, pixelWidth: 1600, pixelHeight: 1200),
             graphicsProtocol: .iterm2, terminalName: "iTerm2 3.6.1", cellSize: PixelSize(width: 10, height: 24)),
        // Windows Terminal: sixel; its 10x20 is not the font's, and ConPTY reports no pixels.
        Case(fixture: "windows-terminal", window: WindowSize(columns: 120, rows: 30),
             graphicsProtocol: .sixel, terminalName: nil, cellSize: nil),
        Case(fixture: "windows-terminal", environment: ["WT_SESSION": "5f1c"],
             window: WindowSize(columns: 120, rows: 30, pixelWidth: 1080, pixelHeight: 570),
             graphicsProtocol: .sixel, terminalName: nil, cellSize: PixelSize(width: 9, height: 19)),
        // mintty does not answer XTVERSION through every path; TERM_PROGRAM names it.
        Case(fixture: "xterm-vt340", environment: ["TERM_PROGRAM": "mintty"], graphicsProtocol: .iterm2,
             terminalName: nil, cellSize: nil),
        Case(fixture: "kitty", environment: ["TERM_PROGRAM": "iTerm.app"], graphicsProtocol: .iterm2,
             terminalName: nil, cellSize: PixelSize(width: 9, height: 20)),
        // Inside tmux, OSC 1337 does not pass through: tmux's own rule decides.
        Case(fixture: "wezterm", environment: ["TMUX": "/tmp/tmux-0/default,1,0"],
             tmux: .clients(TmuxClients(clients: [.init(features: ["sixel"], name: "WezTerm")])), graphicsProtocol: .sixel,
             terminalName: "WezTerm 20240203-110809-5046fc22", cellSize: PixelSize(width: 9, height: 18)),
    ])
    func detection(_ expected: Case) throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes(expected.fixture))
        let capabilities = TerminalCapabilities(replies: replies, window: expected.window, environment: expected.environment,
                                                tmux: expected.tmux)
        #expect(capabilities.graphicsProtocol == expected.graphicsProtocol)
        #expect(capabilities.terminalName == expected.terminalName)
        #expect(capabilities.cellSize == expected.cellSize)
        #expect(capabilities.answeredInTime)
    }

    @Test("Windows Terminal's fixed 10x20 is said to be ignored, and plot falls back to the assumed cell")
    func windowsTerminalNote() throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("windows-terminal"))
        #expect(replies.cellSize == PixelSize(width: 10, height: 20), "the reply is read")
        let capabilities = TerminalCapabilities(replies: replies, window: nil)
        #expect(capabilities.textAreaSize == nil)
        #expect(capabilities.describe().contains { $0.contains("Windows Terminal") && $0.contains("ignored") })
    }

    @Test("--protocol iterm2 and GCVIEW_PROTOCOL=iterm2 force OSC 1337 anywhere")
    func forced() throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("xterm-vt340"))
        #expect(TerminalCapabilities(replies: replies, window: nil, override: .iterm2).graphicsProtocol == .iterm2)
        #expect(TerminalCapabilities(replies: replies, window: nil, environment: ["GCVIEW_PROTOCOL": "iTerm2"])
            .graphicsProtocol == .iterm2)
    }

    @Test("An XTVERSION name with control characters is sanitized")
    func hostileName() {
        let replies = ReplyParser.parse(Array("\u{1B}P>|evil\u{07}\u{1B}[2Jname\u{1B}\\\u{1B}[?62c".utf8))
        // The BEL ends nothing inside a DCS; the ESC [ inside aborts it as a string: whatever is
        // kept, it is printable ASCII only.
        let name = replies.terminalName ?? ""
        #expect(name.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) })
    }
}
