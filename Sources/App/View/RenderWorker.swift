import Raster
import Synchronization
import Terminal

/// Renders and encodes pictures off the main loop, one job at a time, on one task: the next kitty
/// panorama, or the next frames of a playback. Only the latest job counts: a result is taken by
/// its job number, an earlier job's result is dropped when it arrives, and a job started while
/// another runs waits for it (replacing any job already waiting), so jobs never run side by side.
///
/// Because they run one at a time, the jobs share one glyph source, made by the factory given in
/// `init` when the first job needs it (glyph sources are not shared between threads, and a font
/// face takes a while to make).
final class RenderWorker<Output: Sendable>: Sendable {
    /// A job: its output from the worker's glyph source (nil when there is no font).
    typealias Job = @Sendable ((any GlyphSource)?) -> Result<Output, ImageEncodingError>

    private struct State {
        /// The number of the latest job started.
        var latest = 0
        /// The latest job's result once it has finished.
        var finished: Result<Output, ImageEncodingError>?
        /// The job waiting for the one running to finish.
        var waiting: (number: Int, work: Job)?
        /// Whether a job is running.
        var isRunning = false
    }

    private let state = Mutex(State())
    private let glyphs: GlyphKeeper

    /// A worker whose jobs draw labels with glyphs from `makeGlyphs`, called once, by the first job.
    init(glyphs makeGlyphs: @escaping @Sendable () -> (any GlyphSource)?) {
        glyphs = GlyphKeeper(make: makeGlyphs)
    }

    /// Runs `work` on the worker as job number `job`, which replaces any earlier job: one waiting is
    /// dropped, one running finishes first and its result is dropped.
    func start(job: Int, _ work: @escaping Job) {
        let startsNow = state.withLock { state -> Bool in
            state.latest = job
            state.finished = nil
            guard !state.isRunning else {
                state.waiting = (job, work)
                return false
            }
            state.isRunning = true
            return true
        }
        guard startsNow else { return }
        Task.detached(priority: .userInitiated) { [self] in run(job, work) }
    }

    /// Runs `work`, then every job that was started meanwhile, in turn.
    private func run(_ job: Int, _ work: @escaping Job) {
        var next: (number: Int, work: Job)? = (job, work)
        while let current = next {
            let result = current.work(glyphs.source())
            next = state.withLock { state in
                if state.latest == current.number { state.finished = result }
                if let waiting = state.waiting {
                    state.waiting = nil
                    return waiting
                }
                state.isRunning = false
                return nil
            }
        }
    }

    /// Whether job `job` has finished and not been taken.
    func hasFinished(_ job: Int) -> Bool {
        state.withLock { $0.latest == job && $0.finished != nil }
    }

    /// The result of job `job` if it has finished, taken once.
    func take(_ job: Int) -> Result<Output, ImageEncodingError>? {
        state.withLock { state in
            guard state.latest == job, let result = state.finished else { return nil }
            state.finished = nil
            return result
        }
    }
}

/// The worker's glyph source, made on first use. Only the job running touches it, and jobs run one
/// at a time (`RenderWorker`), which is what makes the unchecked conformance sound.
private final class GlyphKeeper: @unchecked Sendable {
    private let make: @Sendable () -> (any GlyphSource)?
    private var made: (any GlyphSource)??

    init(make: @escaping @Sendable () -> (any GlyphSource)?) {
        self.make = make
    }

    /// The glyph source, made the first time.
    func source() -> (any GlyphSource)? {
        if let made { return made }
        let source = make()
        made = .some(source)
        return source
    }
}

/// A kitty panorama's layers, and the bytes transmitting them: what a panorama job gives.
struct PanoramaTransmission: Sendable {
    var bytes: [UInt8]
    var layers: GraphLayers
}
