import Raster
import Synchronization
import Terminal

/// Renders and encodes the next kitty panorama off the main loop. Only the latest job counts: a
/// result is taken by its job number, and an earlier job's result is dropped when it arrives.
final class PanoramaWorker: Sendable {
    /// A panorama's layers, and the bytes transmitting them.
    struct Transmission: Sendable {
        var bytes: [UInt8]
        var layers: GraphLayers
    }

    private struct State {
        /// The number of the latest job started.
        var latest = 0
        /// The latest job's result once it has finished: its layers and the bytes transmitting them.
        var finished: Result<Transmission, ImageEncodingError>?
    }

    private let state = Mutex(State())

    /// Runs `work` on another thread as job number `job`, which replaces any earlier job.
    func start(job: Int, _ work: @escaping @Sendable () -> Result<Transmission, ImageEncodingError>) {
        state.withLock { $0 = State(latest: job, finished: nil) }
        Task.detached(priority: .userInitiated) { [self] in
            let bytes = work()
            state.withLock { if $0.latest == job { $0.finished = bytes } }
        }
    }

    /// Whether job `job` has finished and not been taken.
    func hasFinished(_ job: Int) -> Bool {
        state.withLock { $0.latest == job && $0.finished != nil }
    }

    /// The result of job `job` if it has finished, taken once.
    func take(_ job: Int) -> Result<Transmission, ImageEncodingError>? {
        state.withLock { state in
            guard state.latest == job, let result = state.finished else { return nil }
            state.finished = nil
            return result
        }
    }
}
