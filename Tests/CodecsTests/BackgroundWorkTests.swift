#if canImport(Glibc)
import Glibc
#endif
import Codecs
import Synchronization
import Testing

@Suite("Work done on a thread of its own")
struct BackgroundWorkTests {
    @Test("A background value is worked out on another thread and handed over whole")
    func valueFromAnotherThread() {
        let caller = pthread_self()
        let work = BackgroundThread { () -> (sum: Int, elsewhere: Bool) in
            ((1...1000).reduce(0, +), pthread_equal(pthread_self(), caller) == 0)
        }
        let value = work.take()
        #expect(value.sum == 500_500)
        #expect(value.elsewhere, "the work ran on the caller's thread")
    }

    @Test("Taken twice, the value is worked out again, here")
    func takenTwice() {
        let caller = pthread_self()
        let work = BackgroundThread { pthread_equal(pthread_self(), caller) != 0 }
        #expect(work.take() == false)
        #expect(work.take() == true)
    }

    @Test("A value never taken is still waited for: its thread ends with its owner")
    func neverTaken() {
        let finished = Flag()
        do {
            _ = BackgroundThread {
                usleep(20_000)
                finished.set()
            }
        }
        #expect(finished.isSet, "the owner went away before its thread had finished")
    }
}

/// A flag one thread sets and another reads.
private final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
