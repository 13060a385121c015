import Testing
import TestSupport
@testable import Terminal

/// Input bytes and the events they must decode to, named for the test report.
struct DecodeCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let expected: [InputEvent]
    init(_ name: String, _ text: String, _ expected: [InputEvent]) {
        self.init(name, Array(text.utf8), expected)
    }
    init(_ name: String, _ bytes: [UInt8], _ expected: [InputEvent]) {
        self.name = name
        self.bytes = bytes
        self.expected = expected
    }
    var testDescription: String { name }
}

private func mouse(_ action: MouseEvent.Action, _ button: MouseEvent.Button, _ column: Int, _ row: Int,
                   _ modifiers: KeyModifiers = []) -> InputEvent {
    .mouse(MouseEvent(action: action, button: button, column: column, row: row, modifiers: modifiers))
}

private func reply(_ kind: TerminalReply.Kind, _ text: String) -> InputEvent {
    .reply(TerminalReply(kind: kind, bytes: Array(text.utf8)))
}

@Suite("Input decoder")
struct InputDecoderTests {
    static let cases: [DecodeCase] = [
        DecodeCase("ASCII letters", "ab", [.key(.character("a")), .key(.character("b"))]),
        DecodeCase("two-byte UTF-8 π", "π", [.key(.character("π"))]),
        DecodeCase("three-byte UTF-8 √", "√", [.key(.character("√"))]),
        DecodeCase("four-byte UTF-8 emoji", "📈", [.key(.character("📈"))]),
        DecodeCase("carriage return is Enter", "\r", [.key(.enter)]),
        DecodeCase("line feed is Enter", "\n", [.key(.enter)]),
        DecodeCase("tab", "\t", [.key(.tab)]),
        DecodeCase("DEL is Backspace", [0x7F], [.key(.backspace)]),
        DecodeCase("BS is Backspace", [0x08], [.key(.backspace)]),
        DecodeCase("Ctrl-C", [0x03], [.key(.control("c"))]),
        DecodeCase("Ctrl-D", [0x04], [.key(.control("d"))]),
        DecodeCase("Ctrl-Z", [0x1A], [.key(.control("z"))]),
        DecodeCase("Ctrl-Space", [0x00], [.key(.control("@"))]),
        DecodeCase("CSI arrows", "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [.key(.up), .key(.down), .key(.right), .key(.left)]),
        DecodeCase("SS3 arrows", "\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD", [.key(.up), .key(.down), .key(.right), .key(.left)]),
        DecodeCase("arrow with modifier parameter", "\u{1B}[1;5C", [.key(.right)]),
        DecodeCase("Shift with an arrow", "\u{1B}[1;2D\u{1B}[1;2C", [.key(.shifted(.left)), .key(.shifted(.right))]),
        DecodeCase("Shift and Control with an arrow", "\u{1B}[1;6C", [.key(.shifted(.right))]),
        DecodeCase("Home and End, CSI and SS3", "\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~",
                   [.key(.home), .key(.end), .key(.home), .key(.end), .key(.home), .key(.end)]),
        DecodeCase("Page Up, Page Down, Insert, Delete", "\u{1B}[5~\u{1B}[6~\u{1B}[2~\u{1B}[3~",
                   [.key(.pageUp), .key(.pageDown), .key(.insert), .key(.delete)]),
        DecodeCase("F1–F4 as SS3", "\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS",
                   [.key(.function(1)), .key(.function(2)), .key(.function(3)), .key(.function(4))]),
        DecodeCase("F1–F4 and F12 as CSI ~", "\u{1B}[11~\u{1B}[12~\u{1B}[13~\u{1B}[14~\u{1B}[24~",
                   [.key(.function(1)), .key(.function(2)), .key(.function(3)), .key(.function(4)), .key(.function(12))]),
        DecodeCase("Shift-Tab", "\u{1B}[Z", [.key(.backTab)]),
        DecodeCase("Alt-letter", "\u{1B}x", [.key(.alt("x"))]),
        DecodeCase("Alt-π", "\u{1B}π", [.key(.alt("π"))]),
        DecodeCase("Escape then Escape sequence", "\u{1B}\u{1B}[A", [.key(.escape), .key(.up)]),
        DecodeCase("SGR left press", "\u{1B}[<0;10;5M", [mouse(.press, .left, 9, 4)]),
        DecodeCase("SGR left release", "\u{1B}[<0;10;5m", [mouse(.release, .left, 9, 4)]),
        DecodeCase("SGR right press", "\u{1B}[<2;1;1M", [mouse(.press, .right, 0, 0)]),
        DecodeCase("SGR middle press", "\u{1B}[<1;3;4M", [mouse(.press, .middle, 2, 3)]),
        DecodeCase("SGR drag with left held", "\u{1B}[<32;11;5M", [mouse(.drag, .left, 10, 4)]),
        DecodeCase("SGR motion without button", "\u{1B}[<35;11;5M", [mouse(.move, .none, 10, 4)]),
        DecodeCase("SGR wheel up", "\u{1B}[<64;20;30M", [mouse(.wheelUp, .none, 19, 29)]),
        DecodeCase("SGR wheel down", "\u{1B}[<65;20;30M", [mouse(.wheelDown, .none, 19, 29)]),
        DecodeCase("SGR ctrl-shift-alt press", "\u{1B}[<28;2;2M", [mouse(.press, .left, 1, 1, [.shift, .alt, .control])]),
        DecodeCase("SGR large coordinates", "\u{1B}[<0;300;120M", [mouse(.press, .left, 299, 119)]),
        DecodeCase("X10 press", [0x1B, 0x5B, 0x4D, 32, 33 + 9, 33 + 4], [mouse(.press, .left, 9, 4)]),
        DecodeCase("malformed SGR mouse is skipped", "\u{1B}[<0;10M" + "a", [.key(.character("a"))]),
        DecodeCase("DA1 reply", "\u{1B}[?62;4;22c", [reply(.csi, "\u{1B}[?62;4;22c")]),
        DecodeCase("window size reply", "\u{1B}[4;600;800t", [reply(.csi, "\u{1B}[4;600;800t")]),
        DecodeCase("cursor position reply", "\u{1B}[12;40R", [reply(.csi, "\u{1B}[12;40R")]),
        DecodeCase("DECRPM reply", "\u{1B}[?2026;2$y", [reply(.csi, "\u{1B}[?2026;2$y")]),
        DecodeCase("OSC reply ending in BEL", "\u{1B}]11;rgb:0000/0000/0000\u{7}", [reply(.osc, "\u{1B}]11;rgb:0000/0000/0000\u{7}")]),
        DecodeCase("OSC reply ending in ST", "\u{1B}]10;rgb:ffff/ffff/ffff\u{1B}\\", [reply(.osc, "\u{1B}]10;rgb:ffff/ffff/ffff\u{1B}\\")]),
        DecodeCase("APC kitty graphics reply", "\u{1B}_Gi=31;OK\u{1B}\\", [reply(.apc, "\u{1B}_Gi=31;OK\u{1B}\\")]),
        DecodeCase("DCS XTVERSION reply", "\u{1B}P>|xterm(390)\u{1B}\\", [reply(.dcs, "\u{1B}P>|xterm(390)\u{1B}\\")]),
        DecodeCase("reply between keys", "1\u{1B}[?64c2", [.key(.character("1")), reply(.csi, "\u{1B}[?64c"), .key(.character("2"))]),
        DecodeCase("Alt-P is not a DCS", "\u{1B}Pq", [.key(.alt("P")), .key(.character("q"))]),
        DecodeCase("unknown CSI is skipped whole", "\u{1B}[1;2;3;4z" + "x", [.key(.character("x"))]),
        DecodeCase("focus reports (mode 1004): in, out", "\u{1B}[I\u{1B}[O" + "x", [.focus(true), .focus(false), .key(.character("x"))]),
        DecodeCase("CSI broken by a control byte is dropped", "\u{1B}[12\u{3}", [.key(.control("c"))]),
        DecodeCase("bracketed paste", "\u{1B}[200~1+2\r\u{1B}[A\u{1B}[201~=", [.paste("1+2\r\u{1B}[A"), .key(.character("="))]),
        DecodeCase("lone continuation byte", [0x80, 0x61], [.key(.character("\u{FFFD}")), .key(.character("a"))]),
        DecodeCase("truncated lead byte", [0xE2, 0x61], [.key(.character("\u{FFFD}")), .key(.character("a"))]),
        DecodeCase("overlong encoding", [0xC0, 0xAF], [.key(.character("\u{FFFD}")), .key(.character("\u{FFFD}"))]),
        DecodeCase("UTF-16 surrogate", [0xED, 0xA0, 0x80], Array(repeating: .key(.character("\u{FFFD}")), count: 3)),
        DecodeCase("invalid byte 0xFF", [0xFF], [.key(.character("\u{FFFD}"))]),
        DecodeCase("Ctrl-C ends a stray APC start", "\u{1B}_xq\u{3}", [.key(.control("c"))]),
        DecodeCase("Enter ends a stray OSC start", "\u{1B}]11;rgb\r=", [.key(.enter), .key(.character("="))]),
        DecodeCase("Ctrl-C ends a stray DCS start", "\u{1B}P>|x\u{3}", [.key(.control("c"))]),
        DecodeCase("CSI 16 t cell size reply", "\u{1B}[6;20;10t", [reply(.csi, "\u{1B}[6;20;10t")]),
        DecodeCase("XTSMGRAPHICS reply", "\u{1B}[?2;0;1000;1000S", [reply(.csi, "\u{1B}[?2;0;1000;1000S")]),
        DecodeCase("kitty keyboard flags reply", "\u{1B}[?0u", [reply(.csi, "\u{1B}[?0u")]),
    ]

    @Test("Whole input decodes to the expected events", arguments: cases)
    func whole(_ testCase: DecodeCase) {
        var decoder = InputDecoder()
        #expect(decoder.decode(testCase.bytes) == testCase.expected)
        #expect(!decoder.hasPendingBytes)
    }

    @Test("Input split at every point decodes the same", arguments: cases)
    func everySplit(_ testCase: DecodeCase) {
        for split in 1..<max(1, testCase.bytes.count) {
            var decoder = InputDecoder()
            let events = decoder.decode(testCase.bytes[..<split]) + decoder.decode(testCase.bytes[split...])
            #expect(events == testCase.expected, "split at \(split)")
        }
    }

    @Test("Input fed one byte at a time decodes the same", arguments: cases)
    func byteByByte(_ testCase: DecodeCase) {
        var decoder = InputDecoder()
        let events = testCase.bytes.flatMap { decoder.decode([$0]) }
        #expect(events == testCase.expected)
    }

    @Test("A split SGR report waits for the rest")
    func splitMouseWaits() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[".utf8)).isEmpty)
        #expect(decoder.hasPendingBytes)
        #expect(decoder.decode(Array("<0;10;5M".utf8)) == [mouse(.press, .left, 9, 4)])
        #expect(!decoder.hasPendingBytes)
    }

    @Test("Incomplete multi-byte character waits for the rest")
    func splitUTF8Waits() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0xCF]).isEmpty)
        #expect(decoder.decode([0x80]) == [.key(.character("π"))])
    }

    @Test("Pending escape flushes after the timeout", arguments: [
        DecodeCase("lone Escape", "\u{1B}", [.key(.escape)]),
        DecodeCase("Escape [", "\u{1B}[", [.key(.alt("["))]),
        DecodeCase("Escape O", "\u{1B}O", [.key(.alt("O"))]),
        DecodeCase("Escape P", "\u{1B}P", [.key(.alt("P"))]),
        DecodeCase("digit then Escape", "7\u{1B}", [.key(.character("7")), .key(.escape)]),
    ])
    func flushEscape(_ testCase: DecodeCase) {
        var decoder = InputDecoder()
        let before = decoder.decode(testCase.bytes)
        #expect(decoder.hasPendingEscape)
        #expect(before + decoder.flushPendingEscape() == testCase.expected)
        #expect(!decoder.hasPendingBytes)
        #expect(decoder.flushPendingEscape().isEmpty)
    }

    @Test("Partial sequences other than a lone Escape are not flushed", arguments: [
        DecodeCase("half a CSI", "\u{1B}[<0;1", []),
        DecodeCase("half an OSC", "\u{1B}]11;rgb:", []),
        DecodeCase("half a paste", "\u{1B}[200~abc", []),
    ])
    func partialNotFlushed(_ testCase: DecodeCase) {
        var decoder = InputDecoder()
        #expect(decoder.decode(testCase.bytes).isEmpty)
        #expect(!decoder.hasPendingEscape)
        #expect(decoder.flushPendingEscape().isEmpty)
        #expect(decoder.hasPendingBytes)
    }

    @Test("Unfinished sequences are abandoned on request, and the keyboard answers again", arguments: [
        DecodeCase("stray APC start, tmux send-keys 1b 5f 78", "\u{1B}_x", []),
        DecodeCase("stray APC start with typed keys", "\u{1B}_xq", []),
        DecodeCase("half an OSC reply", "\u{1B}]11;rgb:", []),
        DecodeCase("half a DCS reply", "\u{1B}P>|xterm", []),
        DecodeCase("half a CSI", "\u{1B}[<0;1", []),
        DecodeCase("paste start without end", "\u{1B}[200~1+2", [.paste("1+2")]),
        DecodeCase("paste start with half an end", "\u{1B}[200~ab\u{1B}[20", [.paste("ab\u{1B}[20")]),
        DecodeCase("lone Escape", "\u{1B}", [.key(.escape)]),
        DecodeCase("half a UTF-8 character", [0xE2, 0x82], [.key(.character("\u{FFFD}"))]),
    ])
    func abandon(_ testCase: DecodeCase) {
        var decoder = InputDecoder()
        let before = decoder.decode(testCase.bytes)
        #expect(decoder.isWaitingForMore)
        #expect(before + decoder.abandonUnfinished() == testCase.expected)
        #expect(!decoder.isWaitingForMore)
        #expect(decoder.decode(Array("q".utf8)) == [.key(.character("q"))], "the next key is a key")
    }

    @Test("Every recorded detection reply decodes to replies only, never keys",
          arguments: ["kitty", "xterm", "xterm-vt340", "mlterm", "bel-osc", "truncated"])
    func recordedReplies(_ fixture: String) throws {
        var decoder = InputDecoder()
        let events = decoder.decode(try ReplyFixtures.bytes(fixture)) + decoder.abandonUnfinished()  // "truncated" is cut short
        #expect(!events.isEmpty)
        for event in events {
            guard case .reply = event else {
                Issue.record("\(fixture): \(event) is not a reply")
                continue
            }
        }
    }

    /// The seed of the random inputs; printed so a failure can be replayed.
    static let fuzzSeed: UInt64 = 0x6763_7669_6577_0014

    @Test("Random bytes: any chunking decodes the same, nothing hangs, the keyboard always answers")
    func fuzz() {
        print("InputDecoderTests.fuzz seed: 0x\(String(Self.fuzzSeed, radix: 16))")
        var random = SplitMix64(seed: Self.fuzzSeed)
        // Random bytes mixed with pieces that start, continue and end sequences, strings and pastes.
        let pieces: [[UInt8]] = ["\u{1B}", "\u{1B}[", "\u{1B}]11;", "\u{1B}P>|", "\u{1B}_G", "\u{1B}O", "\u{1B}\\",
                                 "\u{7}", "\u{1B}[200~", "\u{1B}[201~", "\u{1B}[<0;3;4M", "\u{1B}[?62;4c", ";", "2",
                                 "\u{3}", "\r", "π", "q"].map { Array($0.utf8) }
        for round in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...16, using: &random) {
                if Bool.random(using: &random) {
                    bytes += pieces.randomElement(using: &random) ?? []
                } else {
                    bytes.append(UInt8.random(in: 0...255, using: &random))
                }
            }
            var whole = InputDecoder()
            let wholeEvents = whole.decode(bytes) + whole.abandonUnfinished()

            var chunked = InputDecoder()
            var chunkedEvents: [InputEvent] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...8, using: &random))
                chunkedEvents += chunked.decode(bytes[start..<end])
                start = end
            }
            chunkedEvents += chunked.abandonUnfinished()

            #expect(chunkedEvents == wholeEvents, "round \(round), bytes \(bytes)")
            #expect(wholeEvents.count <= bytes.count, "no event out of nothing, round \(round)")
            #expect(!whole.isWaitingForMore && !chunked.isWaitingForMore, "round \(round)")
            #expect(whole.decode(Array("q".utf8)) == [.key(.character("q"))], "round \(round), bytes \(bytes)")
        }
    }
}
