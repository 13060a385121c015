import Codecs
import Raster

/// `w` during playback: one sweep of the playing parameter across its slider's range, from the
/// lower end to the upper, as an animated GIF of the view on screen (y kept as shown, so the axes
/// stay still), each frame titled with the value it shows.
struct SweepAnimation {
    let name: String
    let slider: Slider
    let sweepSeconds: Double

    /// The most frames of a sweep, and the most pixels all of them may have together (as
    /// `plot --animate` allows): a larger view takes fewer frames.
    static let maximumFrames = 60
    static let maximumPixels = 200_000_000

    /// The frames a sweep of pictures of `width` × `height` takes: at most `maximumFrames`, fewer
    /// when their pixels would exceed `maximumPixels`, and always both ends.
    static func frameCount(width: Int, height: Int) -> Int {
        let pixels = max(width, 1) * max(height, 1)
        return min(max(maximumPixels / pixels, 2), maximumFrames)
    }

    /// The value of frame `k` of `count`: the lower end first, the upper end last.
    func value(atFrame k: Int, of count: Int) -> Double {
        slider.value(atFraction: Double(k) / Double(max(count - 1, 1)))
    }

    /// The GIF of `curves` in `viewport`, the parameter swept, drawn by `renderer`.
    func gif(of curves: [GraphedProgram], values: [String: Double], in viewport: Viewport,
             renderer: GraphRenderer) throws(GIFError) -> [UInt8] {
        let count = Self.frameCount(width: viewport.width, height: viewport.height)
        // A frame shows for the sweep's time shared out, in GIF's hundredths (at least 2: viewers
        // show shorter delays as 10).
        let delay = max(Int((sweepSeconds * 100 / Double(count)).rounded()), 2)
        var renderer = renderer
        renderer.style.legend = curves.count >= 2 ? curves.map(\.equation) : []
        var gif: AnimatedGIF?
        for k in 0..<count {
            var frameValues = values
            frameValues[name] = value(atFrame: k, of: count)
            let bound = curves.map { $0.binding(frameValues) }
            renderer.style.title = "\(name) = \(PopoverNumber.text(frameValues[name] ?? 0))"
            let image = renderer.render(bound.planeCurves, costs: bound.costs, in: viewport)
            if gif == nil { gif = try AnimatedGIF(width: image.width, height: image.height, delay: delay, palette: image.palette) }
            try gif?.append(image)
        }
        guard let gif else { throw GIFError.unsupported("a sweep of no frames") }
        return try gif.finish()
    }
}
