@testable import App
import AppTestSupport
import Terminal

/// A kitty frame's bytes split in two: the patches laid over labels a pan's window cuts (their
/// transmissions and deletions, each with the cursor move before it), and everything else.
struct KittyFrameSplit {
    /// The bytes of the frame that are not about patches.
    var rest: [UInt8] = []
    /// How many bytes the patches took.
    var patchBytes = 0
    /// How many patches the frame transmits.
    var patchesSent = 0

    /// Splits `frame`, whose patches have the ids `patchIDs`.
    init(_ frame: [UInt8], patchIDs: ClosedRange<UInt32>) {
        let pieces = FrameInspector(frame).pieces
        var inPatch = false
        for (index, piece) in pieces.enumerated() {
            let bytes = Self.bytes(of: piece)
            switch piece {
            case .apc(let body):
                let keys = Self.keys(body)
                if keys.keys.sorted() == ["m"] {
                    // A continuation chunk: it belongs to the transmission it continues.
                    if inPatch { patchBytes += bytes.count } else { rest += bytes }
                    if keys["m"] == "0" { inPatch = false }
                    continue
                }
                let isPatch = keys["i"].flatMap { UInt32($0) }.map(patchIDs.contains) ?? false
                if isPatch {
                    patchBytes += bytes.count
                    if keys["a"] == "T" { patchesSent += 1 }
                    inPatch = keys["m"] == "1"
                } else {
                    rest += bytes
                }
            case .csi(_, let final) where final == UInt8(ascii: "H"):
                // A cursor move right before a patch is the patch's.
                if index + 1 < pieces.count, case .apc(let body) = pieces[index + 1],
                   let id = Self.keys(body)["i"].flatMap({ UInt32($0) }), patchIDs.contains(id) {
                    patchBytes += bytes.count
                } else {
                    rest += bytes
                }
            default:
                rest += bytes
            }
        }
    }

    /// The kitty keys of an APC body.
    static func keys(_ body: [UInt8]) -> [String: String] {
        let head = body.dropFirst().prefix { $0 != UInt8(ascii: ";") }
        var keys = [String: String]()
        for pair in String(decoding: head, as: UTF8.self).split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { keys[String(parts[0])] = String(parts[1]) }
        }
        return keys
    }

    /// The bytes a piece came from.
    static func bytes(of piece: FrameInspector.Piece) -> [UInt8] {
        switch piece {
        case .csi(let parameters, let final): [0x1B, UInt8(ascii: "[")] + Array(parameters.utf8) + [final]
        case .dcs(let bytes): bytes
        case .apc(let body): [0x1B, UInt8(ascii: "_")] + body + [0x1B, UInt8(ascii: "\\")]
        case .osc(let body): [0x1B, UInt8(ascii: "]")] + body + [0x1B, UInt8(ascii: "\\")]
        case .escape(let byte): [0x1B, byte]
        case .text(let bytes): bytes
        }
    }
}
