import Foundation

/// The seeds a randomised property test runs: `count` consecutive seeds starting at
/// `GCVIEW_PROPERTY_SEED` (default 1). CI always checks the same cases, so a run fails only
/// for a change in the code; `scripts/fuzz properties` sweeps fresh seeds to look for new ones.
package enum SeedSweep {
    /// The first seed: `GCVIEW_PROPERTY_SEED`, else 1.
    package static var start: UInt64 {
        ProcessInfo.processInfo.environment["GCVIEW_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 1
    }

    /// How many times `GCVIEW_PROPERTY_SCALE` asks for each test's own count (default 1).
    package static var scale: Int {
        ProcessInfo.processInfo.environment["GCVIEW_PROPERTY_SCALE"].flatMap { Int($0) }.map { max(1, $0) } ?? 1
    }

    /// Calls `body` with each seed of the sweep, `count` (times the scale) of them.
    package static func forEach(_ count: Int, _ body: (UInt64) throws -> Void) rethrows {
        let first = start
        for offset in 0..<UInt64(count * scale) { try body(first &+ offset) }
    }
}
