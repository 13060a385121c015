import Synchronization

/// Counts the program steps replayed while it is bound, so tests can measure work, not time.
///
/// `StepCounter.$current.withValue(counter) { … }` counts every step any brain, keypad or
/// program applies inside the closure, on that task only.
final class StepCounter: Sendable {
    /// The counter bound to the current task, if any.
    @TaskLocal static var current: StepCounter?

    private let steps = Atomic<Int>(0)

    /// The steps counted so far.
    var value: Int { steps.load(ordering: .relaxed) }

    /// Counts one step.
    func count() {
        steps.add(1, ordering: .relaxed)
    }
}
