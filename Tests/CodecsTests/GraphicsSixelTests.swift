import Foundation
import Raster
import Testing
@testable import Codecs
import TestSupport

/// The two sixel encoders the tests compare: gcview's own writer and libsixel's, the reference.
enum SixelEngine: CaseIterable, Sendable {
    case native, libsixel

    /// A new encoder of this engine, kept between the calls of one test.
    func encoder() -> (IndexedImage) throws -> [UInt8] {
        switch self {
        case .native:
            let encoder = SixelEncoder()
            return { try encoder.encode($0) }
        case .libsixel:
            let library = LibSixel()
            return { try library.encode($0) }
        }
    }
}

private func close(_ a: RGB, _ b: RGB) -> Bool {
    abs(Int(a.red) - Int(b.red)) <= 3 && abs(Int(a.green) - Int(b.green)) <= 3 && abs(Int(a.blue) - Int(b.blue)) <= 3
}

/// The number of pixels whose decoded colour is off by more than 3 per channel, or -1 on a size mismatch.
private func mismatches(_ image: IndexedImage, _ decoded: IndexedImage) -> Int {
    guard decoded.width == image.width, decoded.height == image.height else { return -1 }
    var count = 0
    for i in image.pixels.indices where !close(decoded.palette[Int(decoded.pixels[i])], image.palette[Int(image.pixels[i])]) {
        count += 1
    }
    return count
}

@Suite("Sixel encoder")
struct GraphicsSixelTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let image: IndexedImage
        var testDescription: String { name }
    }

    static let tall: [Case] = [
        Case(name: "graph 1600x1000", image: GraphicsTestImages.graph()),
        Case(name: "graph 97x61 (odd size, partial band)", image: GraphicsTestImages.graph(width: 97, height: 61)),
        Case(name: "noise 64x37, 16 colours", image: GraphicsTestImages.noisy(width: 64, height: 37, colors: 16, seed: 3)),
        Case(name: "noise 200x6, 256 colours", image: GraphicsTestImages.noisy256(width: 200, height: 6)),
        // Written in two halves at once (SixelWriter.pixelsWrittenInHalves): an odd number of
        // bands, the last one partial; and exactly the threshold, 256 colours.
        Case(name: "noise 701x457, 16 colours, in halves", image: GraphicsTestImages.noisy(width: 701, height: 457, colors: 16, seed: 5)),
        Case(name: "noise 512x512, 256 colours, in halves", image: GraphicsTestImages.noisy256(width: 512, height: 512)),
    ]

    static let short: [Case] = [
        Case(name: "noise 5x1, 2 colours", image: GraphicsTestImages.noisy(width: 5, height: 1, colors: 2, seed: 9)),
        Case(name: "1x1 single colour", image: IndexedImage(width: 1, height: 1, palette: [RGB(10, 20, 30)])),
        Case(name: "noise 7x5, 3 colours", image: GraphicsTestImages.noisy(width: 7, height: 5, colors: 3, seed: 4)),
    ]

    @Test("native writer round-trips through libsixel's decoder", arguments: tall + short)
    func nativeRoundTrip(_ testCase: Case) throws {
        let decoded = try LibSixel.decode(try SixelEncoder().encode(testCase.image))
        #expect(mismatches(testCase.image, decoded) == 0)
    }

    @Test("written in two halves at once or on one thread, the bytes are the same", arguments: tall + short)
    func halves(_ testCase: Case) throws {
        let halves = try #require(SixelWriter.encode(testCase.image, inHalves: true))
        #expect(halves == SixelWriter.encode(testCase.image, inHalves: false))
        #expect(mismatches(testCase.image, try LibSixel.decode(halves)) == 0)
    }

    @Test("libsixel engine round-trips images of at least 6 rows", arguments: tall)
    func libsixelRoundTrip(_ testCase: Case) throws {
        let decoded = try LibSixel.decode(try LibSixel().encode(testCase.image))
        #expect(mismatches(testCase.image, decoded) == 0)
    }

    @Test("the lossless check can fail: a changed pixel is caught")
    func checkerCatchesDifferences() throws {
        var image = GraphicsTestImages.graph(width: 40, height: 20)
        let decoded = try LibSixel.decode(try SixelEncoder().encode(image))
        image[3, 4] = 5
        #expect(mismatches(image, decoded) == 1)
    }

    @Test("header: opaque (P2 is not 1), aspect 1:1 and the raster size", arguments: SixelEngine.allCases)
    func header(_ engine: SixelEngine) throws {
        let image = GraphicsTestImages.graph(width: 120, height: 80)
        let text = String(decoding: try engine.encoder()(image), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P"))
        #expect(text.hasSuffix("\u{1B}\\"))
        let q = try #require(text.firstIndex(of: "q"))
        let params = text[text.index(text.startIndex, offsetBy: 2)..<q].split(separator: ";", omittingEmptySubsequences: false)
        #expect(params.count < 2 || params[1] != "1")
        #expect(text[text.index(after: q)...].hasPrefix("\"1;1;120;80"))
        #expect(!text.utf8.contains { $0 >= 0x80 })
    }

    @Test("a reused encoder gives the same bytes as a fresh one, across palette sizes", arguments: SixelEngine.allCases)
    func reuse(_ engine: SixelEngine) throws {
        let encoder = engine.encoder()
        let a = GraphicsTestImages.noisy(width: 20, height: 13, colors: 16, seed: 1)
        let b = GraphicsTestImages.noisy(width: 33, height: 7, colors: 3, seed: 2)
        let first = try encoder(a)
        _ = try encoder(b)
        #expect(try encoder(a) == first)
        #expect(try encoder(b) == engine.encoder()(b))
    }

    @Test("bad images are rejected with typed errors")
    func errors() {
        let empty = IndexedImage(width: 0, height: 0, palette: [RGB(0, 0, 0)])
        #expect(throws: SixelError.emptyImage) { try SixelEncoder().encode(empty) }
        let bad = IndexedImage(width: 2, height: 1, palette: [RGB(0, 0, 0)], pixels: [0, 5])
        #expect(throws: SixelError.paletteIndexOutOfRange(5)) { try SixelEncoder().encode(bad) }
        // The paper itself past the palette.
        let badPaper = IndexedImage(width: 9, height: 7, palette: [RGB(0, 0, 0), RGB(9, 9, 9)], fill: 3)
        #expect(throws: SixelError.paletteIndexOutOfRange(3)) { try SixelEncoder().encode(badPaper) }
    }

    @Test("a pixel past the palette anywhere in a large picture is caught, in either half, and the first is named")
    func pastPaletteInHalves() {
        // Large enough to be written in halves; the palette is checked as the bands are marked.
        let width = 700, height = 400
        for (first, second) in [(10, height - 3), (height - 3, 10), (150, 250)] {
            var image = GraphicsTestImages.graph(width: width, height: height)
            let past = UInt8(image.palette.count)
            image[5, first] = past + 2
            image[600, second] = past
            #expect(SixelWriter.encode(image, inHalves: true) == nil)
            #expect(SixelWriter.encode(image, inHalves: false) == nil)
            let named = first < second ? past + 2 : past
            #expect(throws: SixelError.paletteIndexOutOfRange(named)) { try SixelEncoder().encode(image) }
        }
    }

    @Test("1600x1000 graph stays within 40 KB", arguments: SixelEngine.allCases)
    func size(_ engine: SixelEngine) throws {
        let bytes = try engine.encoder()(GraphicsTestImages.graph())
        #expect(bytes.count <= 40_000)
    }
}
