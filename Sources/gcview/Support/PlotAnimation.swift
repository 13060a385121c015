import ArgumentParser
import Brain
import Codecs
import Analysis
import Figure
import Raster

/// `plot --animate NAME=FROM:TO [--frames N] [--fps F]`: a parameter swept from FROM to TO, one
/// frame per value, into an animated GIF. Frame k (from 0) has NAME = FROM + (TO − FROM)·k/(N − 1),
/// so the first frame is FROM and the last TO exactly.
struct PlotAnimation {
    let name: String
    let from: Double
    let to: Double
    let frames: Int
    let framesPerSecond: Double

    static let defaultFrames = 60
    static let frameCounts = 2...1000
    static let defaultFramesPerSecond = 20.0
    static let framesPerSecondRange = 0.1...50.0
    /// The most pixels all the frames of one animation may have together: 60 frames of
    /// 1600x1000 are 96 million; a GIF of more would take minutes to write and view.
    static let maximumPixels = 200_000_000

    /// `--animate`'s `NAME=FROM:TO` checked against the programs' parameters and `--let`'s.
    init(_ text: String, frames: Int?, framesPerSecond: Double?, programs: [Program], given: [String: Double]) throws {
        guard let equals = text.firstIndex(of: "=") else {
            throw ValidationError("--animate \(text): write name=from:to, such as --animate a=1:3")
        }
        let name = String(text[..<equals]), range = String(text[text.index(after: equals)...])
        try ParameterOptions.checkName(name, option: "--animate", assignment: text)
        try ParameterOptions.check(name, in: Set(programs.flatMap(\.parameters)), option: "--animate", assignment: text)
        guard given[name] == nil else { throw ValidationError("--animate \(text): \(name) is also given with --let") }
        let ends = range.split(separator: ":", omittingEmptySubsequences: false)
        guard ends.count == 2, let from = Double(ends[0]) ?? Double(ends[0].trimmed),
              let to = Double(ends[1]) ?? Double(ends[1].trimmed) else {
            throw ValidationError("--animate \(text): write name=from:to with two numbers, such as --animate a=1:3")
        }
        guard from.isFinite, to.isFinite else { throw ValidationError("--animate \(text): both ends must be finite numbers") }
        guard from != to else {
            throw ValidationError("--animate \(text): the range has no width; for one value use --let \(name)=\(AxisRange.format(from))")
        }
        let frames = frames ?? Self.defaultFrames
        guard Self.frameCounts.contains(frames) else {
            throw ValidationError("--frames \(frames): an animation has \(Self.frameCounts.lowerBound) to \(Self.frameCounts.upperBound) frames")
        }
        let framesPerSecond = framesPerSecond ?? Self.defaultFramesPerSecond
        guard Self.framesPerSecondRange.contains(framesPerSecond) else {
            throw ValidationError("--fps \(AxisRange.format(framesPerSecond)): give \(AxisRange.format(Self.framesPerSecondRange.lowerBound)) to "
                                  + "\(AxisRange.format(Self.framesPerSecondRange.upperBound)) frames a second")
        }
        self.name = name
        self.from = from
        self.to = to
        self.frames = frames
        self.framesPerSecond = framesPerSecond
    }

    /// The parameter's value in frame `k` (0 ..< frames). Computed from the ends' halves where
    /// their difference overflows (`1e308:-1e308`), so every value is finite.
    func value(atFrame k: Int) -> Double {
        if k <= 0 { return from }
        if k >= frames - 1 { return to }
        let fraction = Double(k) / Double(frames - 1)
        let span = to - from
        if span.isFinite { return from + span * fraction }
        return 2 * (from / 2 + (to / 2 - from / 2) * fraction)
    }

    /// How long a frame shows, in GIF's hundredths of a second: at least 2 (viewers show shorter
    /// delays as 10).
    var delay: Int { max(2, Int((100 / framesPerSecond).rounded())) }

    /// Throws when the frames of `size` would hold more than `maximumPixels` together.
    func checkWork(width: Int, height: Int) throws {
        let pixels = frames.multipliedReportingOverflow(by: width * height)
        guard pixels.overflow || pixels.partialValue > Self.maximumPixels else { return }
        throw ValidationError("--frames \(frames) at \(width)x\(height) are \(pixels.overflow ? "too many" : String(pixels.partialValue)) pixels; "
                              + "an animation may have at most \(Self.maximumPixels): take fewer frames or a smaller --size")
    }

    /// The GIF of the animation: the y range of `viewport` (already fixed, or fitted here once over
    /// every frame, so the axes stay still), each frame titled with the parameters' values.
    func gif(of figure: Figure, viewport: Viewport, fitsY: Bool, renderer: GraphRenderer,
             note: (String) -> Void) throws -> [UInt8] {
        var frames = AnimationFrames(self, figure: figure, viewport: viewport, fitsY: fitsY, renderer: renderer)
        var gif: AnimatedGIF?
        for k in 0..<self.frames {
            let image = frames.image(k)
            if gif == nil { gif = try AnimatedGIF(width: image.width, height: image.height, delay: delay, palette: image.palette) }
            try gif?.append(image)
        }
        frames.noteCoarseSampling(note)
        guard let gif else { throw PlotError.encoding("the animation has no frames") }
        return try gif.finish()
    }
}

/// The frames of a `PlotAnimation`, drawn one at a time: for the GIF in order, for playing in the
/// terminal as the sweep reaches them. Frame k is the figure with the parameter at its value in
/// frame k, so every kind of curve moves.
struct AnimationFrames {
    let animation: PlotAnimation
    let figure: Figure
    /// The view of every frame: y fitted once over them all when asked.
    let viewport: Viewport
    private var renderer: GraphRenderer
    /// The widest column of coarse samples in a frame drawn so far; 0 when none was coarse.
    private var coarsest = 0

    init(_ animation: PlotAnimation, figure: Figure, viewport: Viewport, fitsY: Bool, renderer: GraphRenderer) {
        self.animation = animation
        self.figure = figure
        self.renderer = renderer
        self.viewport = fitsY ? Self.fitted(viewport, over: animation, of: figure) : viewport
    }

    /// `viewport` with y fitted once to every frame's curves: y(x) curves by their values, the
    /// other kinds with equal scales on the axes, as a still figure is fitted.
    private static func fitted(_ viewport: Viewport, over animation: PlotAnimation, of figure: Figure) -> Viewport {
        let frames = (0..<animation.frames).map { figure.binding(animation.name, to: animation.value(atFrame: $0)) }
        return Figure.fitting(viewport, to: frames.flatMap(\.items))
    }

    /// Frame `k`, titled with the parameters' values.
    mutating func image(_ k: Int) -> IndexedImage {
        let frame = figure.binding(animation.name, to: animation.value(atFrame: k))
        renderer.style.title = frame.title
        let picture = renderer.draw(frame, in: viewport)
        if picture.samples.contains(where: \.isCoarse) { coarsest = max(coarsest, picture.samples.map(\.widestColumn).max() ?? 1) }
        return picture.image
    }

    /// Says once, through `note`, that long expressions were sampled more coarsely, when they were.
    func noteCoarseSampling(_ note: (String) -> Void) {
        guard coarsest > 0 else { return }
        note("gcview: note: long expressions are sampled more coarsely, to bound the work"
             + (coarsest > 1 ? " (columns up to \(coarsest) pixels wide)" : ""))
    }
}
