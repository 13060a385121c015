#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Codecs
import FoundationEssentials
import Raster
import SystemPackage
import SystemSupport
import Terminal

/// Where `gcview plot` sends its bytes, and in which format.
enum PlotDestination {
    /// Standard output: a terminal shows the graph inline, a pipe or file takes the bytes.
    case standardOutput
    /// A named file; a `.png` name gets a PNG, an `.svg` name an SVG, a `.gif` name a GIF. An
    /// existing file is replaced only when gcview marked it as its own, or `replacesAnyFile`.
    case file(path: FilePath, replacesAnyFile: Bool)

    /// A picture file format chosen by the file name's extension.
    enum FileFormat {
        case png
        case svg
        case gif
    }

    /// The destination for `--output path` (with `--force`: `replacesAnyFile`), or standard output.
    init(outputPath: FilePath?, replacesAnyFile: Bool = false) {
        self = outputPath.map { .file(path: $0, replacesAnyFile: replacesAnyFile) } ?? .standardOutput
    }

    /// The picture format the file's name asks for (`.png`, `.svg`, `.gif`, any case); nil for terminal bytes.
    var fileFormat: FileFormat? {
        guard case .file(let path, _) = self else { return nil }
        switch Self.nameExtension(of: path) {
        case "png": return .png
        case "svg": return .svg
        case "gif": return .gif
        default: return nil
        }
    }

    /// The extension of the last component of `path`, its ASCII letters lowered (`a.b/Graph.PNG`:
    /// `png`); nil when that name has no dot. What both `fileFormat` and `foreignPictureFormat` read.
    static func nameExtension(of path: FilePath) -> String? {
        let bytes = path.bytes
        let name = bytes[(bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? bytes.startIndex)...]
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        return String(decoding: name[(dot + 1)...].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// Picture formats of other programs, by the extensions that name them: a file so named is
    /// refused (`foreignPictureFormat`), not given a terminal's bytes that no viewer of it reads.
    private static let foreignPictureFormats: [String: String] = [
        "jpg": "JPEG", "jpeg": "JPEG", "jpe": "JPEG", "jfif": "JPEG", "webp": "WebP", "avif": "AVIF",
        "heic": "HEIF", "heif": "HEIF", "jxl": "JPEG XL", "bmp": "BMP", "tif": "TIFF", "tiff": "TIFF",
        "ico": "ICO", "tga": "TGA", "ppm": "Netpbm", "pgm": "Netpbm", "pbm": "Netpbm", "pnm": "Netpbm",
        "xpm": "XPM", "pdf": "PDF", "eps": "EPS", "ps": "PostScript", "psd": "Photoshop", "exr": "OpenEXR",
    ]

    /// The picture format of another program that `path`'s extension asks for (`graph.jpg`:
    /// JPEG, any case), which gcview does not write; nil for gcview's own formats, and for every
    /// other name, which gets the terminal's bytes (`graph.six`, `/dev/null`).
    static func foreignPictureFormat(of path: FilePath) -> String? {
        nameExtension(of: path).flatMap { foreignPictureFormats[$0] }
    }

    /// Writes `bytes` here; see `OutputFile` for how a file is written.
    func write(_ bytes: [UInt8]) throws {
        switch self {
        case .standardOutput:
            try StandardOutput.write(bytes)
        case .file(let path, let replacesAnyFile):
            do {
                try OutputFile(path: path, replacesAnyFile: replacesAnyFile).write(bytes)
            } catch {
                throw PlotError.cannotWrite(path: path, reason: error.reason)
            }
        }
    }

    /// Writes a terminal's bytes here: a file gets gcview's mark first (`PictureMark.terminalBytes`,
    /// which terminals show nothing of), so that the next `--output` may replace it; standard
    /// output gets them as they are.
    func write(terminalBytes bytes: [UInt8]) throws {
        guard case .file = self else { return try write(bytes) }
        try write(PictureMark.terminalBytes + bytes)
    }

    /// Throws what `write` would throw for the file before a byte is drawn: one that is not
    /// gcview's to replace, or a kind of file it cannot write. Standard output always passes.
    func check() throws {
        guard case .file(let path, let replacesAnyFile) = self else { return }
        do {
            try OutputFile(path: path, replacesAnyFile: replacesAnyFile).check()
        } catch {
            throw PlotError.cannotWrite(path: path, reason: error.reason)
        }
    }
}

/// Why a plot could not be made.
enum PlotError: Error, CustomStringConvertible {
    case cannotWrite(path: FilePath, reason: String)
    case tooLargeForTerminal(requested: PixelSize, largest: PixelSize)
    case encoding(String)
    /// `--animate` without `--output` could not play in the terminal.
    case cannotPlay(String)

    var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write \(path.shown): \(reason)"
        case .tooLargeForTerminal(let requested, let largest):
            "--size \(requested) is larger than the largest picture this terminal shows whole, \(largest)"
        case .encoding(let reason): "cannot encode the image: \(reason)"
        case .cannotPlay(let reason): "--animate cannot play in the terminal: \(reason)"
        }
    }
}
