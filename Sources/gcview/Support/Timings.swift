#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Brain

/// Durations per named phase.
struct Timings {
    private var durations: [String: [Duration]] = [:]
    private let clock = ContinuousClock()

    /// Runs `work`, adds its duration to `phase` and returns its result (which a timing alone may drop).
    @discardableResult
    mutating func record<T>(_ phase: String, _ work: () throws -> T) rethrows -> T {
        let start = clock.now
        let result = try work()
        durations[phase, default: []].append(start.duration(to: clock.now))
        return result
    }

    /// The median duration of `phase`, zero if it never ran.
    func median(_ phase: String) -> Duration {
        durations[phase]?.sorted().middle ?? .zero
    }

    /// Milliseconds with three decimals.
    static func format(_ duration: Duration) -> String {
        cFormat("%8.3f ms", milliseconds(duration))
    }

    /// The duration in milliseconds.
    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

extension Array {
    /// The middle element (of a sorted array: the median), nil when empty.
    var middle: Element? { isEmpty ? nil : self[count / 2] }
}
