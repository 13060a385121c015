import Codecs
import Foundation
import Raster
import Testing
import TestSupport

/// `AnimatedGIF` read back by ImageMagick, an independent decoder: every pixel of every frame
/// as composed for display must be its palette's colour, whatever the palettes and changes.
@Suite("GIF encoder")
struct GraphicsGIFTests {
    static let hasImageMagick = ImageMagickGIF.isAvailable

    /// An image whose pixel (x, y) has index `index(x, y)` in `palette`.
    static func image(_ width: Int, _ height: Int, _ palette: [RGB], _ index: (Int, Int) -> Int) -> IndexedImage {
        var image = IndexedImage(width: width, height: height, palette: palette)
        for y in 0..<height { for x in 0..<width { image[x, y] = UInt8(index(x, y)) } }
        return image
    }

    @Test("Frames come back exactly: 256 colours, a palette that changes, a frame that repeats, small changes",
          .enabled(if: hasImageMagick))
    func exact() throws {
        let (width, height) = (37, 23)
        let full = (0..<256).map { (index: Int) -> RGB in
            let byte = UInt8(index)
            return RGB(byte, 255 - byte, byte &* 7)
        }
        let small = [RGB(10, 20, 30), RGB(200, 100, 0), RGB(0, 255, 0)]
        var moved = Self.image(width, height, full) { x, y in (x * 7 + y * 3) % 256 }
        moved[30, 4] = 9
        moved[2, 20] = 200
        let frames = [
            Self.image(width, height, full) { x, y in (x * 7 + y * 3) % 256 },
            moved,
            moved,  // nothing changed: a one-pixel frame
            Self.image(width, height, small) { x, y in (x + y) % 3 },  // another palette: a local colour map
            Self.image(width, height, full) { x, _ in x },  // back to the first palette
        ]
        let gif = try AnimatedGIF(width: width, height: height, delay: 7, palette: full)
        for frame in frames { try gif.append(frame) }
        let bytes = try gif.finish()
        let decoded = try ImageMagickGIF.frames(of: bytes, width: width, height: height)
        #expect(decoded.count == frames.count)
        for (index, (frame, pixels)) in zip(frames, decoded).enumerated() {
            let expected = frame.pixels.map { frame.palette[Int($0)] }
            let wrong = zip(expected, pixels).filter { $0 != $1 }.count
            #expect(wrong == 0, "frame \(index): \(wrong) pixels differ")
        }
    }

    @Test("A frame that changed inside a rectangle is written as that rectangle alone", .enabled(if: hasImageMagick))
    func changedRegion() throws {
        let palette = [RGB(0, 0, 0), RGB(255, 255, 255)]
        let still = Self.image(100, 80, palette) { _, _ in 0 }
        var dot = still
        dot[40, 30] = 1
        dot[60, 50] = 1
        let gif = try AnimatedGIF(width: 100, height: 80, delay: 5, palette: palette)
        try gif.append(still)
        try gif.append(dot)
        try gif.append(dot)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("region-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(gif.finish()).write(to: file)
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/identify")
        process.arguments = ["-format", "%w %h %X %Y %T;", file.path]
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let frames = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(frames == "100 80 +0 +0 5;21 21 +40 +30 5;1 1 +0 +0 5;")
    }

    @Test("Frames of another size and empty animations are refused")
    func refused() throws {
        let palette = [RGB(0, 0, 0), RGB(255, 255, 255)]
        let gif = try AnimatedGIF(width: 10, height: 10, delay: 5, palette: palette)
        #expect(throws: GIFError.self) { try gif.append(Self.image(11, 10, palette) { _, _ in 0 }) }
        #expect(throws: GIFError.self) { try gif.finish() }
        #expect(throws: GIFError.self) { try AnimatedGIF(width: 0, height: 10, delay: 5, palette: palette) }
    }
}
