import Foundation
import Testing
@testable import Terminal

/// tmux's recorded answers to `list-clients -F TmuxClients.format` in `fixtures/replies`.
enum TmuxListings {
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: ReplyFixtures.directory.appendingPathComponent(name + ".txt")))
    }

    static func clients(_ name: String) throws -> TmuxClients {
        try #require(TmuxClients(listing: try bytes(name)))
    }
}

/// Inside tmux, sixel only when the terminal outside shows it: tmux 3.4+ lists sixel in DA1 whatever
/// that terminal is, and draws "SIXEL IMAGE (WxH)" over rows of `+` for a client that cannot show it.
/// Fixtures recorded with tmux 3.5a in kitty 0.41.1 (Debian 13) and in xterm 379 -ti vt340.
@Suite("Detection inside tmux: the clients' terminals decide")
struct DetectionTmuxTests {
    static let tmux = ["TMUX": "/tmp/tmux-0/default,4242,0", "TMUX_PANE": "%3"]

    @Test("The recorded answers: kitty 0.41.1 lacks sixel, xterm -ti vt340 has it")
    func recordedListings() throws {
        // Independent of the parser: the raw lines as tmux wrote them.
        let kittyLine = String(decoding: try TmuxListings.bytes("tmux-3.5a-clients-kitty-0.41"), as: UTF8.self)
        #expect(kittyLine.hasSuffix("\tkitty(0.41.1)\n") && !kittyLine.contains("sixel"))
        let kitty = try TmuxListings.clients("tmux-3.5a-clients-kitty-0.41")
        #expect(kitty.clients == [.init(features: ["bpaste", "ccolour", "clipboard", "cstyle", "focus", "title"], name: "kitty(0.41.1)")])
        let xterm = try TmuxListings.clients("tmux-3.5a-clients-xterm-vt340")
        #expect(xterm.clients.map(\.name) == ["XTerm(379)"])
        #expect(xterm.clients.allSatisfy { $0.showsSixel })
    }

    @Test("tmux 3.5a in kitty: its DA1 lists 4, yet braille, and probe says why")
    func kittyOutside() throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-kitty-0.41"))
        #expect(replies.deviceAttributes == [1, 2, 4], "tmux answers DA1 itself, with sixel")
        #expect(replies.terminalName == "tmux 3.5a")
        let capabilities = TerminalCapabilities(replies: replies, window: nil, environment: Self.tmux,
                                                tmux: .clients(try TmuxListings.clients("tmux-3.5a-clients-kitty-0.41")))
        #expect(capabilities.graphicsProtocol == .unicode)
        #expect(!capabilities.graphicsProtocol.backend().abilities.drawsPixels, "braille: the app draws text, no pictures")
        let said = capabilities.describe()
        #expect(said.contains { $0.hasPrefix("  protocol: unicode (braille): kitty(0.41.1) shows kitty pictures through tmux once passthrough "
                                              + "is on: add 'set -g allow-passthrough on' to ~/.tmux.conf") }, "\(said)")
    }

    @Test("tmux 3.5a in xterm -ti vt340: sixel, shown by XTerm(379)")
    func xtermOutside() throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-xterm-vt340"))
        let capabilities = TerminalCapabilities(replies: replies, window: nil, environment: Self.tmux,
                                                tmux: .clients(try TmuxListings.clients("tmux-3.5a-clients-xterm-vt340")))
        #expect(capabilities.graphicsProtocol == .sixel)
        #expect(capabilities.describe().contains("  protocol: sixel through tmux (DA1 lists 4), shown by XTerm(379) (client_termfeatures)"))
    }

    @Test("kitty 0.26 under a tmux whose terminal-features claim sixel for it (xterm*:sixel matches xterm-kitty): braille, not sixel printed as text")
    func kittyClaimedSixel() throws {
        // Recorded: kitty 0.26.5 running tmux 3.5a with `set -as terminal-features ',xterm*:sixel'`.
        let line = String(decoding: try TmuxListings.bytes("tmux-3.5a-clients-kitty-0.26-sixel-claimed"), as: UTF8.self)
        #expect(line.hasPrefix("bpaste,ccolour,clipboard,cstyle,focus,sixel,title\txterm-kitty\tkitty(0.26.5)"))
        let clients = try TmuxListings.clients("tmux-3.5a-clients-kitty-0.26-sixel-claimed")
        #expect(clients.clients.allSatisfy { $0.features.contains("sixel") && !$0.showsSixel })
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-kitty-0.41"))
        let capabilities = TerminalCapabilities(replies: replies, window: nil, environment: Self.tmux, tmux: .clients(clients))
        #expect(capabilities.graphicsProtocol == .unicode)
        #expect(capabilities.notes.contains {
            $0.contains("tmux's client kitty(0.26.5) has no sixel (client_termfeatures, whatever tmux's terminal-features claim")
        }, "\(capabilities.notes)")
        // Named only by TERM (a tmux that did not get kitty's XTVERSION), and Ghostty: the same.
        for name in ["xterm-kitty", "ghostty 1.1.3", "xterm-ghostty"] {
            #expect(!TmuxClients.Client(features: ["sixel"], name: name).showsSixel, "\(name)")
        }
        #expect(TmuxClients.Client(features: ["sixel"], name: "XTerm(379)").showsSixel)
        #expect(TmuxClients.Client(features: ["sixel"], name: "foot(1.21.0)").showsSixel)
    }

    @Test("Two clients, one without sixel: braille, since the picture would be garbage in one of them")
    func oneBlindClient() throws {
        var listing = try TmuxListings.bytes("tmux-3.5a-clients-xterm-vt340")
        listing += try TmuxListings.bytes("tmux-3.5a-clients-kitty-0.41")
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-xterm-vt340"))
        let clients = try #require(TmuxClients(listing: listing))
        #expect(clients.clients.count == 2)
        let capabilities = TerminalCapabilities(replies: replies, window: nil, environment: Self.tmux, tmux: .clients(clients))
        #expect(capabilities.graphicsProtocol == .unicode)
        #expect(capabilities.notes.contains { $0.contains("tmux's client kitty(0.41.1) has no sixel") })
    }

    @Test("No answer, no client, or tmux not asked: braille, with the reason", arguments: [
        (TmuxAnswer?.none, "not asked"),
        (.unavailable("tmux list-clients no answer in time"), "no answer in time"),
        (.clients(TmuxClients(clients: [])), "no client attached"),
    ])
    func unknownClients(answer: TmuxAnswer?, reason: String) throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-xterm-vt340"))
        let capabilities = TerminalCapabilities(replies: replies, window: nil, environment: Self.tmux, tmux: answer)
        #expect(capabilities.graphicsProtocol == .unicode)
        #expect(capabilities.notes.contains { $0.hasPrefix("protocol: unicode (braille)") && $0.contains(reason) })
    }

    @Test("--protocol and GCVIEW_PROTOCOL still win over tmux's clients, and then tmux is not asked")
    func explicitChoice() throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-kitty-0.41"))
        let kitty = TmuxAnswer.clients(try TmuxListings.clients("tmux-3.5a-clients-kitty-0.41"))
        #expect(TerminalCapabilities(replies: replies, window: nil, environment: Self.tmux, override: .sixel, tmux: kitty)
            .graphicsProtocol == .sixel)
        let environment = Self.tmux.merging(["GCVIEW_PROTOCOL": "sixel"]) { $1 }
        #expect(TerminalCapabilities(replies: replies, window: nil, environment: environment, tmux: kitty).graphicsProtocol == .sixel)
        #expect(!TerminalProbe.asksTmux(replies: replies, environment: Self.tmux, override: .sixel))
        #expect(!TerminalProbe.asksTmux(replies: replies, environment: environment, override: nil))
        #expect(TerminalProbe.asksTmux(replies: replies, environment: Self.tmux, override: nil))
        let xterm = ReplyParser.parse(try ReplyFixtures.bytes("xterm-vt340"))
        #expect(!TerminalProbe.asksTmux(replies: xterm, environment: [:], override: nil), "not inside tmux")
        let noSixel = ReplyParser.parse(try ReplyFixtures.bytes("xterm"))
        #expect(TerminalProbe.asksTmux(replies: noSixel, environment: Self.tmux, override: nil),
                "tmux without sixel is asked too: kitty outside may show pictures through its passthrough")
    }

    @Test("Where tmux cannot be asked, the DA1 of the terminal outside, through passthrough, decides", arguments: [
        ("tmux-3.5a-passthrough-da1-kitty-0.41", GraphicsProtocol.unicode, "the terminal outside tmux has no sixel (its DA1 through passthrough"),
        ("tmux-3.5a-passthrough-da1-xterm-vt340", .sixel, "the terminal outside lists sixel (its DA1 through passthrough)"),
    ])
    func passthrough(fixture: String, expected: GraphicsProtocol, note: String) throws {
        let outside = try #require(ReplyParser.parse(try ReplyFixtures.bytes(fixture)).deviceAttributes)
        #expect(outside.contains(4) == (expected == .sixel), "the recorded DA1 \(outside)")
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-kitty-0.41"))
        let capabilities = TerminalCapabilities(replies: replies, window: nil, environment: Self.tmux,
                                                tmux: .outerDeviceAttributes(outside))
        #expect(capabilities.graphicsProtocol == expected)
        #expect(capabilities.notes.contains { $0.contains(note) }, "\(capabilities.notes)")
    }

    @Test("Over ssh from inside tmux (no TMUX): tmux is known by its XTVERSION, and sixel needs the outside's word")
    func noTmuxVariable() throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-kitty-0.41"))
        #expect(replies.comeThroughTmux(environment: [:]))
        #expect(!ReplyParser.parse(try ReplyFixtures.bytes("xterm-vt340")).comeThroughTmux(environment: [:]))
        #expect(TerminalProbe.asksTmux(replies: replies, environment: [:], override: nil))
        let unasked = TerminalCapabilities(replies: replies, window: nil)
        #expect(unasked.graphicsProtocol == .unicode, "tmux's DA1 lists 4, but nobody said the terminal outside shows sixel")
        #expect(TmuxQuery.ask(environment: [:]) == .unavailable("TMUX is not set: tmux runs elsewhere (ssh?)"))
        let xterm = try #require(ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-passthrough-da1-xterm-vt340")).deviceAttributes)
        #expect(TerminalCapabilities(replies: replies, window: nil, tmux: .outerDeviceAttributes(xterm)).graphicsProtocol == .sixel)
    }

    @Test("Hostile listings: control characters in names are shown as ?, odd features or lines are not believed")
    func hostileListings() throws {
        let escape = try #require(TmuxClients(listing: Array("sixel\txterm\t\u{1B}]0;owned\u{07}\u{9B}2J\n".utf8)))
        #expect(escape.clients.first?.name == "?]0;owned???2J")
        #expect(escape.clients.first?.showsSixel == true)
        #expect(TmuxClients(listing: Array("six\u{1B}el\txterm\tx\n".utf8)) == nil, "a control byte where a feature goes")
        #expect(TmuxClients(listing: Array("sixel xterm x\n".utf8)) == nil, "no tabs")
        #expect(TmuxClients(listing: Array("sixel\txterm\n".utf8)) == nil, "a field missing")
        let many = [UInt8](String(repeating: "sixel\txterm\tXTerm(1)\n", count: TmuxClients.maximumClients + 1).utf8)
        #expect(TmuxClients(listing: many) == nil, "more clients than believable")
        let long = try #require(TmuxClients(listing: Array(("sixel\t\t" + String(repeating: "k", count: 5000) + "\n").utf8)))
        #expect(long.clients.first.map { $0.name.count <= 81 } == true, "a long name is cut")
        #expect(TmuxClients(listing: [UInt8]())?.clients == [], "no clients at all")
        #expect(TmuxClients(listing: Array("sixel\t\t\n".utf8))?.clients.first?.name == "unnamed")
    }

    @Test("The command: the server's socket and the pane, from TMUX and TMUX_PANE, no shell")
    func command() throws {
        let fake: (String) -> String? = { "/proc/\($0)/exe" }
        let command = try #require(TmuxQuery.command(environment: Self.tmux, serverBinary: fake))
        #expect(command.program == "/proc/4242/exe")
        #expect(command.arguments == ["-S", "/tmp/tmux-0/default", "list-clients", "-t", "%3", "-F", TmuxClients.format])
        let comma = try #require(TmuxQuery.command(environment: ["TMUX": "/tmp/a,b/s,7,2"], serverBinary: { _ in nil }))
        #expect(comma.program == "tmux", "no server binary found: tmux from PATH")
        #expect(comma.arguments.prefix(5) == ["-S", "/tmp/a,b/s", "list-clients", "-t", "$2"], "a comma in the socket path, no pane")
        for bad in ["", "x", "/tmp/s,pid,0", "/tmp/s,1,zero", ",1,0", "/tmp/s,1,0;rm -rf"] {
            #expect(TmuxQuery.command(environment: ["TMUX": bad], serverBinary: fake) == nil, "TMUX=\(bad)")
        }
        #expect(TmuxQuery.command(environment: ["TMUX": "/tmp/s,1,0", "TMUX_PANE": "%1;x"], serverBinary: fake)?.arguments[4] == "$0",
                "an odd TMUX_PANE is not passed on")
        #expect(TmuxQuery.serverBinary(pid: "\(getpid())") == nil, "a process that is not tmux is never run")
        #expect(TmuxQuery.serverBinary(pid: "999999999") == nil)
    }
}

/// Issue 25, item 1: kitty 0.28+ and Ghostty outside tmux show kitty pictures placed by Unicode
/// placeholder cells, sent through tmux's passthrough, once `allow-passthrough` is on.
@Suite("Detection: kitty pictures through tmux")
struct DetectionKittyThroughTmuxTests {
    static let tmux = ["TMUX": "/tmp/tmux-0/default,1234,0", "TMUX_PANE": "%0"]

    static func capabilities(_ listing: String, passthrough: Bool?) throws -> TerminalCapabilities {
        var clients = try TmuxListings.clients(listing)
        clients.allowsPassthrough = passthrough
        return TerminalCapabilities(replies: ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-kitty-0.41")), window: nil,
                                    environment: Self.tmux, tmux: .clients(clients))
    }

    @Test("kitty 0.41 with allow-passthrough on: kitty-placeholders, and probe says so")
    func kittyWithPassthrough() throws {
        let capabilities = try Self.capabilities("tmux-3.5a-clients-kitty-0.41", passthrough: true)
        #expect(capabilities.graphicsProtocol == .kittyPlaceholders)
        #expect(capabilities.describe().contains { $0.hasPrefix("  protocol: kitty-placeholders: kitty graphics through tmux's passthrough") })
        let abilities = capabilities.graphicsProtocol.backend().abilities
        #expect(abilities.drawsPixels && abilities.fillsWholeCells && !abilities.keepsPicturesUnderText)
    }

    @Test("The advice for the user: only where kitty (or Ghostty) would show pictures once passthrough is on")
    func passthroughAdvice() throws {
        let advice = "for pictures, run tmux set -g allow-passthrough on"
        #expect(try Self.capabilities("tmux-3.5a-clients-kitty-0.41", passthrough: false).advice == advice)
        #expect(try Self.capabilities("tmux-3.5a-clients-kitty-0.41", passthrough: nil).advice == advice, "unknown: said")
        #expect(try Self.capabilities("tmux-3.5a-clients-ghostty-1.1", passthrough: false).advice == advice)
        #expect(try Self.capabilities("tmux-3.5a-clients-kitty-0.41", passthrough: true).advice == nil, "placeholders already")
        #expect(try Self.capabilities("tmux-3.5a-clients-kitty-0.26-sixel-claimed", passthrough: false).advice == nil,
                "kitty 0.26 has no placeholders: passthrough would not help")
        #expect(try Self.capabilities("tmux-3.5a-clients-xterm-vt340", passthrough: false).advice == nil)
        var clients = try TmuxListings.clients("tmux-3.5a-clients-kitty-0.41")
        clients.allowsPassthrough = false
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-kitty-0.41"))
        for (override, variable) in [(GraphicsProtocol.unicode, nil), (nil, "unicode")] as [(GraphicsProtocol?, String?)] {
            let environment = Self.tmux.merging(variable.map { ["GCVIEW_PROTOCOL": $0] } ?? [:]) { $1 }
            let chosen = TerminalCapabilities(replies: replies, window: nil, environment: environment, override: override,
                                              tmux: .clients(clients))
            #expect(chosen.advice == nil, "braille chosen by the user: no advice")
        }
    }

    @Test("Ghostty (its XTVERSION as its source writes it, 'ghostty 1.1.3'): the same, with passthrough on")
    func ghostty() throws {
        let clients = try TmuxListings.clients("tmux-3.5a-clients-ghostty-1.1")
        #expect(clients.clients.map(\.name) == ["ghostty 1.1.3"])
        #expect(try Self.capabilities("tmux-3.5a-clients-ghostty-1.1", passthrough: true).graphicsProtocol == .kittyPlaceholders)
        #expect(try Self.capabilities("tmux-3.5a-clients-ghostty-1.1", passthrough: false).graphicsProtocol == .unicode)
    }

    @Test("Placeholders need kitty 0.28 or later; an old kitty, or any other client beside kitty, keeps braille or sixel",
          arguments: [("kitty(0.26.5)", false), ("kitty(0.27.1)", false), ("kitty(0.28.0)", true), ("kitty(1.0.0)", true),
                      ("kitty(0.x)", false), ("kitty", false), ("XTerm(379)", false), ("ghostty 1.0.0", true)])
    func versions(name: String, shows: Bool) {
        #expect(TmuxClients.Client(features: [], name: name).showsKittyPlaceholders == shows, "\(name)")
    }

    @Test("tmux's allow-passthrough answers: on and all allow, off does not, anything else is unknown")
    func passthroughAnswers() {
        #expect(TmuxClients.allowsPassthrough(Array("on\n".utf8)) == true)
        #expect(TmuxClients.allowsPassthrough(Array("all\n".utf8)) == true)
        #expect(TmuxClients.allowsPassthrough(Array("off\n".utf8)) == false)
        #expect(TmuxClients.allowsPassthrough(Array("\u{1B}[31mon".utf8)) == nil)
        #expect(TmuxClients.allowsPassthrough([]) == nil)
        let listing = ["-S", "/tmp/s", "list-clients", "-t", "%3", "-F", "x"]
        #expect(TmuxQuery.passthroughArguments(listing: listing) == ["-S", "/tmp/s", "display-message", "-p", "-t", "%3", "#{allow-passthrough}"])
    }

    @Test("A kitty and an xterm attached together: sixel cannot reach kitty, placeholders cannot reach xterm: braille")
    func mixedClients() throws {
        var listing = try TmuxListings.bytes("tmux-3.5a-clients-kitty-0.41")
        listing += try TmuxListings.bytes("tmux-3.5a-clients-xterm-vt340")
        var clients = try #require(TmuxClients(listing: listing))
        clients.allowsPassthrough = true
        let capabilities = TerminalCapabilities(replies: ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-kitty-0.41")),
                                                window: nil, environment: Self.tmux, tmux: .clients(clients))
        #expect(capabilities.graphicsProtocol == .unicode)
    }
}
