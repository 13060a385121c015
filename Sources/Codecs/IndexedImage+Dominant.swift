import Raster

extension IndexedImage {
    /// The most frequent palette index among about 4096 evenly spread pixels: the paper of a graph.
    var dominantIndex: UInt8 {
        var counts = [Int](repeating: 0, count: 256)
        let step = max(1, pixels.count / 4096)
        // An odd step avoids sampling the same columns on every row.
        for index in stride(from: 0, to: pixels.count, by: step | 1) { counts[Int(pixels[index])] += 1 }
        return UInt8(counts.indices.max { counts[$0] < counts[$1] } ?? 0)
    }
}
