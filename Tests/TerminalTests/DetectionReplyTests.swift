import Foundation
import Raster
import Testing
import Terminal

/// The recorded and hand-made reply fixtures in `fixtures/replies`.
enum ReplyFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/replies")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name + ".bin")))
    }
}

@Suite("Reply parser and capabilities")
struct DetectionReplyTests {
    struct Expectation: CustomTestStringConvertible, Sendable {
        let fixture: String
        var window: WindowSize?
        var environment: [String: String] = [:]
        /// What tmux says of its clients, for fixtures recorded inside tmux.
        var tmux: TmuxAnswer?
        var graphicsProtocol: GraphicsProtocol
        var deviceAttributes: [Int]?
        var kitty: ProbeReplies.KittyAnswer?
        var registers: Int?
        var geometry: PixelSize?
        var reportedCell: PixelSize?
        var cellSize: PixelSize?
        var textArea: PixelSize?
        var maxSixel: PixelSize?
        var background: RGB?
        var isDark: Bool?
        var testDescription: String { fixture }
    }

    static let white = RGB(255, 255, 255)

    static let expectations: [Expectation] = [
        // Real xterm -ti vt340 under Xvfb: sixel, 1024 registers, 1000x1000, but no answer to 16t/14t.
        Expectation(fixture: "xterm-vt340", window: WindowSize(columns: 100, rows: 30, pixelWidth: 600, pixelHeight: 390),
                    graphicsProtocol: .sixel, deviceAttributes: [63, 1, 2, 4, 6, 9, 15, 16, 22, 28], registers: 1024,
                    geometry: PixelSize(width: 1000, height: 1000), cellSize: PixelSize(width: 6, height: 13),
                    textArea: PixelSize(width: 600, height: 390), maxSixel: PixelSize(width: 600, height: 390),
                    background: white, isDark: false),
        // Real xterm in its default VT420 mode: no sixel in DA1, XTSMGRAPHICS refused (status 3).
        Expectation(fixture: "xterm", window: WindowSize(columns: 100, rows: 30),
                    graphicsProtocol: .unicode, deviceAttributes: [64, 1, 2, 6, 9, 15, 16, 17, 18, 21, 22, 28],
                    background: white, isDark: false),
        // Real mlterm: sixel, 1024 registers, answers the geometry query with a failure, does answer 16t/14t.
        Expectation(fixture: "mlterm", graphicsProtocol: .sixel, deviceAttributes: [63, 1, 2, 3, 4, 6, 7, 15, 18, 22, 29],
                    registers: 1024, reportedCell: PixelSize(width: 10, height: 22), cellSize: PixelSize(width: 10, height: 22),
                    textArea: PixelSize(width: 800, height: 528), maxSixel: PixelSize(width: 800, height: 528),
                    background: white, isDark: false),
        // Real kitty: graphics OK, cell and text area sizes, black background, DA1 "62;".
        Expectation(fixture: "kitty", graphicsProtocol: .kitty, deviceAttributes: [62], kitty: .ok,
                    reportedCell: PixelSize(width: 9, height: 20), cellSize: PixelSize(width: 9, height: 20),
                    textArea: PixelSize(width: 639, height: 400), background: RGB(0, 0, 0), isDark: true),
        Expectation(fixture: "silent", window: WindowSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480),
                    graphicsProtocol: .unicode, cellSize: PixelSize(width: 10, height: 20),
                    textArea: PixelSize(width: 800, height: 480)),
        Expectation(fixture: "garbage", graphicsProtocol: .unicode, kitty: .error("ENOTSUPPORTED:no")),
        // xterm vt340 cut off inside DA1: what arrived is kept, but without DA1 sixel is not assumed.
        Expectation(fixture: "truncated", graphicsProtocol: .unicode, registers: 1024,
                    geometry: PixelSize(width: 1000, height: 1000), maxSixel: PixelSize(width: 1000, height: 996),
                    background: white, isDark: false),
        // kitty's replies split by keystrokes, a DCS and paste brackets; an ESC O A aborts the 14t reply.
        Expectation(fixture: "interleaved", graphicsProtocol: .kitty, deviceAttributes: [62], kitty: .ok, registers: 256,
                    reportedCell: PixelSize(width: 9, height: 20), cellSize: PixelSize(width: 9, height: 20),
                    background: RGB(0, 0, 0), isDark: true),
        // Sixel with nothing said of its size: xterm's 1000x1000 assumed.
        Expectation(fixture: "bel-osc", graphicsProtocol: .sixel, deviceAttributes: [62, 4], registers: 16,
                    maxSixel: PixelSize(width: 1000, height: 996), background: RGB(17, 34, 51), isDark: true),
        // Real xterm -ti vt340 at 240x50 (9x19 cells): its maximum, 1000x1000, within the 950 px
        // tall window, in whole six-pixel bands.
        Expectation(fixture: "xterm-vt340-240x50", window: WindowSize(columns: 240, rows: 50, pixelWidth: 2160, pixelHeight: 950),
                    graphicsProtocol: .sixel, deviceAttributes: [63, 1, 2, 4, 6, 9, 15, 16, 22, 28], registers: 1024,
                    geometry: PixelSize(width: 1000, height: 1000), cellSize: PixelSize(width: 9, height: 19),
                    textArea: PixelSize(width: 2160, height: 950), maxSixel: PixelSize(width: 1000, height: 948),
                    background: white, isDark: false),
        // Real tmux 3.5a in that xterm: no geometry (status 3), so xterm's 1000x1000 in whole 9x19
        // cells (999x988), within the 950 px tall text area, in whole six-pixel bands.
        Expectation(fixture: "tmux-3.5a-xterm-vt340-240x50", environment: ["TMUX": "/tmp/tmux-0/default,1,0"],
                    tmux: .clients(TmuxClients(clients: [.init(features: ["sixel"], name: "XTerm(379)")])),
                    graphicsProtocol: .sixel, deviceAttributes: [1, 2, 4], registers: 1024,
                    reportedCell: PixelSize(width: 9, height: 19), cellSize: PixelSize(width: 9, height: 19),
                    textArea: PixelSize(width: 2160, height: 950), maxSixel: PixelSize(width: 999, height: 948),
                    background: white, isDark: false),
        // Real Konsole 22.12: 16384x16384 said, more than any picture gcview draws; the text area limits.
        Expectation(fixture: "konsole", graphicsProtocol: .kitty, deviceAttributes: [62, 1, 4], kitty: .ok, registers: 256,
                    geometry: PixelSize(width: 16384, height: 16384), reportedCell: PixelSize(width: 9, height: 18),
                    cellSize: PixelSize(width: 9, height: 18), textArea: PixelSize(width: 1080, height: 540),
                    maxSixel: PixelSize(width: 1080, height: 540), background: RGB(35, 38, 39), isDark: true),
        // Real foot 1.13: its maximum is 10000x10000 (read current would say the text area).
        Expectation(fixture: "foot", graphicsProtocol: .sixel, deviceAttributes: [62, 4, 22], registers: 1024,
                    geometry: PixelSize(width: 10000, height: 10000), reportedCell: PixelSize(width: 9, height: 18),
                    cellSize: PixelSize(width: 9, height: 18), textArea: PixelSize(width: 1080, height: 540),
                    maxSixel: PixelSize(width: 1080, height: 540), background: RGB(17, 17, 17), isDark: true),
    ]

    @Test("fixtures parse to the expected capabilities", arguments: expectations)
    func fixture(_ expected: Expectation) throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes(expected.fixture))
        #expect(replies.deviceAttributes == expected.deviceAttributes)
        #expect(replies.kitty == expected.kitty)
        #expect(replies.cellSize == expected.reportedCell)
        let capabilities = TerminalCapabilities(replies: replies, window: expected.window, environment: expected.environment,
                                                tmux: expected.tmux)
        #expect(capabilities.graphicsProtocol == expected.graphicsProtocol)
        #expect(capabilities.sixelColorRegisters == expected.registers)
        #expect(capabilities.sixelGeometry == expected.geometry)
        #expect(capabilities.cellSize == expected.cellSize)
        #expect(capabilities.textAreaSize == expected.textArea)
        #expect(capabilities.maxSixelSize == expected.maxSixel)
        #expect(capabilities.background == expected.background)
        #expect(capabilities.isDark == expected.isDark)
        for line in capabilities.describe() {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test("splitting a reply anywhere, or feeding byte by byte, changes nothing",
          arguments: ["xterm-vt340", "mlterm", "kitty", "interleaved", "bel-osc", "garbage", "konsole", "foot",
                     "tmux-3.5a-xterm-vt340-240x50"])
    func splits(_ name: String) throws {
        let bytes = try ReplyFixtures.bytes(name)
        let whole = ReplyParser.parse(bytes)
        for cut in 0...bytes.count {
            var parser = ReplyParser()
            parser.feed(bytes[..<cut])
            parser.feed(bytes[cut...])
            #expect(parser.replies == whole, "cut at \(cut)")
        }
        var parser = ReplyParser()
        for byte in bytes { parser.feed([byte]) }
        #expect(parser.replies == whole)
    }

    @Test("replies in reverse order give the same answer")
    func order() {
        let parts = ["\u{1B}[?62;4c", "\u{1B}[6;20;10t", "\u{1B}]11;rgb:0/0/0\u{1B}\\", "\u{1B}[?1;0;256S"]
        let forward = ReplyParser.parse(Array(parts.joined().utf8))
        let backward = ReplyParser.parse(Array(parts.reversed().joined().utf8))
        #expect(forward == backward)
        #expect(forward.sixelColorRegisters == 256)
        #expect(forward.cellSize == PixelSize(width: 10, height: 20))
    }

    @Test("OSC 11 colours with 1 to 4 hex digits a channel", arguments: [
        ("rgb:f/0/8", RGB(255, 0, 136)), ("rgb:ff/00/80", RGB(255, 0, 128)),
        ("rgb:fff/000/800", RGB(255, 0, 128)), ("rgb:ffff/0000/8080", RGB(255, 0, 128)),
        ("rgb:FFFF/FFFF/FFFF", RGB(255, 255, 255)),
    ])
    func colors(_ spec: String, _ expected: RGB) {
        #expect(ReplyParser.parse(Array("\u{1B}]11;\(spec)\u{07}".utf8)).background == expected)
    }

    @Test("OSC 10 is the foreground and OSC 11 the background, in either order, ended by ST or BEL; a bad one is refused alone")
    func foregroundAndBackground() {
        let foreground = "\u{1B}]10;rgb:ffff/ffff/ffff\u{1B}\\", background = "\u{1B}]11;rgb:0000/0000/0000\u{07}"
        for text in [foreground + background, background + foreground] {
            let replies = ReplyParser.parse(Array(text.utf8))
            #expect(replies.foreground == RGB(255, 255, 255) && replies.background == RGB(0, 0, 0))
            #expect(replies.refusals.isEmpty && replies.unknownSequences == 0)
        }
        let bad = ReplyParser.parse(Array(("\u{1B}]10;rgb:g/0/0\u{07}" + background).utf8))
        #expect(bad.foreground == nil && bad.background == RGB(0, 0, 0))
        #expect(bad.refusals == ["unreadable OSC 10 colour \"rgb:g/0/0\""])
        // A query of the same shape is no answer: OSC 12 (the cursor colour) is not taken for either.
        let other = ReplyParser.parse(Array("\u{1B}]12;rgb:ffff/0000/0000\u{07}".utf8))
        #expect(other.foreground == nil && other.background == nil && other.unknownSequences == 1)
    }

    @Test("A colour-scheme report (DEC mode 2031) says dark or light; other values, or another CSI ? … n, say nothing")
    func colourSchemeReports() {
        #expect(ReplyParser.parse(Array("\u{1B}[?997;1n".utf8)).turnedDark == true)
        #expect(ReplyParser.parse(Array("\u{1B}[?997;2n".utf8)).turnedDark == false)
        var split = ReplyParser()
        split.feed(Array("\u{1B}[?99".utf8))
        #expect(split.replies.turnedDark == nil)
        split.feed(Array("7;2n".utf8))
        #expect(split.replies.turnedDark == false, "cut anywhere")
        for other in ["\u{1B}[?997;3n", "\u{1B}[?997;0n", "\u{1B}[?997n", "\u{1B}[?996;1n", "\u{1B}[997;1n", "\u{1B}[?997;1;1n"] {
            let replies = ReplyParser.parse(Array(other.utf8))
            #expect(replies.turnedDark == nil && replies.unknownSequences == 1, "\(other.debugDescription)")
        }
    }

    @Test("malformed colours are refused, not guessed", arguments: ["rgb:12345/0/0", "rgb:0/0", "rgb:g/0/0", "cmyk:0/0/0/0", "rgb:1//2"])
    func badColors(_ spec: String) {
        let replies = ReplyParser.parse(Array("\u{1B}]11;\(spec)\u{1B}\\".utf8))
        #expect(replies.background == nil)
        #expect(replies.refusals.count == 1)
    }

    @Test("control characters in a kitty error are stripped before they are shown")
    func sanitizing() {
        let replies = ReplyParser.parse(Array("\u{1B}_Gi=31;EBAD:\u{07}\u{9B}2J\u{1B}\\".utf8))
        guard case .error(let message)? = replies.kitty else {
            Issue.record("no kitty error parsed")
            return
        }
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value >= 0x7F })
    }

    @Test("random bytes and fragments never crash and never invent a DA1", arguments: 0..<40)
    func fuzz(_ seed: Int) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        let fragments = ["\u{1B}[", "\u{1B}]11;", "\u{1B}_G", "\u{1B}\\", ";", "?", "rgb:", "\u{07}", "1", "S", "t", "\u{1B}P"].map { Array($0.utf8) }
        var bytes = [UInt8]()
        for _ in 0..<400 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            if state % 3 == 0 { bytes += fragments[Int(state / 3 % UInt64(fragments.count))] }
            else if UInt8(truncatingIfNeeded: state >> 8) != UInt8(ascii: "c") { bytes.append(UInt8(truncatingIfNeeded: state >> 8)) }
        }
        var parser = ReplyParser()
        parser.feed(bytes)
        #expect(!parser.sawDeviceAttributes)
        _ = TerminalCapabilities(replies: parser.replies, window: nil).describe()
    }

    @Test("protocol choice: explicit override, then GCVIEW_PROTOCOL, then tmux, then replies", arguments: [
        (nil, [:], GraphicsProtocol.kitty),
        (GraphicsProtocol.sixel, ["GCVIEW_PROTOCOL": "unicode"], .sixel),
        (nil, ["GCVIEW_PROTOCOL": "SIXEL"], .sixel),
        (nil, ["GCVIEW_PROTOCOL": "bogus"], .kitty),
        (nil, ["TMUX": "/tmp/tmux-0/default,1,0"], .unicode),
        (nil, ["TMUX": "/tmp/tmux-0/default,1,0", "GCVIEW_PROTOCOL": "kitty"], .kitty),
    ] as [(GraphicsProtocol?, [String: String], GraphicsProtocol)])
    func choice(_ override: GraphicsProtocol?, _ environment: [String: String], _ expected: GraphicsProtocol) throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("kitty"))
        let capabilities = TerminalCapabilities(replies: replies, window: nil, environment: environment, override: override)
        #expect(capabilities.graphicsProtocol == expected)
    }

    @Test("Inside tmux: sixel when tmux passes it through (DA1 lists 4) to a client that shows it, braille when not", arguments: [
        ("tmux-3.5a-xterm-vt340", GraphicsProtocol.sixel), ("kitty", .unicode), ("xterm", .unicode),
    ])
    func insideTmux(fixture: String, expected: GraphicsProtocol) throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes(fixture))
        let capabilities = TerminalCapabilities(replies: replies, window: nil,
                                                environment: ["TMUX": "/tmp/tmux-0/default,1,0"],
                                                tmux: .clients(try TmuxListings.clients("tmux-3.5a-clients-xterm-vt340")))
        #expect(capabilities.graphicsProtocol == expected)
    }

    @Test("tmux 3.5a in xterm: 1024 registers, 8x17 cells, no sixel geometry")
    func tmuxReplies() throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-xterm-vt340"))
        let capabilities = TerminalCapabilities(replies: replies, window: nil, environment: ["TMUX": "x"])
        #expect(capabilities.cellSize == PixelSize(width: 8, height: 17))
        #expect(capabilities.sixelColorRegisters == 1024)
    }

    @Test("describe names every fact and how it was learned")
    func describe() throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("xterm-vt340"))
        let lines = TerminalCapabilities(replies: replies, window: WindowSize(columns: 100, rows: 30, pixelWidth: 600, pixelHeight: 390)).describe()
        #expect(lines.first == "protocol: sixel (kitty: no, sixel: yes)")
        #expect(lines.contains("cell size: 6x13 px"))
        #expect(lines.contains("sixel colour registers: 1024"))
        #expect(lines.contains("sixel geometry: 1000x1000 (XTSMGRAPHICS maximum)"))
        #expect(lines.contains("largest sixel picture: 600x390 px: the terminal's maximum 1000x1000 (XTSMGRAPHICS), within the text area 600x390"))
        #expect(lines.contains("background: #ffffff (light)"))
        #expect(lines.contains("  cell size: TIOCGWINSZ pixels / cells (no CSI 16 t reply)"))
    }

    @Test("hostile reply text is stripped of control characters before gcview probe shows it", arguments: [
        "\u{1B}_Gi=31;EBAD\r\u{7F}\u{202E}\u{9B}2J\u{1B}\\\u{1B}[?62;4c",
        "\u{1B}]11;rgb:\u{202E}\u{9B}2J\u{8}\u{1B}\\\u{1B}[?62c",
        "\u{1B}]11;\u{1B}[31mred\u{7}\u{1B}_Gi=31;\u{1B}]0;title\u{7}\u{1B}[?62c",
    ])
    func hostileRepliesAreSanitized(_ text: String) {
        let replies = ReplyParser.parse(Array(text.utf8))
        let environment = ["GCVIEW_PROTOCOL": "x\u{1B}]0;pwned\u{7}\u{202E}"]
        let lines = TerminalCapabilities(replies: replies, window: nil, environment: environment).describe()
        #expect(lines.count > 6, "the notes name the refusals")
        for line in lines {
            let unsafe = line.unicodeScalars.filter { scalar in
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            }
            #expect(unsafe.isEmpty, "\(line.debugDescription)")
        }
    }
}
