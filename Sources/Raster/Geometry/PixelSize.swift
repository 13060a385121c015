/// A size in pixels: a picture's, a terminal cell's, a pane's.
public struct PixelSize: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    /// A size of `width` x `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}
