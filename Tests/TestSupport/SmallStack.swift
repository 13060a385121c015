import Foundation
import Synchronization

/// Runs work on a thread of its own with a small stack, so that code which recursed as deep as
/// its input is long would overflow it (and crash the test run) instead of passing unnoticed on
/// the 8 MiB main thread.
package enum SmallStack {
    /// The stack given to the thread: 512 KiB, a sixteenth of the main thread's.
    package static let defaultSize = 512 * 1024

    /// The value of `body`, computed on a fresh thread with a stack of `size` bytes.
    package static func run<Value: Sendable>(size: Int = defaultSize, _ body: @escaping @Sendable () -> Value) -> Value {
        let result = Outcome<Value>()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            let value = body()
            result.value.withLock { $0 = value }
            finished.signal()
        }
        thread.stackSize = size
        thread.start()
        finished.wait()
        guard let value = result.value.withLock({ $0 }) else { fatalError("the small-stack thread gave no value") }
        return value
    }
}

/// What the thread computed, handed back to the caller.
private final class Outcome<Value: Sendable>: Sendable {
    let value = Mutex<Value?>(nil)
}
