import Raster
import TextCells

/// What a terminal said in reply to the probe queries, before any defaults are applied.
public struct ProbeReplies: Sendable, Equatable {
    /// How the terminal answered the kitty graphics query.
    public enum KittyAnswer: Sendable, Equatable {
        case ok
        /// An error reply; the message has control characters stripped.
        case error(String)
    }

    /// The DA1 attributes (`CSI ? 62;4;… c`); nil until the reply arrives. 4 means sixel.
    public var deviceAttributes: [Int]?
    /// The answer to the kitty graphics query with id 31, if any.
    public var kitty: KittyAnswer?
    /// Sixel colour registers from XTSMGRAPHICS (`CSI ? 1;0;N S`).
    public var sixelColorRegisters: Int?
    /// The largest sixel image from XTSMGRAPHICS (`CSI ? 2;0;W;H S`, the reply to "read the maximum").
    public var sixelGeometry: PixelSize?
    /// Cell size in pixels from `CSI 6;H;W t`.
    public var cellSize: PixelSize?
    /// Text area size in pixels from `CSI 4;H;W t`.
    public var textAreaSize: PixelSize?
    /// The default background colour from OSC 11.
    public var background: RGB?
    /// The default foreground colour from OSC 10.
    public var foreground: RGB?
    /// Whether the terminal's colours turned dark (true) or light (false), as it reports while
    /// colour-scheme reports (DEC mode 2031) are on: `CSI ? 997 ; 1 n` or `CSI ? 997 ; 2 n`.
    public var turnedDark: Bool?
    /// The terminal's name and version from XTVERSION (`DCS > | text ST`), sanitized.
    public var terminalName: String?
    /// Replies that were understood but refused something, sanitized, for diagnostics.
    public var refusals: [String] = []
    /// How many complete sequences were not recognized.
    public var unknownSequences = 0

    /// No replies.
    public init() {}

    /// These replies without the cell and text area sizes, for a terminal whose sizes are not its own.
    var withoutPixelSizes: ProbeReplies {
        var replies = self
        replies.cellSize = nil
        replies.textAreaSize = nil
        return replies
    }

    /// Whether DA1 said the terminal draws sixel graphics.
    public var deviceAttributesSayIsSixel: Bool { deviceAttributes?.contains(4) ?? false }
}

/// Parses terminal replies incrementally: any order, split anywhere, garbage and unknown sequences skipped.
///
/// The bytes are cut into sequences by `InputDecoder`, the one tokenizer of everything a terminal
/// sends (keys, mouse, replies), with its one set of limits; this reads the replies among them.
public struct ReplyParser: Sendable {
    /// What has been understood so far.
    public private(set) var replies = ProbeReplies()
    /// The tokenizer, holding the start of a sequence that has not finished arriving.
    private var decoder = InputDecoder()

    /// A parser that has seen nothing.
    public init() {}

    /// Whether the DA1 reply, which answers last, has arrived.
    public var sawDeviceAttributes: Bool { replies.deviceAttributes != nil }

    /// Everything understood in `bytes`, read as one complete buffer.
    public static func parse(_ bytes: [UInt8]) -> ProbeReplies {
        var parser = ReplyParser()
        parser.feed(bytes)
        return parser.replies
    }

    /// Adds the next bytes read from the terminal; keys typed meanwhile are ignored.
    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        for case .reply(let reply) in decoder.decode(bytes) {
            handle(reply)
        }
    }

    /// Reads one reply: a CSI by its parameters and final byte, a string by its introducer and body.
    private mutating func handle(_ reply: TerminalReply) {
        let bytes = reply.bytes[...]
        guard bytes.count >= 3 else { replies.unknownSequences += 1; return }
        switch reply.kind {
        case .csi:
            // ESC [ parameters final
            handleCSI(bytes.dropFirst(2).dropLast(), final: bytes[bytes.endIndex - 1])
        case .osc, .dcs, .apc:
            // ESC introducer body, then BEL or ESC \
            let terminator = bytes.last == Byte.bell ? 1 : 2
            handleString(bytes[bytes.startIndex + 1], bytes.dropFirst(2).dropLast(terminator))
        }
    }

    private mutating func handleCSI(_ body: ArraySlice<UInt8>, final: UInt8) {
        var params = body
        var marker: UInt8?
        if let first = params.first, (0x3C...0x3F).contains(first) {
            marker = first
            params = params.dropFirst()
        }
        guard params.allSatisfy({ (0x30...0x3B).contains($0) }) else {
            replies.unknownSequences += 1
            return
        }
        let numbers = Self.numbers(params)
        switch (marker, final) {
        case (UInt8(ascii: "?"), UInt8(ascii: "c")):
            replies.deviceAttributes = numbers.compactMap { $0 }
        case (UInt8(ascii: "?"), UInt8(ascii: "S")):
            handleGraphicsAttributes(numbers)
        case (UInt8(ascii: "?"), UInt8(ascii: "n")) where numbers.count == 2 && numbers[0] == 997:
            switch numbers[1] {
            case 1: replies.turnedDark = true
            case 2: replies.turnedDark = false
            default: replies.unknownSequences += 1
            }
        case (nil, UInt8(ascii: "t")) where numbers.count == 3:
            guard let kind = numbers[0], let height = numbers[1], let width = numbers[2],
                  width > 0, height > 0 else { replies.unknownSequences += 1; return }
            let size = PixelSize(width: width, height: height)
            switch kind {
            case 6:
                if let cell = SizeLimits.checked(size, within: SizeLimits.cell) { replies.cellSize = cell }
                else { replies.refusals.append("CSI 16 t cell size \(size) refused: beyond \(Self.show(SizeLimits.cell)) px a side") }
            case 4:
                if let area = SizeLimits.checked(size, within: SizeLimits.area) { replies.textAreaSize = area }
                else { replies.refusals.append("CSI 14 t text area \(size) refused: beyond \(Self.show(SizeLimits.area)) px a side") }
            default: replies.unknownSequences += 1
            }
        default:
            replies.unknownSequences += 1
        }
    }

    /// XTSMGRAPHICS: `Pi; Ps; Pv…` where Ps 0 is success.
    private mutating func handleGraphicsAttributes(_ numbers: [Int?]) {
        guard numbers.count >= 2, let item = numbers[0], let status = numbers[1] else {
            replies.unknownSequences += 1
            return
        }
        guard status == 0 else {
            replies.refusals.append("XTSMGRAPHICS item \(item) failed with status \(status)")
            return
        }
        switch item {
        case 1 where numbers.count >= 3:
            guard let registers = numbers[2] else { replies.unknownSequences += 1; return }
            if SizeLimits.colorRegisters.contains(registers) { replies.sixelColorRegisters = registers }
            else { replies.refusals.append("XTSMGRAPHICS \(registers) colour registers refused: beyond \(Self.show(SizeLimits.colorRegisters))") }
        case 2 where numbers.count >= 4:
            guard let width = numbers[2], let height = numbers[3] else { replies.unknownSequences += 1; return }
            let size = PixelSize(width: width, height: height)
            if let geometry = SizeLimits.checked(size, within: SizeLimits.sixelMaximum) { replies.sixelGeometry = geometry }
            else { replies.refusals.append("XTSMGRAPHICS sixel geometry \(size) refused: beyond \(Self.show(SizeLimits.sixelMaximum)) px a side") }
        default:
            replies.unknownSequences += 1
        }
    }

    private mutating func handleString(_ kind: UInt8, _ body: ArraySlice<UInt8>) {
        switch kind {
        case UInt8(ascii: "]"):
            let isBackground = body.starts(with: Array("11;".utf8))
            guard isBackground || body.starts(with: Array("10;".utf8)) else { replies.unknownSequences += 1; return }
            guard let color = Self.color(body.dropFirst(3)) else {
                replies.refusals.append("unreadable OSC \(isBackground ? 11 : 10) colour \"\(sanitized(body.dropFirst(3)))\"")
                return
            }
            if isBackground { replies.background = color } else { replies.foreground = color }
        case UInt8(ascii: "P") where body.starts(with: Array(">|".utf8)):
            replies.terminalName = sanitized(body.dropFirst(2))
        case UInt8(ascii: "_"):
            guard body.first == UInt8(ascii: "G") else { replies.unknownSequences += 1; return }
            let text = body.dropFirst()
            let semicolon = text.firstIndex(of: UInt8(ascii: ";")) ?? text.endIndex
            let keys = text[text.startIndex..<semicolon].split(separator: UInt8(ascii: ","))
            guard keys.contains(where: { Array($0) == Array("i=31".utf8) }) else { replies.unknownSequences += 1; return }
            let message = semicolon < text.endIndex ? text[(semicolon + 1)...] : []
            replies.kitty = Array(message) == Array("OK".utf8) ? .ok : .error(sanitized(message))
        default:
            replies.unknownSequences += 1
        }
    }

    /// A range as people write it: `1…1000`.
    static func show(_ range: ClosedRange<Int>) -> String { "\(range.lowerBound)…\(range.upperBound)" }

    /// `rgb:R/G/B` with 1–4 hex digits a channel, scaled to 8 bits.
    static func color(_ spec: ArraySlice<UInt8>) -> RGB? {
        guard spec.starts(with: Array("rgb:".utf8)) else { return nil }
        let channels = spec.dropFirst(4).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard channels.count == 3 else { return nil }
        var values = [UInt8]()
        for channel in channels {
            guard (1...4).contains(channel.count) else { return nil }
            var value = 0
            for digit in channel {
                guard let nibble = hexValue(digit) else { return nil }
                value = value * 16 + nibble
            }
            let maximum = (1 << (4 * channel.count)) - 1
            values.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        return RGB(values[0], values[1], values[2])
    }

    private static func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// Semicolon-separated decimal parameters; empty, malformed or huge ones are nil.
    private static func numbers(_ params: ArraySlice<UInt8>) -> [Int?] {
        params.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            guard !field.isEmpty, field.count <= 9, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return field.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
    }
}

/// Untrusted terminal text made safe to show, at most 80 characters: each byte that is an ASCII
/// character safe in a cell (`TerminalText.isSafe`, the one rule) as itself, every other byte
/// (controls, DEL, and every byte of a multi-byte character, which a reply has no need of) as `?`.
func sanitized(_ bytes: some Collection<UInt8>) -> String {
    var out = ""
    for byte in bytes.prefix(80) {
        out.unicodeScalars.append(byte < 0x80 && TerminalText.isSafe(Unicode.Scalar(byte)) ? Unicode.Scalar(byte) : "?")
    }
    return bytes.count > 80 ? out + "…" : out
}
