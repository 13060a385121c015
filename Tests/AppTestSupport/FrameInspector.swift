import Foundation
import Raster
import Terminal
import TestSupport

/// Splits a frame's bytes into the escape sequences and text a terminal would see, and lists what
/// is wrong with them: incomplete or foreign sequences, control characters in text, pictures that
/// do not decode to the pane's size.
package struct FrameInspector {
    /// What the frame contains, sequence by sequence.
    package enum Piece: Equatable {
        /// `ESC [ parameters intermediates final`.
        case csi(parameters: String, final: UInt8)
        /// `ESC P … ESC \`: the whole sequence, for the sixel decoder.
        case dcs([UInt8])
        /// `ESC _ … ESC \`: the body between `ESC _` and the terminator.
        case apc([UInt8])
        /// `ESC ] … BEL or ST`.
        case osc([UInt8])
        /// `ESC` and one other byte.
        case escape(UInt8)
        /// Text outside any sequence.
        case text([UInt8])
    }

    /// The final bytes of the CSI sequences the app writes: cursor position (absolute, and down a row
    /// and to a column for braille lines), SGR, erase, and modes.
    package static let appFinals: Set<UInt8> = Set("HmJhBG".utf8).union([UInt8(ascii: "l")])

    package private(set) var pieces: [Piece] = []
    package private(set) var problems: [String] = []
    /// What tmux's passthrough sequences (`ESC P tmux; … ESC \`, every ESC inside doubled) carry
    /// to the terminal outside, sequence by sequence: kept apart from `pieces`, which tmux sees.
    package private(set) var passedThrough: [Piece] = []

    /// Parses `frame`; `problems` lists what a terminal would choke on.
    package init(_ frame: [UInt8]) {
        var index = 0
        var text = [UInt8]()
        func flushText() {
            if !text.isEmpty { pieces.append(.text(text)) }
            text = []
        }
        while index < frame.count {
            let byte = frame[index]
            guard byte == 0x1B else {
                text.append(byte)
                index += 1
                continue
            }
            flushText()
            guard index + 1 < frame.count else {
                problems.append("a lone ESC ends the frame")
                break
            }
            switch frame[index + 1] {
            case UInt8(ascii: "["):
                index = csi(frame, from: index)
                // The NUL opening a synchronized frame (`AppController.synchronized`): every
                // terminal ignores it. Anywhere else a NUL is a control character in text.
                if case .csi("?2026", UInt8(ascii: "h")) = pieces.last, index < frame.count, frame[index] == 0 { index += 1 }
            case UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "]"): index = string(frame, from: index)
            default:
                pieces.append(.escape(frame[index + 1]))
                index += 2
            }
        }
        flushText()
        checkPieces()
    }

    /// Reads `ESC [ … final` at `start`; returns the index after it.
    private mutating func csi(_ frame: [UInt8], from start: Int) -> Int {
        var index = start + 2
        while index < frame.count, (0x20...0x3F).contains(frame[index]) { index += 1 }
        guard index < frame.count else {
            problems.append("incomplete CSI at byte \(start): \(Self.show(frame[start...]))")
            return frame.count
        }
        guard (0x40...0x7E).contains(frame[index]) else {
            problems.append("malformed CSI at byte \(start): \(Self.show(frame[start...index]))")
            return index + 1
        }
        pieces.append(.csi(parameters: String(decoding: frame[(start + 2)..<index], as: UTF8.self), final: frame[index]))
        return index + 1
    }

    /// Reads a DCS, APC or OSC string at `start`, which must end in ST (or BEL for OSC).
    private mutating func string(_ frame: [UInt8], from start: Int) -> Int {
        let introducer = frame[start + 1]
        var index = start + 2
        let passthrough = introducer == UInt8(ascii: "P") && frame[index...].starts(with: Array("tmux;".utf8))
        while index < frame.count {
            // Inside tmux's passthrough an ESC is doubled; the one ST ends it.
            if passthrough, frame[index] == 0x1B, index + 1 < frame.count, frame[index + 1] == 0x1B {
                index += 2
                continue
            }
            if passthrough, frame[index] == 0x1B, index + 1 < frame.count, frame[index + 1] == UInt8(ascii: "\\") {
                var inner = [UInt8](), cursor = start + 7
                while cursor < index {
                    inner.append(frame[cursor])
                    cursor += frame[cursor] == 0x1B ? 2 : 1
                }
                let carried = FrameInspector(inner)
                passedThrough += carried.pieces
                // DA1 for the terminal outside is the app's: a playback's next picture waits for its answer (`PicturePacing`).
                if inner != Array("\u{1B}[c".utf8) { problems += carried.problems.map { "inside tmux's passthrough: " + $0 } }
                return index + 2
            }
            let byte = frame[index]
            if byte == 0x07, introducer == UInt8(ascii: "]") {
                pieces.append(.osc(Array(frame[(start + 2)..<index])))
                return index + 1
            }
            if byte == 0x1B {
                guard index + 1 < frame.count, frame[index + 1] == UInt8(ascii: "\\") else {
                    problems.append("ESC inside a string sequence at byte \(index) (started at \(start))")
                    return index
                }
                let body = Array(frame[(start + 2)..<index])
                switch introducer {
                case UInt8(ascii: "P"): pieces.append(.dcs(Array(frame[start...(index + 1)])))
                case UInt8(ascii: "_"): pieces.append(.apc(body))
                default: pieces.append(.osc(body))
                }
                return index + 2
            }
            if byte < 0x20 || byte == 0x7F {
                problems.append("control byte \(byte) inside a string sequence at byte \(index)")
            }
            index += 1
        }
        problems.append("unterminated string sequence at byte \(start): \(Self.show(frame[start..<min(start + 24, frame.count)]))")
        return frame.count
    }

    /// Flags what the app never writes itself: foreign sequences and control characters in text.
    private mutating func checkPieces() {
        for piece in pieces {
            switch piece {
            case .csi(let parameters, let final):
                let isMode = final == UInt8(ascii: "h") || final == UInt8(ascii: "l")
                if !Self.appFinals.contains(final) || (isMode && parameters != "?2026") {
                    problems.append("a CSI the app does not write: ESC [\(parameters)\(Character(UnicodeScalar(final)))")
                }
            case .osc(let body) where body.starts(with: Array("1337;File=".utf8)):
                break
            case .osc(let body):
                problems.append("an OSC reached the terminal: \(Self.show(body[...]))")
            case .escape(let byte):
                problems.append("an escape sequence the app does not write: ESC \(byte)")
            case .text(let bytes):
                checkText(bytes)
            case .dcs, .apc:
                break
            }
        }
    }

    /// Text must be valid UTF-8 without C0, DEL or C1 controls.
    private mutating func checkText(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            problems.append("invalid UTF-8 in text: \(Self.show(bytes[...]))")
            return
        }
        if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            problems.append("control character U+\(String(control.value, radix: 16)) in text: \(text.debugDescription.prefix(120))")
        }
    }

    /// The sixel pictures in the frame, decoded by libsixel.
    package func sixelImages() -> [Result<IndexedImage, LibSixelError>] {
        pieces.compactMap {
            guard case .dcs(let bytes) = $0 else { return nil }
            return Result { () throws(LibSixelError) in try LibSixel.decode(bytes) }
        }
    }

    /// For each sixel picture in the frame, how many colour registers it defines (`#N;2;…`, distinct N).
    package func sixelColorsDefined() -> [Int] {
        pieces.compactMap { piece -> Int? in
            guard case .dcs(let bytes) = piece else { return nil }
            var registers = Set<Int>()
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "#") else { index += 1; continue }
                var end = index + 1, number = 0
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
                    number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
                    end += 1
                }
                if end + 2 < bytes.count, bytes[end] == UInt8(ascii: ";"), bytes[end + 1] == UInt8(ascii: "2"),
                   bytes[end + 2] == UInt8(ascii: ";") {
                    registers.insert(number)
                }
                index = end
            }
            return registers.count
        }
    }

    /// A kitty graphics command of a frame.
    package enum KittyCommand {
        /// A picture transmitted (`a=T` or `a=t`): its first chunk's keys and its inflated pixels with their alpha.
        case picture(keys: [String: String], width: Int, height: Int, pixels: [RGB], alpha: [UInt8])
        /// A placement of a picture sent before (`a=p`).
        case placement([String: String])
        /// A deletion (`a=d`).
        case deletion([String: String])
    }

    /// The kitty pictures the frame transmits, each as its chunks' keys and inflated pixels, and
    /// the keys of its placements of pictures sent before (`a=p`).
    package func kittyImages() -> (images: [(keys: [String: String], width: Int, height: Int, pixels: [RGB])],
                           placements: [[String: String]], problems: [String]) {
        let commands = kittyCommands()
        var images = [(keys: [String: String], width: Int, height: Int, pixels: [RGB])]()
        var placements = [[String: String]]()
        for command in commands.commands {
            switch command {
            case .picture(let keys, let width, let height, let pixels, _): images.append((keys, width, height, pixels))
            case .placement(let keys): placements.append(keys)
            case .deletion: break
            }
        }
        return (images, placements, commands.problems)
    }

    /// The frame's kitty graphics commands in order, and what is wrong with them.
    package func kittyCommands() -> (commands: [KittyCommand], problems: [String]) {
        var commands = [KittyCommand]()
        var problems = [String]()
        var open: (keys: [String: String], payload: [UInt8])?
        // Where the cursor stands (`CSI row;column H`, 1-based), given to pictures and placements as
        // the keys "@row" and "@column": kitty places a picture at the cursor.
        var cursor = (row: "1", column: "1")
        for piece in pieces {
            if case .csi(let parameters, let final) = piece, final == UInt8(ascii: "H") {
                let parts = parameters.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                cursor = (parts.first.flatMap { $0.isEmpty ? nil : $0 } ?? "1",
                          parts.count > 1 && !parts[1].isEmpty ? parts[1] : "1")
            }
            guard case .apc(let body) = piece else { continue }
            guard body.first == UInt8(ascii: "G") else {
                problems.append("an APC that is not a kitty graphics command")
                continue
            }
            let semicolon = body.firstIndex(of: UInt8(ascii: ";")) ?? body.endIndex
            var keys = [String: String]()
            for pair in String(decoding: body[1..<semicolon], as: UTF8.self).split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else {
                    problems.append("a kitty key without a value: \(pair)")
                    continue
                }
                keys[String(parts[0])] = String(parts[1])
            }
            if keys["a"] == "p" || keys["a"] == "T" { (keys["@row"], keys["@column"]) = cursor }
            let payload = semicolon < body.endIndex ? Array(body[(semicolon + 1)...]) : []
            if var image = open {
                guard keys.keys.sorted() == ["m"] else {
                    problems.append("a kitty chunk with keys \(keys) where a continuation was due")
                    open = nil
                    continue
                }
                image.payload += payload
                open = image
            } else if keys["a"] == "d" {
                commands.append(.deletion(keys))
                continue
            } else if keys["a"] == "p" {
                // A placement of a picture sent before: no payload, only where and which part.
                if semicolon < body.endIndex { problems.append("a kitty placement with a payload") }
                commands.append(.placement(keys))
                continue
            } else {
                guard keys["a"] == "T" || keys["a"] == "t" else {
                    problems.append("a kitty command that is neither a transmission nor a deletion: \(keys)")
                    continue
                }
                open = (keys, payload)
            }
            guard keys["m"] != "1", let image = open else { continue }
            open = nil
            guard let data = Data(base64Encoded: String(decoding: image.payload, as: UTF8.self)) else {
                problems.append("a kitty payload that is not base64")
                continue
            }
            do {
                let decoded = try PNGDecoder.decodeWithAlpha([UInt8](data))
                commands.append(.picture(keys: image.keys, width: decoded.width, height: decoded.height,
                                         pixels: decoded.pixels, alpha: decoded.alpha))
            } catch {
                problems.append("a kitty PNG that does not inflate: \(error)")
            }
        }
        if open != nil { problems.append("a kitty transmission left open (m=1 on its last chunk)") }
        return (commands, problems)
    }

    /// The OSC 1337 pictures the frame shows: their arguments and decoded size, and what is wrong
    /// with them (a size that is not the PNG's, a payload that does not decode).
    package func iterm2Images() -> (images: [(arguments: [String: String], width: Int, height: Int)], problems: [String]) {
        var images = [(arguments: [String: String], width: Int, height: Int)]()
        var problems = [String]()
        for piece in pieces {
            guard case .osc(let body) = piece, body.starts(with: Array("1337;File=".utf8)) else { continue }
            let text = String(decoding: body.dropFirst("1337;File=".utf8.count), as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else {
                problems.append("an OSC 1337 picture without a payload")
                continue
            }
            var arguments = [String: String]()
            for pair in text[..<colon].split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { arguments[String(parts[0])] = String(parts[1]) }
            }
            guard let data = Data(base64Encoded: String(text[text.index(after: colon)...])) else {
                problems.append("an OSC 1337 payload that is not base64")
                continue
            }
            do {
                let decoded = try PNGDecoder.decodeRGB([UInt8](data))
                images.append((arguments, decoded.width, decoded.height))
                if arguments["inline"] != "1" { problems.append("an OSC 1337 picture without inline=1") }
                if arguments["size"] != String(data.count) { problems.append("OSC 1337 size=\(arguments["size"] ?? "none") for \(data.count) bytes") }
                if arguments["width"] != "\(decoded.width)px" || arguments["height"] != "\(decoded.height)px" {
                    problems.append("OSC 1337 says \(arguments["width"] ?? "?") x \(arguments["height"] ?? "?") for a \(decoded.width)x\(decoded.height) PNG")
                }
            } catch {
                problems.append("an OSC 1337 PNG that does not decode: \(error)")
            }
        }
        return (images, problems)
    }

    /// Bytes shown readably, control characters escaped, at most 80 of them.
    package static func show(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix(80), as: UTF8.self).debugDescription
    }
}
