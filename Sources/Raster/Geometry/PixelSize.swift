/// A size in pixels: a picture's, a terminal cell's, a pane's.
package struct PixelSize: Sendable, Equatable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    /// A size of `width` x `height` pixels.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    package var description: String { "\(width)x\(height)" }
}
