/// Turns terminal input bytes into events, incrementally: incomplete sequences wait for more bytes.
///
/// Feed every chunk read from the terminal to `decode(_:)`. A lone Escape cannot be told apart from the
/// start of a sequence until more bytes arrive, so when `hasPendingEscape` is true the caller waits a
/// short time (25–50 ms) for more input and, if none comes, calls `flushPendingEscape()`.
///
/// Any other unfinished sequence (a string `ESC _`, `ESC ]`, `ESC P` without its BEL or ST, half a CSI,
/// a bracketed paste without its end) must not hold the keyboard: when `isWaitingForMore` is true and no
/// byte has arrived for a while (100–200 ms), the caller calls `abandonUnfinished()`, as terminals do.
/// A C0 control byte (Ctrl-C, Enter, …) inside a string also ends it at once, since replies never hold one.
public struct InputDecoder: Sendable {
    /// Bytes received but not yet decoded.
    private var pending: [UInt8] = []
    /// Whether a bracketed paste has started and its end marker has not arrived yet.
    private var isPasting = false
    /// What is being skipped, up to its end, after it grew past `maximumPendingBytes`.
    private var overflow: Overflow?
    /// How many bytes after the start of `pending` a paste's end marker has been looked for.
    private var pasteSearched = 0

    /// A paste or sequence too long to keep: its bytes are dropped up to its end, never read as keys.
    private enum Overflow {
        /// A bracketed paste; `dropped` bytes so far.
        case paste(dropped: Int)
        /// A control sequence (`CSI …`), up to its final byte.
        case controlSequence
        /// An OSC, DCS or APC string, up to BEL or ST.
        case string
    }

    /// The most bytes an unterminated string sequence or paste may hold before it is dropped.
    static let maximumPendingBytes = 1 << 20

    /// A decoder with nothing pending.
    public init() {}

    /// Whether the pending bytes are an Escape (or Escape plus one introducer) that a timeout should flush.
    public var hasPendingEscape: Bool { flushable != nil }

    /// Whether any bytes are waiting for the rest of their sequence.
    var hasPendingBytes: Bool { !pending.isEmpty }

    /// Whether decoding is inside an unfinished sequence or paste that a timeout should abandon.
    var isWaitingForMore: Bool { !pending.isEmpty || isPasting || overflow != nil }

    /// Decodes `bytes` together with anything pending and returns the complete events.
    ///
    /// A paste or sequence longer than `maximumPendingBytes` is dropped whole, up to its end (a
    /// paste's `ESC [ 201 ~`): nothing inside it is ever decoded as a key. A dropped paste is
    /// reported as `.pasteTooLong`.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var start = 0
        decoding: while start < pending.count {
            if overflow != nil {
                let (length, event) = skipOverflow(at: start)
                start += length
                if let event { events.append(event) }
                if overflow != nil { break decoding }
                continue
            }
            switch step(at: start) {
            case .event(let event, let length):
                switch event {
                case .paste, .pasteTooLong: isPasting = false; pasteSearched = 0
                default: break
                }
                events.append(event)
                start += length
            case .skip(let length):
                start += length
            case .beginPaste(let length):
                isPasting = true
                pasteSearched = 0
                start += length
            case .needMoreBytes:
                guard pending.count - start > Self.maximumPendingBytes else { break decoding }
                overflow = isPasting ? .paste(dropped: 0)
                    : pending[start + 1] == UInt8(ascii: "[") ? .controlSequence : .string
                if !isPasting { start += 2 }  // past `ESC` and the introducer
                isPasting = false
                pasteSearched = 0
            }
        }
        pending.removeFirst(start)
        return events
    }

    /// Skips what overflowed, from `start`: the bytes consumed, and the event that ends a dropped paste.
    private mutating func skipOverflow(at start: Int) -> (length: Int, event: InputEvent?) {
        switch overflow {
        case .paste(let dropped)?:
            let end = Self.pasteEnd
            if let index = Self.firstIndex(of: end, in: pending, from: start) {
                overflow = nil
                return (index - start + end.count, .pasteTooLong(byteCount: dropped + index - start))
            }
            // Keep what could be the start of a split end marker.
            let skipped = max(pending.count - start - (end.count - 1), 0)
            overflow = .paste(dropped: dropped + skipped)
            return (skipped, nil)
        case .controlSequence?:
            for index in start..<pending.count {
                let byte = pending[index]
                if (0x40...0x7E).contains(byte) { overflow = nil; return (index - start + 1, nil) }
                if byte < 0x20 { overflow = nil; return (index - start, nil) }
            }
            return (pending.count - start, nil)
        case .string?:
            for index in start..<pending.count {
                switch pending[index] {
                case Byte.bell:
                    overflow = nil
                    return (index - start + 1, nil)
                case Byte.escape:
                    guard index + 1 < pending.count else { return (index - start, nil) }
                    overflow = nil
                    return (index - start + (pending[index + 1] == UInt8(ascii: "\\") ? 2 : 0), nil)
                case 0x00...0x1F:
                    overflow = nil
                    return (index - start, nil)
                default:
                    continue
                }
            }
            return (pending.count - start, nil)
        case nil:
            return (0, nil)
        }
    }

    /// Where `needle` first occurs in `haystack` at or after `start`.
    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        var index = start
        while let escape = haystack[index...].firstIndex(of: needle[0]) {
            guard escape + needle.count <= haystack.count else { return nil }
            if haystack[escape ..< escape + needle.count].elementsEqual(needle) { return escape }
            index = escape + 1
        }
        return nil
    }

    /// Emits a pending lone Escape as `.escape` (or Escape plus `[`, `O`, `]`, `P`, `_` as Alt with that character).
    ///
    /// Call after a short timeout with no new input while `hasPendingEscape` is true; otherwise it returns nothing.
    public mutating func flushPendingEscape() -> [InputEvent] {
        guard let key = flushable else { return [] }
        pending.removeAll()
        return [.key(key)]
    }

    /// Gives up on whatever is unfinished, so the next byte starts afresh; call after a longer quiet time.
    ///
    /// A pending Escape becomes a key as in `flushPendingEscape()`. An unfinished paste delivers the text
    /// pasted so far. An unfinished string, CSI or SS3 sequence is dropped: its bytes are a reply cut short
    /// or garbage, and typing them as keys would run commands nobody asked for. An incomplete UTF-8
    /// character becomes U+FFFD.
    mutating func abandonUnfinished() -> [InputEvent] {
        if let key = flushable {
            pending.removeAll()
            return [.key(key)]
        }
        defer {
            pending.removeAll()
            isPasting = false
            pasteSearched = 0
            overflow = nil
        }
        if case .paste(let dropped)? = overflow {
            return [.pasteTooLong(byteCount: dropped + pending.count)]
        }
        if overflow != nil { return [] }
        if isPasting {
            return [.paste(String(decoding: pending, as: UTF8.self))]
        }
        guard let first = pending.first, first != Byte.escape else { return [] }
        return [.key(.character("\u{FFFD}"))]
    }

    private var flushable: KeyPress? {
        guard !isPasting, pending.first == Byte.escape else { return nil }
        if pending.count == 1 { return .escape }
        if pending.count == 2, "[O]P_".utf8.contains(pending[1]) {
            return .alt(Character(Unicode.Scalar(pending[1])))
        }
        return nil
    }

    // MARK: - One step

    enum Step {
        case event(InputEvent, length: Int)
        case skip(Int)
        case beginPaste(Int)
        case needMoreBytes
    }

    private mutating func step(at start: Int) -> Step {
        if isPasting { return pasteStep(at: start) }
        let byte = pending[start]
        switch byte {
        case Byte.escape: return escapeStep(at: start)
        case 0x0D, 0x0A: return .event(.key(.enter), length: 1)
        case 0x09: return .event(.key(.tab), length: 1)
        case 0x7F, 0x08: return .event(.key(.backspace), length: 1)
        case 0x00: return .event(.key(.control("@")), length: 1)
        case 0x01...0x1A: return .event(.key(.control(Character(Unicode.Scalar(byte + 0x60)))), length: 1)
        case 0x1C...0x1F: return .event(.key(.control(Character(Unicode.Scalar(byte + 0x40)))), length: 1)
        default:
            switch utf8Character(at: start) {
            case .some((let character, let length)): return .event(.key(.character(character)), length: length)
            case .none: return .needMoreBytes
            }
        }
    }

    /// Decodes one UTF-8 character; invalid bytes become U+FFFD one at a time; nil means incomplete.
    private func utf8Character(at start: Int) -> (Character, Int)? {
        let lead = pending[start]
        let replacement = (Character("\u{FFFD}"), 1)
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return (Character(Unicode.Scalar(lead)), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default: return replacement
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            guard start + offset < pending.count else { return nil }
            let byte = pending[start + offset]
            let range = offset == 1 ? secondRange : 0x80...0xBF
            guard range.contains(byte) else { return replacement }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return replacement }
        return (Character(scalar), length)
    }

    private func escapeStep(at start: Int) -> Step {
        guard start + 1 < pending.count else { return .needMoreBytes }
        let next = pending[start + 1]
        switch next {
        case UInt8(ascii: "["):
            return controlSequenceStep(at: start)
        case UInt8(ascii: "O"):
            guard start + 2 < pending.count else { return .needMoreBytes }
            guard let key = Self.singleShiftKeys[pending[start + 2]] else {
                return .event(.key(.alt("O")), length: 2)
            }
            return .event(.key(key), length: 3)
        case UInt8(ascii: "]"), UInt8(ascii: "P"):
            // Replies start with a digit or parameter byte; anything else is Alt with the character.
            guard start + 2 < pending.count else { return .needMoreBytes }
            guard (0x20...0x3F).contains(pending[start + 2]) else {
                return .event(.key(.alt(Character(Unicode.Scalar(next)))), length: 2)
            }
            return stringStep(at: start, kind: next == UInt8(ascii: "]") ? .osc : .dcs)
        case UInt8(ascii: "_"):
            return stringStep(at: start, kind: .apc)
        case Byte.escape, 0x00...0x1F, 0x7F:
            return .event(.key(.escape), length: 1)
        default:
            guard let (character, length) = utf8Character(at: start + 1) else { return .needMoreBytes }
            return .event(.key(.alt(character)), length: 1 + length)
        }
    }

    /// An OSC, DCS or APC string ending in BEL or ST (`ESC \`); one longer than
    /// `maximumPendingBytes` is dropped whole, however it arrived.
    private func stringStep(at start: Int, kind: TerminalReply.Kind) -> Step {
        var index = start + 2
        func reply(through last: Int) -> Step {
            let length = last - start + 1
            guard length <= Self.maximumPendingBytes else { return .skip(length) }
            return .event(.reply(TerminalReply(kind: kind, bytes: Array(pending[start...last]))), length: length)
        }
        while index < pending.count {
            switch pending[index] {
            case Byte.bell:
                return reply(through: index)
            case Byte.escape:
                guard index + 1 < pending.count else { return .needMoreBytes }
                guard pending[index + 1] == UInt8(ascii: "\\") else {
                    return .skip(index - start)  // aborted by a new sequence: drop it, decode the new one
                }
                return reply(through: index + 1)
            case 0x00...0x1F:
                // Replies never hold a control byte: a key typed into a stray string start ends it.
                return .skip(index - start)
            default:
                index += 1
            }
        }
        return .needMoreBytes
    }

    private func controlSequenceStep(at start: Int) -> Step {
        var index = start + 2
        while index < pending.count, (0x30...0x3F).contains(pending[index]) { index += 1 }
        let parametersEnd = index
        while index < pending.count, (0x20...0x2F).contains(pending[index]) { index += 1 }
        guard index < pending.count else { return .needMoreBytes }
        let final = pending[index]
        guard (0x40...0x7E).contains(final) else { return .skip(index - start) }  // malformed: drop it
        let length = index - start + 1
        let parameters = Array(pending[start + 2 ..< parametersEnd])
        let hasIntermediates = parametersEnd < index
        let sequence = ControlSequence(parameters: parameters, final: final)

        if sequence.privateMarker == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            guard let mouse = sequence.sgrMouse else { return .skip(length) }
            return .event(.mouse(mouse), length: length)
        }
        if sequence.privateMarker != nil || hasIntermediates || sequence.isReport {
            return .event(.reply(TerminalReply(kind: .csi, bytes: Array(pending[start..<start + length]))), length: length)
        }
        if final == UInt8(ascii: "M"), parameters.isEmpty {
            return legacyMouseStep(at: start)
        }
        if final == UInt8(ascii: "~"), sequence.numbers.first == 200 {
            return .beginPaste(length)
        }
        if parameters.isEmpty, !hasIntermediates, final == UInt8(ascii: "I") || final == UInt8(ascii: "O") {
            return .event(.focus(final == UInt8(ascii: "I")), length: length)
        }
        guard let key = sequence.key else { return .skip(length) }
        return .event(.key(key), length: length)
    }

    /// X10 mouse: `CSI M` then three bytes, each value plus 32.
    private func legacyMouseStep(at start: Int) -> Step {
        guard start + 5 < pending.count else { return .needMoreBytes }
        let code = Int(pending[start + 3]) - 32
        let mouse = MouseEvent(
            code: code,
            oneBasedColumn: Int(pending[start + 4]) - 32,
            oneBasedRow: Int(pending[start + 5]) - 32,
            isRelease: code & 3 == 3
        )
        return .event(.mouse(mouse), length: 6)
    }

    private mutating func pasteStep(at start: Int) -> Step {
        let end = Self.pasteEnd
        // Look only where no earlier call looked (less a split marker's length): a paste arriving
        // in many reads is searched once, not once a read.
        let from = start + max(pasteSearched - (end.count - 1), 0)
        guard let index = Self.firstIndex(of: end, in: pending, from: min(from, pending.count)) else {
            pasteSearched = pending.count - start
            return .needMoreBytes
        }
        let length = index - start + end.count  // `decode` ends the paste
        // Whole in one read yet too long: dropped as if it had arrived in pieces.
        guard index - start <= Self.maximumPendingBytes else { return .event(.pasteTooLong(byteCount: index - start), length: length) }
        return .event(.paste(String(decoding: pending[start..<index], as: UTF8.self)), length: length)
    }

    static let pasteEnd = Array("\u{1B}[201~".utf8)

    static let singleShiftKeys: [UInt8: KeyPress] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end, UInt8(ascii: "M"): .enter,
        UInt8(ascii: "P"): .function(1), UInt8(ascii: "Q"): .function(2),
        UInt8(ascii: "R"): .function(3), UInt8(ascii: "S"): .function(4),
    ]
}

/// Byte values used by the decoder.
enum Byte {
    static let escape: UInt8 = 0x1B
    static let bell: UInt8 = 0x07
}
