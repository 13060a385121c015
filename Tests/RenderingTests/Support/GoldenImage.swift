import Codecs
import Foundation
import Raster
import TestSupport
import Testing

/// Golden PNGs in the top-level `fixtures/golden/`; `GCVIEW_RECORD_GOLDEN=1` rewrites them and fails.
///
/// Rendering is deterministic, so a golden is compared exactly: one pixel, one anti-aliasing
/// level or one label off fails. A golden is recorded by the renderer under test, so it proves
/// nothing alone: each one also passes `AnalyticGraphTests`, which check the same picture
/// against the true curve and the 1-2-5 ladder. A golden re-recorded after a change is only
/// trusted once those pass too, and after looking at it.
enum GoldenImage {
    static let directory = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "fixtures/golden")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["GCVIEW_RECORD_GOLDEN"] == "1" }

    /// Compares `image` with the golden `name`.png: exactly, unless a test allows `allowedFraction`
    /// of the pixels to differ by more than `channelTolerance` in a channel.
    static func check(
        _ image: IndexedImage, named name: String,
        channelTolerance: Int = 0, allowedFraction: Double = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory.appending(path: name + ".png")
        if isRecording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(PNG.encode(image)).write(to: url)
            Issue.record("Recorded \(url.path); unset GCVIEW_RECORD_GOLDEN and run again", sourceLocation: sourceLocation)
            return
        }
        guard let data = try? Data(contentsOf: url) else {
            Issue.record("Missing golden \(url.path); record with GCVIEW_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        let golden = try PNGDecoder.decodeRGB([UInt8](data))
        #expect(golden.width == image.width && golden.height == image.height, sourceLocation: sourceLocation)
        guard golden.width == image.width, golden.height == image.height else { return }
        var differing = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = image.color(x: x, y: y), b = golden.pixels[y * image.width + x]
                let delta = max(
                    abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue))
                )
                if delta > channelTolerance { differing += 1 }
            }
        }
        let fraction = Double(differing) / Double(max(image.width * image.height, 1))
        #expect(fraction <= allowedFraction, "\(name): \(differing) pixels differ from the golden image", sourceLocation: sourceLocation)
    }
}
