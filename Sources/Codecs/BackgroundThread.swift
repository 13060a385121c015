#if canImport(Glibc)
import Glibc
#endif

/// A value worked out on a POSIX thread of its own while the caller goes on; `take()` waits for
/// it and hands it over. For work of a fraction of a millisecond beside the caller's own (the
/// first half of a large sixel picture's bands), where a thread costs tens of microseconds and
/// Swift's task pool far more (its threads start on first use).
///
/// The C calls are `pthread_create(3)` and `pthread_join(3)`. Where no thread can be made, or
/// the platform is not Glibc's, the work runs on the caller's thread instead, in `take()`.
package final class BackgroundThread<Value: Sendable>: @unchecked Sendable {
    // Unchecked: the thread writes `outcome` before it ends, and the owner reads it only after
    // `pthread_join` has returned, which orders the two. The thread holds the outcome, not
    // `self`, so the owner alone ever joins it.
    private let outcome: Outcome<Value>
    private let work: @Sendable () -> Value
    #if canImport(Glibc)
    private var thread: pthread_t?
    #endif

    /// Starts `work` on a thread of its own.
    package init(_ work: @escaping @Sendable () -> Value) {
        let outcome = Outcome<Value>()
        self.outcome = outcome
        self.work = work
        #if canImport(Glibc)
        let context = Unmanaged.passRetained(ThreadStart { outcome.value = work() }).toOpaque()
        var thread = pthread_t()
        if pthread_create(&thread, nil, runThreadStart, context) == 0 {
            self.thread = thread
        } else {
            Unmanaged<ThreadStart>.fromOpaque(context).release()
        }
        #endif
    }

    /// The value, once the thread has worked it out (at once if it already has), handed over:
    /// kept nowhere else, so an array taken is not copied on its first write. Taken again, it is
    /// worked out again, on the caller's thread. Only its owner takes it, one call at a time.
    package func take() -> Value {
        #if canImport(Glibc)
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        #endif
        guard let value = outcome.value else { return work() }
        outcome.value = nil
        return value
    }

    deinit {
        #if canImport(Glibc)
        // A value never asked for: the thread is still waited for, never left running.
        if let thread { pthread_join(thread, nil) }
        #endif
    }
}

/// Where the thread leaves its value.
private final class Outcome<Value>: @unchecked Sendable {
    var value: Value?
}

#if canImport(Glibc)
/// What a new thread runs, passed to it through `pthread_create`'s context pointer.
private final class ThreadStart {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// The thread's entry point: takes over the `ThreadStart` retained for it and runs it.
private func runThreadStart(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
#endif
