/// A small, fast, seedable random number generator (SplitMix64): the same seed gives the same
/// sequence, so randomised tests and fuzzers replay exactly.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) { state = seed }

    /// A generator whose sequence is fixed by `seed`, taken bit for bit.
    package init(seed: Int) { state = UInt64(truncatingIfNeeded: seed) }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `chance`.
    package mutating func chance(_ chance: Double) -> Bool { Double.random(in: 0..<1, using: &self) < chance }

    /// One element of a non-empty array.
    package mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}
