import Raster

/// The mark gcview leaves in the files it writes, so that `plot --output` can tell a file of its
/// own, which it may replace, from any other file, which it replaces only when told (`--force`):
/// gcview never replaces a file it did not create.
///
/// Each mark sits at a fixed place near the file's start, where the format keeps such notes:
/// - PNG: a `tEXt` chunk right after `IHDR`, keyword `Software`, text `gcview` (PNG 3rd edition,
///   11.3.3.2 and its predefined keywords).
/// - GIF: a comment extension (`0x21 0xFE`, GIF89a section 24) right after the logical screen and
///   its colour table, holding `gcview`.
/// - SVG: the comment `<!-- Generator: gcview -->` on the line after the XML declaration
///   (`SVGDocument.prologue`).
///
/// - Terminal bytes (sixel, kitty, OSC 1337, braille): first in the file, a privacy message
///   holding `gcview`, `ESC ^ gcview ESC \` (PM, ECMA-48 8.3.94, ended by ST). Terminals take
///   in such a string and show nothing of it, so the file still shows its picture when `cat` to
///   one: seen so in xterm, kitty 0.41, Konsole and tmux 3.3 (a PM between two letters leaves them
///   side by side). The picture's bytes after it are those standard output gets.
public enum PictureMark {
    /// The name the marks carry.
    public static let software = "gcview"

    /// A `tEXt` chunk's data: keyword, NUL, text.
    static let pngText: [UInt8] = Array("Software".utf8) + [0] + Array(software.utf8)

    /// The mark that begins a file of terminal bytes: the privacy message `ESC ^ gcview ESC \`.
    public static let terminalBytes: [UInt8] = [0x1B, UInt8(ascii: "^")] + Array(software.utf8) + [0x1B, UInt8(ascii: "\\")]

    /// How many of a file's first bytes `isMarked` needs: a GIF's colour table is at most 768.
    public static let prefixLength = 1024

    /// Whether `prefix`, a file's first bytes (`prefixLength` of them, or the whole file when
    /// shorter), is a PNG, GIF, SVG or file of terminal bytes that gcview wrote.
    public static func isMarked(_ prefix: [UInt8]) -> Bool {
        isMarkedPNG(prefix) || isMarkedGIF(prefix) || prefix.starts(with: SVGDocument.prologue.utf8)
            || prefix.starts(with: terminalBytes)
    }

    /// The signature, `IHDR` (13 bytes of data), then the `tEXt` chunk.
    private static func isMarkedPNG(_ bytes: [UInt8]) -> Bool {
        let chunk: [UInt8] = [0, 0, 0, UInt8(pngText.count)] + Array("tEXt".utf8) + pngText
        return bytes.starts(with: PNG.signature) && bytes.dropFirst(8 + 25).starts(with: chunk)
    }

    /// `GIF89a`, the logical screen descriptor and its global colour table, then the comment.
    private static func isMarkedGIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.starts(with: "GIF89a".utf8), bytes.count > 13 else { return false }
        let packed = bytes[10]
        let table = packed & 0x80 != 0 ? 3 << (Int(packed & 0x07) + 1) : 0
        let comment: [UInt8] = [0x21, 0xFE, UInt8(software.utf8.count)] + Array(software.utf8) + [0]
        return bytes.dropFirst(13 + table).starts(with: comment)
    }
}
