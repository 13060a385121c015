@testable import Terminal
import Testing
import TestSupport

/// A paste is text, whole: one longer than the decoder keeps is dropped up to its end marker, and
/// nothing inside it is ever read as a key.
@Suite("Pastes and sequences past the limit")
struct PasteLimitTests {
    static let limit = InputDecoder.maximumPendingBytes
    static let begin = Array("\u{1B}[200~".utf8), end = Array("\u{1B}[201~".utf8)

    /// Decodes `bytes` in reads of `chunk` bytes, as a terminal's pty delivers them.
    static func decode(_ bytes: [UInt8], chunk: Int) -> [InputEvent] {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        var index = 0
        while index < bytes.count {
            events += decoder.decode(bytes[index..<min(index + chunk, bytes.count)])
            index += chunk
        }
        return events
    }

    static func keys(_ events: [InputEvent]) -> [KeyPress] {
        events.compactMap { if case .key(let key) = $0 { key } else { nil } }
    }

    @Test("a paste over the limit ending in wwwq runs no command", arguments: [1, 4096, 65536, 3 << 20])
    func longPasteIsNoKeys(chunk: Int) {
        let text = [UInt8](repeating: UInt8(ascii: "x"), count: Self.limit + 10) + Array("wwwq".utf8)
        let bytes = Self.begin + text + Self.end + Array("7".utf8)
        let events = Self.decode(bytes, chunk: chunk)
        #expect(Self.keys(events) == [.character("7")])
        #expect(events.contains(.pasteTooLong(byteCount: text.count)))
        #expect(!events.contains { if case .paste = $0 { true } else { false } })
    }

    @Test("a paste of several MiB with escape sequences and an end marker split across reads")
    func severalMiB() {
        var random = SplitMix64(seed: 2026)
        var text = [UInt8]()
        let pieces: [[UInt8]] = [Array("q".utf8), Array("\u{1B}[A".utf8), Array("\u{1B}[201".utf8), Array("w\r".utf8), [0x1B], Array("abc".utf8)]
        while text.count < 5 << 20 { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        // No complete end marker inside the text.
        #expect(!String(decoding: text, as: UTF8.self).contains("\u{1B}[201~"))
        let bytes = Self.begin + text + Self.end + Array("=".utf8)
        for chunk in [4093, 1 << 20] {
            let events = Self.decode(bytes, chunk: chunk)
            #expect(Self.keys(events) == [.character("=")], "chunk \(chunk)")
            #expect(events.filter { if case .pasteTooLong = $0 { true } else { false } }.count == 1)
        }
    }

    @Test("a paste within the limit is delivered whole")
    func pasteWithinLimit() {
        let text = String(repeating: "1+", count: (Self.limit - 2) / 2) + "2"
        let events = Self.decode(Self.begin + Array(text.utf8) + Self.end, chunk: 4096)
        #expect(events == [.paste(text)])
    }

    @Test("an endless paste is abandoned after quiet time, reported and never typed")
    func endlessPaste() {
        var decoder = InputDecoder()
        var events = decoder.decode(Self.begin + [UInt8](repeating: UInt8(ascii: "q"), count: Self.limit + 100))
        #expect(decoder.isWaitingForMore)
        events += decoder.abandonUnfinished()
        #expect(events == [.pasteTooLong(byteCount: Self.limit + 100)])
        #expect(decoder.decode(Array("5".utf8)) == [.key(.character("5"))])
    }

    @Test("an OSC or DCS string over the limit is skipped to its terminator, not typed",
          arguments: ["\u{1B}]11;", "\u{1B}P>|", "\u{1B}_G"], ["\u{07}", "\u{1B}\\"])
    func longString(start: String, terminator: String) {
        let body = [UInt8](repeating: UInt8(ascii: "q"), count: Self.limit + 50)
        let events = Self.decode(Array(start.utf8) + body + Array(terminator.utf8) + Array("8".utf8), chunk: 8192)
        #expect(events == [.key(.character("8"))])
    }

    @Test("a control sequence with a megabyte of parameters is skipped, not typed")
    func longControlSequence() {
        let body = [UInt8](repeating: UInt8(ascii: "1"), count: Self.limit + 50)
        let events = Self.decode(Array("\u{1B}[".utf8) + body + Array("m9".utf8), chunk: 8192)
        #expect(events == [.key(.character("9"))])
    }
}
