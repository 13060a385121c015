import Codecs
import Foundation
import Raster
import TestSupport
import Testing
@testable import Terminal

/// One backend per protocol: each encodes, places and clears its own pictures, and says what it can do.
@Suite("Graphics backends")
struct GraphicsBackendTests {
    static let image: IndexedImage = {
        var image = IndexedImage(width: 30, height: 20, palette: [RGB(0, 0, 0), RGB(255, 0, 0)])
        for x in 0..<30 { image[x, 10] = 1 }
        return image
    }()

    @Test("Each protocol has its own backend", arguments: GraphicsProtocol.allCases)
    func oneBackendEach(_ graphicsProtocol: GraphicsProtocol) {
        #expect(graphicsProtocol.backend().graphicsProtocol == graphicsProtocol)
    }

    @Test("OSC 1337: inline, the PNG's exact size and byte count, and the PNG itself")
    func iterm2() throws {
        let bytes = try ITerm2Backend().picture(Self.image, cell: PixelSize(width: 8, height: 16), column: 0)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]1337;File=") && text.hasSuffix("\u{07}"))
        let colon = try #require(text.firstIndex(of: ":"))
        let arguments = text[text.index(text.startIndex, offsetBy: 12)..<colon].split(separator: ";").map(String.init)
        let payload = try #require(Data(base64Encoded: String(text[text.index(after: colon)...].dropLast())))
        #expect(arguments.contains("inline=1"))
        #expect(arguments.contains("size=\(payload.count)"))
        #expect(arguments.contains("width=30px") && arguments.contains("height=20px"))
        let decoded = try PNGDecoder.decodeRGB([UInt8](payload))
        #expect(decoded.width == 30 && decoded.height == 20)
        #expect(decoded.pixels[10 * 30 + 5] == RGB(255, 0, 0) && decoded.pixels[0] == RGB(0, 0, 0))
    }

    @Test("An empty image is an encoding error in every pixel protocol, never a crash",
          arguments: [GraphicsProtocol.sixel, .kitty, .iterm2])
    func emptyImage(_ graphicsProtocol: GraphicsProtocol) {
        let empty = IndexedImage(width: 0, height: 0, palette: [RGB(0, 0, 0)])
        #expect(throws: ImageEncodingError.self) {
            try graphicsProtocol.backend().picture(empty, cell: PixelSize(width: 8, height: 16), column: 0)
        }
    }

    @Test("Sixel pictures fit the terminal's limit and are whole six-pixel bands; the others any size")
    func largestPicture() {
        let sixel = SixelBackend(largestPicture: PixelSize(width: 500, height: 400))
        #expect(sixel.largestPicture(within: PixelSize(width: 640, height: 341)) == PixelSize(width: 500, height: 336))
        #expect(sixel.largestPicture(within: PixelSize(width: 5, height: 5)) == PixelSize(width: 5, height: 5))
        #expect(KittyBackend().largestPicture(within: PixelSize(width: 640, height: 341)) == PixelSize(width: 640, height: 341))
        #expect(ITerm2Backend().largestPicture(within: PixelSize(width: 640, height: 341)) == PixelSize(width: 640, height: 341))
        // In cells of 9 x 18 pixels: a limit in pixels is the same whatever the cell; kitty's
        // placeholders name 297 cells a side, and a picture one cell wider cannot be placed.
        let cell = PixelSize(width: 9, height: 18)
        #expect(sixel.largestPicture(cell: cell) == PixelSize(width: 500, height: 400))
        #expect(KittyBackend().largestPicture(cell: cell) == nil)
        let placeholders = KittyPlaceholderBackend()
        #expect(placeholders.largestPicture(cell: cell) == PixelSize(width: 297 * 9, height: 297 * 18))
        let widest = IndexedImage(width: 297 * 9, height: 18, palette: [RGB(0, 0, 0)])
        #expect((try? placeholders.picture(widest, cell: cell, column: 0)) != nil)
        let wider = IndexedImage(width: 297 * 9 + 1, height: 18, palette: [RGB(0, 0, 0)])
        #expect((try? placeholders.picture(wider, cell: cell, column: 0)) == nil)
    }

    @Test("Only kitty has pictures to delete beyond the text; only braille is not pixels")
    func abilities() {
        #expect(!KittyBackend(imageID: 9).eraseBytes().isEmpty)
        for backend in [SixelBackend(), ITerm2Backend(), UnicodeBackend()] as [any GraphicsBackend] {
            #expect(backend.eraseBytes().isEmpty)
        }
        #expect(!UnicodeBackend().abilities.drawsPixels)
        let pixelBackends: [any GraphicsBackend] = [SixelBackend(), KittyBackend(), ITerm2Backend()]
        #expect(pixelBackends.allSatisfy { $0.abilities.drawsPixels })
        #expect(KittyBackend().abilities.replacesPicturesByID && !SixelBackend().abilities.replacesPicturesByID)
    }

    @Test("Braille placed at a column comes back to that column on every row")
    func braillePlacement() throws {
        let bytes = try InlineImage(backend: UnicodeBackend(), cellSize: PixelSize(width: 8, height: 16))
            .bytes(for: Self.image, atColumn: 40, row: 3)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[4;41H"))
        // 20 dots tall: 5 rows, so 4 moves down and back to column 41.
        #expect(text.components(separatedBy: "\u{1B}[1B\u{1B}[41G").count == 5)
    }
}

/// kitty's pictures through tmux: the picture inside tmux's passthrough, placed virtually over as
/// many placeholder cells as it covers, row by row back at the picture's column.
@Suite("kitty placeholders backend")
struct KittyPlaceholderBackendTests {
    @Test("A 95x41-pixel picture in 10x20 cells: 10 columns and 3 rows of placeholders, the picture sent inside the passthrough with U=1,c=10,r=3")
    func placeholders() throws {
        let image = IndexedImage(width: 95, height: 41, palette: [RGB(0, 0, 0), RGB(255, 255, 255)], fill: 1)
        let backend = GraphicsProtocol.kittyPlaceholders.backend(kittyImageID: 0x12_3456)
        let bytes = try backend.picture(image, cell: PixelSize(width: 10, height: 20), column: 7)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,q=2,i=1193046,f=100,c=10,r=3,U=1"), "\(text.prefix(80))")
        #expect(!text.contains("\u{1B}_G") || !text.replacingOccurrences(of: "\u{1B}\u{1B}_G", with: "").contains("\u{1B}_G"),
                "no kitty sequence outside the passthrough")
        let placeholders = text.unicodeScalars.filter { $0 == KittyPlaceholders.placeholder }.count
        #expect(placeholders == 30)
        #expect(text.components(separatedBy: "\u{1B}[1B\u{1B}[8G").count == 3, "each row back at column 8")
        #expect(text.contains("\u{1B}[38;2;18;52;86m"), "the id in the foreground colour")
        // A picture wider than the marks can name is an error, not a wrong picture.
        let wide = IndexedImage(width: 3000, height: 20, palette: [RGB(0, 0, 0)], fill: 0)
        #expect(throws: ImageEncodingError.self) { try backend.picture(wide, cell: PixelSize(width: 10, height: 20), column: 0) }
    }
}
