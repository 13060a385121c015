import Raster
import Terminal

/// A playback's next picture rendered ahead (issue 23, item 4): while one frame is on screen, the
/// next is sampled, rasterized and encoded on a `RenderWorker`, so the loop that reads keys never
/// waits behind a render. Each job carries a tag (the controller's frame count on the playback's
/// clock), so the controller moves the playback to a frame only once its picture is ready. A pane
/// takes the bytes when the picture it must show is the one rendered; any other picture (a key
/// changed what is shown) is rendered at once, as without a worker, and the job is dropped.
final class FramesAhead {
    /// What a job renders: a picture and the cell size it is encoded for.
    private struct Frame: Equatable {
        var content: PictureContent
        var cell: PixelSize
    }

    private var worker: RenderWorker<[UInt8]>?
    /// The job rendering ahead, what it renders, and its tag.
    private var ahead: (job: Int, frame: Frame, tag: Int)?
    private var jobs = 0
    /// How many frames were taken from the worker: for tests and `gcview bench`.
    private(set) var framesTaken = 0

    /// Lets frames be rendered ahead, with label glyphs from `glyphs` (made once, on the worker).
    func enable(glyphs: @escaping @Sendable () -> (any GlyphSource)?) {
        worker = RenderWorker(glyphs: glyphs)
    }

    /// Whether a worker renders frames ahead.
    var isEnabled: Bool { worker != nil }

    /// Starts rendering `content` in cells of `cell` pixels as `presenter` sends it whole (the bytes
    /// that draw it at its rect, replacing the last picture), unless it is being rendered already.
    func start(_ content: PictureContent, cell: PixelSize, presenter: GraphPresenter, theme: Theme, tag: Int) {
        let frame = Frame(content: content, cell: cell)
        guard let worker, ahead?.frame != frame || ahead?.tag != tag else { return }
        jobs += 1
        ahead = (jobs, frame, tag)
        let backend = presenter.backend, withPopover = content.hasPopover && presenter.abilities.drawsPixels
        worker.start(job: jobs) { glyphs in
            let renderer = backend.renderer(theme: theme, cell: cell) { glyphs }
            let image = GraphOverlay.picture(of: content, in: content.viewport, renderer: renderer, withPopover: withPopover)
            return Result { () throws(ImageEncodingError) in
                try InlineImage(backend: backend, cellSize: cell).bytes(for: image, atColumn: content.rect.column, row: content.rect.row)
            }
        }
    }

    /// The tag of the job rendering ahead and whether it is ready; nil when there is none (none
    /// started, or its picture was taken or dropped).
    var job: (tag: Int, isReady: Bool)? {
        guard let ahead, let worker else { return nil }
        return (ahead.tag, worker.hasFinished(ahead.job))
    }

    /// Drops the job rendering ahead (the playback stopped or started again): its result is never taken.
    func drop() {
        ahead = nil
    }

    /// The bytes of `content` when they were rendered ahead and are ready, taken once; nil otherwise.
    /// A job for another picture is dropped.
    func take(_ content: PictureContent, cell: PixelSize) -> Result<[UInt8], ImageEncodingError>? {
        guard let ahead, let worker else { return nil }
        self.ahead = nil
        guard ahead.frame == Frame(content: content, cell: cell), let result = worker.take(ahead.job) else { return nil }
        framesTaken += 1
        return result
    }
}
