import Raster

extension IndexedImage {
    /// The first pixel value that is past the end of the palette, if any.
    var firstIndexPastPalette: UInt8? {
        let colors = palette.count
        guard colors < 256 else { return nil }
        let highest = pixels.withUnsafeBufferPointer { pixels in
            // A plain reduction, which the compiler vectorizes.
            var highest: UInt8 = 0
            for index in pixels { highest = Swift.max(highest, index) }
            return highest
        }
        guard Int(highest) >= colors else { return nil }
        return pixels.first { Int($0) >= colors }
    }
}
