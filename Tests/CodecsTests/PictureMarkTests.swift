import Codecs
import Foundation
import Raster
import Testing
import TestSupport

/// The mark by which `plot --output` knows gcview's own pictures (never replacing another file):
/// each encoder's file carries it where the format keeps such notes, ImageMagick (an independent
/// reader) reads it back there, and no other bytes pass for it.
@Suite("Picture marks")
struct PictureMarkTests {
    static let identify = "/usr/bin/identify"
    static var hasImageMagick: Bool { FileManager.default.isExecutableFile(atPath: identify) }

    static func image(colours: Int) -> IndexedImage {
        let palette = (0..<colours).map { RGB(UInt8($0), UInt8(255 - $0), 7) }
        var image = IndexedImage(width: 19, height: 11, palette: palette)
        for y in 0..<11 { for x in 0..<19 { image[x, y] = UInt8((x + 3 * y) % colours) } }
        return image
    }

    /// What ImageMagick's `identify -verbose` says of `bytes`, saved under `name`.
    static func identified(_ bytes: [UInt8], name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        let result = try #require(try Spawn.run(identify, ["-verbose", file.path], environment: nil, stdin: nil, timeout: 120))
        return String(decoding: result.stdout, as: UTF8.self)
    }

    @Test("A file's PNG is marked (tEXt Software: gcview) and decodes to the same pixels; a terminal's is not marked",
          arguments: [2, 16, 17, 256])
    func png(colours: Int) throws {
        let image = Self.image(colours: colours)
        let marked = try PNG.encode(image, marked: true), plain = try PNG.encode(image)
        #expect(PictureMark.isMarked(Array(marked.prefix(PictureMark.prefixLength))))
        #expect(!PictureMark.isMarked(plain))
        #expect(try PNGDecoder.decodeRGB(marked).pixels == PNGDecoder.decodeRGB(plain).pixels)
        if Self.hasImageMagick { #expect(try Self.identified(marked, name: "a.png").contains("Software: gcview")) }
    }

    @Test("A GIF is marked by a comment after its colour table, whatever the table's size", arguments: [2, 3, 16, 129, 256])
    func gif(colours: Int) throws {
        let gif = try AnimatedGIF.encode(Self.image(colours: colours))
        #expect(PictureMark.isMarked(Array(gif.prefix(PictureMark.prefixLength))))
        if Self.hasImageMagick { #expect(try Self.identified(gif, name: "a.gif").contains("comment: gcview")) }
    }

    @Test("Both SVG writers begin with the marked prologue")
    func svg() throws {
        var screen = ScreenPicture(columns: 4, rows: 2, cell: PixelSize(width: 8, height: 16), glyphs: nil, background: RGB(0, 0, 0))
        screen.draw(ScreenPicture.Cell("a", foreground: RGB(255, 255, 255), background: RGB(0, 0, 0)), column: 0, row: 0)
        #expect(PictureMark.isMarked(Array(screen.svg(pictures: []).utf8)))
        #expect(SVGDocument.prologue.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
    }

    @Test("Terminal bytes are marked by a privacy message first, ESC ^ gcview ESC \\, which is all of the mark")
    func terminalBytes() {
        #expect(PictureMark.terminalBytes == Array("\u{1B}^gcview\u{1B}\\".utf8))
        #expect(PictureMark.isMarked(PictureMark.terminalBytes + Array("\r\n\u{1B}[1A\u{1B}7\u{1B}Pq".utf8)))
        #expect(PictureMark.isMarked(PictureMark.terminalBytes))
        #expect(!PictureMark.isMarked(Array(PictureMark.terminalBytes.dropLast())), "cut short of its ST")
        #expect(!PictureMark.isMarked(Array("\r".utf8) + PictureMark.terminalBytes), "moved by a byte")
        #expect(!PictureMark.isMarked(Array("\u{1B}^Gcview\u{1B}\\".utf8)), "another program's message")
        #expect(!PictureMark.isMarked(Array("\u{1B}_gcview\u{1B}\\".utf8)), "an APC, not a PM")
    }

    @Test("Nothing else passes: cut short, moved by a byte, another program's chunk or comment, the words elsewhere")
    func othersAreNot() throws {
        let png = try PNG.encode(Self.image(colours: 4), marked: true)
        let gif = try AnimatedGIF.encode(Self.image(colours: 4))
        #expect(!PictureMark.isMarked(Array(png.prefix(40))))
        #expect(!PictureMark.isMarked([0] + png))
        var otherSoftware = png
        otherSoftware[41 + 9] = UInt8(ascii: "G")  // the tEXt chunk's data starts at 41: Software\0Gcview
        #expect(!PictureMark.isMarked(otherSoftware))
        #expect(!PictureMark.isMarked(Array(gif.prefix(20))))
        var otherComment = gif
        if let at = (0..<(gif.count - 6)).first(where: { Array(gif[$0..<$0 + 6]) == Array("gcview".utf8) }) { otherComment[at] = UInt8(ascii: "x") }
        #expect(!PictureMark.isMarked(otherComment))
        #expect(!PictureMark.isMarked(Array(("\n" + SVGDocument.prologue).utf8)))
        #expect(!PictureMark.isMarked(Array("<!-- Generator: gcview -->\n".utf8)))
        #expect(!PictureMark.isMarked([]))
    }
}
