/// A picture's blank pixels, filled with the background on a thread of their own while the
/// caller samples its curves; `GraphRenderer.rasterize(_:in:on:)` draws on them.
///
/// Fresh memory costs a page fault for every 4 KiB on first touch: 390 of them, about 0.5 ms,
/// for a picture of 1600×1000 (`perf record -e page-faults` on `gcview plot`). Made ahead, they
/// cost the one-shot `plot` nothing when a second core is free. A small picture's are filled
/// when they are drawn on, in less time than a thread takes to start.
public struct BlankPaper: Sendable {
    public let width: Int
    public let height: Int
    private let pixels: BackgroundThread<[UInt8]>?

    /// Pictures of at least this many pixels have their paper made on a thread of its own.
    static let pixelsMadeAhead = 1 << 18

    /// Starts filling the pixels of a `width` × `height` picture.
    public init(width: Int, height: Int) {
        let width = max(width, 0), height = max(height, 0)
        self.width = width
        self.height = height
        pixels = width * height >= Self.pixelsMadeAhead
            ? BackgroundThread { [UInt8](repeating: PaletteSlot.background, count: width * height) }
            : nil
    }

    /// A canvas on these pixels, once they are filled; nil when the size is not theirs. The
    /// pixels are handed over: a second canvas gets pixels filled anew.
    func canvas(width: Int, height: Int) -> Canvas? {
        guard width == self.width, height == self.height else { return nil }
        guard let pixels else { return Canvas(width: width, height: height, fill: PaletteSlot.background) }
        return Canvas(width: width, height: height, pixels: pixels.take())
    }
}
