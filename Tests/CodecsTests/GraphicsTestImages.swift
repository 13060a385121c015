import Foundation
import Raster

/// Images shared by the graphics tests.
enum GraphicsTestImages {
    /// A 16-colour palette: background first, then axis, grid and curve colours.
    static let palette: [RGB] = [
        RGB(255, 255, 255), RGB(0, 0, 0), RGB(200, 200, 200), RGB(220, 30, 30),
        RGB(30, 120, 220), RGB(30, 170, 60), RGB(250, 160, 0), RGB(130, 50, 180),
        RGB(1, 2, 3), RGB(254, 253, 252), RGB(128, 128, 128), RGB(64, 0, 0),
        RGB(0, 64, 0), RGB(0, 0, 64), RGB(17, 99, 181), RGB(240, 240, 250),
    ]

    /// A plot-like image: white background, black axes, a grey grid, a 2-pixel sine curve.
    static func graph(width: Int = 1600, height: Int = 1000) -> IndexedImage {
        var image = IndexedImage(width: width, height: height, palette: palette, fill: 0)
        for x in stride(from: 0, to: width, by: max(width / 10, 1)) {
            for y in 0..<height { image[x, y] = 2 }
        }
        for y in stride(from: 0, to: height, by: max(height / 10, 1)) {
            for x in 0..<width { image[x, y] = 2 }
        }
        for x in 0..<width { image[x, height / 2] = 1 }
        for y in 0..<height { image[width / 2, y] = 1 }
        var previous: Int?
        for x in 0..<width {
            let y = Int((Double(height) / 2) * (1 - 0.8 * sin(Double(x) / Double(width) * 4 * .pi)))
            let clamped = min(max(y, 0), height - 2)
            let from = min(previous ?? clamped, clamped), to = max(previous ?? clamped, clamped)
            for yy in from...to {
                image[x, yy] = 3
                image[x, yy + 1] = 3
            }
            previous = clamped
        }
        return image
    }

    /// A small image using every palette entry, with noise, to stress encoders.
    static func noisy(width: Int, height: Int, colors: Int, seed: UInt64) -> IndexedImage {
        var state = seed | 1
        var pixels = [UInt8](repeating: 0, count: width * height)
        for i in pixels.indices {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            pixels[i] = UInt8(state % UInt64(colors))
        }
        return IndexedImage(width: width, height: height, palette: Array(palette.prefix(colors)), pixels: pixels)
    }

    /// An image using all 256 palette entries.
    static func noisy256(width: Int, height: Int) -> IndexedImage {
        let palette = (0..<256).map { (i: Int) -> RGB in RGB(UInt8(i), UInt8(255 - i), UInt8(truncatingIfNeeded: i * 7)) }
        let pixels = (0..<width * height).map { (i: Int) -> UInt8 in UInt8(truncatingIfNeeded: i * 31 + i / 7) }
        return IndexedImage(width: width, height: height, palette: palette, pixels: pixels)
    }
}
