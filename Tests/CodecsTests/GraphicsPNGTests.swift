import Raster
import Testing
import TestSupport
@testable import Codecs

/// A PNG with the given header fields and unfiltered rows; CRCs are left zero, which `decodeRGB` does not check.
private func handMadePNG(width: Int, height: Int, depth: UInt8, colorType: UInt8, rows: [[UInt8]], palette: [UInt8] = []) throws -> [UInt8] {
    func bigEndian(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        bigEndian(data.count) + Array(type.utf8) + data + [0, 0, 0, 0]
    }
    let header = bigEndian(width) + bigEndian(height) + [depth, colorType, 0, 0, 0]
    let raw: [UInt8] = rows.flatMap { (row: [UInt8]) -> [UInt8] in [0] + row }
    return PNG.signature + chunk("IHDR", header) + (palette.isEmpty ? [] : chunk("PLTE", palette))
        + chunk("IDAT", try Zlib.compress(raw)) + chunk("IEND", [])
}

@Suite("PNG")
struct GraphicsPNGTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let image: IndexedImage
        let depth: UInt8
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "graph 1600x1000, 4 bits", image: GraphicsTestImages.graph(), depth: 4),
        Case(name: "graph 33x9 (odd width), 4 bits", image: GraphicsTestImages.graph(width: 33, height: 9), depth: 4),
        Case(name: "1x1, 4 bits (fixed Huffman codes)", image: IndexedImage(width: 1, height: 1, palette: [RGB(1, 2, 3)]), depth: 4),
        Case(name: "one colour 1037x5: runs past 258 bytes", image: IndexedImage(width: 1037, height: 5, palette: [RGB(9, 9, 9), RGB(0, 0, 0)], fill: 1), depth: 4),
        Case(name: "noise 301x57, 16 colours, 4 bits", image: GraphicsTestImages.noisy(width: 301, height: 57, colors: 16, seed: 3), depth: 4),
        Case(name: "noise 13x7, 2 colours, 4 bits", image: GraphicsTestImages.noisy(width: 13, height: 7, colors: 2, seed: 8), depth: 4),
        Case(name: "noise 200x31, 256 colours, 8 bits", image: GraphicsTestImages.noisy256(width: 200, height: 31), depth: 8),
    ]

    @Test("paletted PNGs round-trip at 4 bits up to 16 colours and 8 bits beyond", arguments: cases)
    func roundTrip(_ testCase: Case) throws {
        let image = testCase.image
        let png = try PNG.encode(image)
        #expect(png[24] == testCase.depth)
        #expect(png[25] == 3)
        let decoded = try PNGDecoder.decodeRGB(png)
        #expect(decoded.width == image.width && decoded.height == image.height)
        #expect(decoded.pixels == image.pixels.map { image.palette[Int($0)] })
    }

    @Test("Small pictures (kitty's patches over labels) round-trip whatever their bytes: short streams take the fixed Huffman codes, literals 144 to 255 included")
    func smallPictures() throws {
        var wrong = [String]()
        for colors in [2, 10, 16] {
            for width in 1...24 {
                for height in 1...12 {
                    let image = GraphicsTestImages.noisy(width: width, height: height, colors: colors, seed: UInt64(width * 31 + height))
                    let decoded = try? PNGDecoder.decodeRGB(PNG.encode(image))
                    if decoded?.pixels != image.pixels.map({ image.palette[Int($0)] }) { wrong.append("\(colors) colours \(width)x\(height)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) pictures do not round-trip: \(wrong.prefix(8))")
    }

    @Test("Every deflater gcview bench compares writes a PNG that zlib inflates to the same pixels",
          arguments: PNGDeflater.allCases)
    func everyDeflater(_ deflater: PNGDeflater) throws {
        for testCase in Self.cases {
            let image = testCase.image
            let decoded = try PNGDecoder.decodeRGB(PNG.encode(image, deflater: deflater))
            #expect(decoded.width == image.width && decoded.height == image.height, "\(testCase.name)")
            #expect(decoded.pixels == image.pixels.map { image.palette[Int($0)] }, "\(testCase.name)")
        }
    }

    @Test("decodeRGB reads 2-bit grey, 1-bit paletted and 8-bit RGB and RGBA")
    func otherFormats() throws {
        // 2-bit grey, 5 pixels: 0, 1, 2, 3, 0 -> 0b00011011, 0b00000000.
        let grey = try PNGDecoder.decodeRGB(handMadePNG(width: 5, height: 1, depth: 2, colorType: 0, rows: [[0b0001_1011, 0]]))
        #expect(grey.pixels == [0, 85, 170, 255, 0].map { RGB($0, $0, $0) })
        let bits = try PNGDecoder.decodeRGB(handMadePNG(width: 9, height: 1, depth: 1, colorType: 3, rows: [[0b1010_0000, 0b1000_0000]],
                                                 palette: [10, 20, 30, 40, 50, 60]))
        let (a, b) = (RGB(10, 20, 30), RGB(40, 50, 60))
        #expect(bits.pixels == [b, a, b, a, a, a, a, a, b])
        let rgb = try PNGDecoder.decodeRGB(handMadePNG(width: 2, height: 1, depth: 8, colorType: 2, rows: [[1, 2, 3, 4, 5, 6]]))
        #expect(rgb.pixels == [RGB(1, 2, 3), RGB(4, 5, 6)])
        let rgba = try PNGDecoder.decodeRGB(handMadePNG(width: 2, height: 1, depth: 8, colorType: 6, rows: [[1, 2, 3, 255, 4, 5, 6, 0]]))
        #expect(rgba.pixels == [RGB(1, 2, 3), RGB(4, 5, 6)])
    }

    @Test("unsupported bit depths are rejected")
    func unsupported() throws {
        let png = try handMadePNG(width: 1, height: 1, depth: 4, colorType: 2, rows: [[0]])
        #expect(throws: PNGDecodingError.unsupported("bit depth 4 with colour type 2")) { try PNGDecoder.decodeRGB(png) }
    }

    /// Found by `scripts/fuzz png-decoder`: its header chunk is spelled `IhDR`, and the decoder
    /// returned a 0×0 image from the IDAT that followed.
    static let withoutHeader: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d,
        0x49, 0x68, 0x44, 0x52, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x02,
        0x04, 0x03, 0x00, 0x00, 0x00, 0x6f, 0x5a, 0x7b, 0x29, 0x00, 0x00, 0x00,
        0x09, 0x50, 0x4c, 0x54, 0x3a, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
        0x00, 0x00, 0xcd, 0x5e, 0xb7, 0x9c, 0x00, 0x00, 0x00, 0x0e, 0x49, 0x44,
        0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x54, 0x60, 0x16, 0x62, 0x00, 0x00,
        0x00, 0xb8, 0x00, 0x37, 0xee, 0x40, 0x74, 0x15, 0x00, 0x00, 0x00, 0x00,
        0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ]

    @Test("a PNG without IHDR first is corrupt, not an empty image")
    func headerFirst() throws {
        #expect(throws: PNGDecodingError.corrupt("no IHDR first")) { try PNGDecoder.decodeRGB(Self.withoutHeader) }
        let png = try handMadePNG(width: 1, height: 1, depth: 8, colorType: 0, rows: [[7]])
        let twice = Array(png[0..<33]) + Array(png[8..<33]) + Array(png[33...])
        #expect(throws: PNGDecodingError.corrupt("second IHDR")) { try PNGDecoder.decodeRGB(twice) }
    }

    @Test("sides whose product overflows Int are corrupt, not a trap", arguments: [
        (UInt32.max, UInt32.max), (1 << 31, 1 << 31), (1 << 27, 1), (1, 1 << 27), (1 << 13, 1 << 14),
    ])
    func hugeSides(width: UInt32, height: UInt32) throws {
        let png = try handMadePNG(width: Int(width), height: Int(height), depth: 8, colorType: 0, rows: [[0]])
        #expect(throws: PNGDecodingError.corrupt("size")) { try PNGDecoder.decodeRGB(png) }
    }
}
