import Foundation
import Raster
import TestSupport
import Testing
@testable import Codecs

/// One kitty graphics APC sequence, split into its keys and payload.
private struct Chunk {
    var keys: [String: String]
    var payload: [UInt8]
}

/// Splits `bytes` into `ESC _ G keys ; payload ESC \` sequences; nil if anything else is in between.
private func parseChunks(_ bytes: [UInt8]) -> [Chunk]? {
    var chunks = [Chunk]()
    var i = 0
    while i < bytes.count {
        guard i + 3 <= bytes.count, bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "_"), bytes[i + 2] == UInt8(ascii: "G") else { return nil }
        var end = i + 3
        while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
        guard end + 1 < bytes.count else { return nil }
        let body = bytes[(i + 3)..<end]
        let semicolon = body.firstIndex(of: UInt8(ascii: ";")) ?? body.endIndex
        var keys = [String: String]()
        for pair in String(decoding: body[body.startIndex..<semicolon], as: UTF8.self).split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            keys[String(parts[0])] = String(parts[1])
        }
        let payload = semicolon < body.endIndex ? Array(body[(semicolon + 1)...]) : []
        chunks.append(Chunk(keys: keys, payload: payload))
        i = end + 2
    }
    return chunks
}

@Suite("Kitty graphics encoder")
struct GraphicsKittyTests {
    @Test("chunks, keys and pixels survive a parse, base64 decode and decompression",
          arguments: KittyEncoder.Format.allCases, [
            GraphicsTestImages.graph(),
            GraphicsTestImages.graph(width: 33, height: 9),
            GraphicsTestImages.noisy(width: 300, height: 200, colors: 16, seed: 5),
          ])
    func roundTrip(_ format: KittyEncoder.Format, _ image: IndexedImage) throws {
        let bytes = try KittyEncoder(format: format).encode(image, imageID: 7, placementID: 3, columns: 80, rows: 24)
        let chunks = try #require(parseChunks(bytes))
        let first = try #require(chunks.first)
        #expect(first.keys["a"] == "T")
        #expect(first.keys["q"] == "2")
        #expect(first.keys["i"] == "7")
        #expect(first.keys["p"] == "3")
        #expect(first.keys["c"] == "80")
        #expect(first.keys["r"] == "24")
        #expect(first.keys["C"] == "1")
        for (n, chunk) in chunks.enumerated() {
            #expect(chunk.payload.count <= 4096)
            #expect(chunk.payload.count % 4 == 0)
            #expect(chunk.keys["m"] == (n == chunks.count - 1 ? "0" : "1"))
            if n > 0 { #expect(chunk.keys.count == 1) }
            if n < chunks.count - 1 { #expect(chunk.payload.count == 4096) }
        }
        let base64 = String(decoding: chunks.flatMap(\.payload), as: UTF8.self)
        let payload = try #require(Data(base64Encoded: base64).map { [UInt8]($0) })
        let expected = image.pixels.map { image.palette[Int($0)] }
        switch format {
        case .png:
            #expect(first.keys["f"] == "100")
            let decoded = try PNGDecoder.decodeRGB(payload)
            #expect(decoded.width == image.width && decoded.height == image.height)
            #expect(decoded.pixels == expected)
        case .zlibRGB:
            #expect(first.keys["f"] == "24")
            #expect(first.keys["o"] == "z")
            #expect(first.keys["s"] == String(image.width))
            #expect(first.keys["v"] == String(image.height))
            let raw = try PNGDecoder.inflate(payload)
            #expect(raw == expected.flatMap { [$0.red, $0.green, $0.blue] })
        }
    }

    @Test("a tiny image is one chunk with m=0 and no cursor, size keys unless asked")
    func singleChunk() throws {
        let image = IndexedImage(width: 2, height: 2, palette: [RGB(1, 2, 3)])
        let chunks = try #require(parseChunks(try KittyEncoder(keepsCursor: false).encode(image, imageID: 1, placementID: 1)))
        #expect(chunks.count == 1)
        #expect(chunks.first?.keys["m"] == "0")
        #expect(chunks.first?.keys["C"] == nil)
        #expect(chunks.first?.keys["c"] == nil)
    }

    @Test("base64 is RFC 4648's, padding included: its test vectors", arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func base64(_ text: String, _ encoded: String) {
        #expect(String(decoding: Base64.encode(Array(text.utf8)), as: UTF8.self) == encoded)
        // The 62nd and 63rd letters and a line longer than 76 characters: no line breaks.
        #expect(String(decoding: Base64.encode([0xFB, 0xFF] + Array(repeating: 0, count: 300)), as: UTF8.self)
            .hasPrefix("+/8AAAAA") && !Base64.encode(Array(repeating: 0, count: 300)).contains(0x0A))
    }

    @Test("delete sequence frees the image by id")
    func delete() {
        #expect(KittyEncoder().deleteSequence(imageID: 42) == Array("\u{1B}_Ga=d,d=I,i=42,q=2\u{1B}\\".utf8))
    }

    @Test("bad input gives typed errors")
    func errors() {
        let image = IndexedImage(width: 1, height: 1, palette: [RGB(0, 0, 0)])
        #expect(throws: KittyError.zeroImageID) { try KittyEncoder().encode(image, imageID: 0, placementID: 1) }
        #expect(throws: KittyError.invalidCellCount(0)) { try KittyEncoder().encode(image, imageID: 1, placementID: 1, columns: 0) }
        let empty = IndexedImage(width: 0, height: 3, palette: [RGB(0, 0, 0)])
        #expect(throws: KittyError.emptyImage) { try KittyEncoder().encode(empty, imageID: 1, placementID: 1) }
        let bad = IndexedImage(width: 1, height: 1, palette: [RGB(0, 0, 0)], pixels: [9])
        #expect(throws: KittyError.paletteIndexOutOfRange(9)) { try KittyEncoder().encode(bad, imageID: 1, placementID: 1) }
    }

    @Test("A 1600x1000 graph stays within 48 KB as PNG")
    func size() throws {
        let bytes = try KittyEncoder(format: .png).encode(GraphicsTestImages.graph(), imageID: 1, placementID: 1)
        #expect(bytes.count <= 48 * 1024)
    }
}
