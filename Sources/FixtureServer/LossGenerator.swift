import Synchronization

/// Decides which connections a lossy profile drops, from a seeded generator, so that a
/// run with the same seed drops the same connections (the n-th connection to send a
/// request gets the n-th number).
final class LossGenerator: Sendable {
    private let state: Mutex<SplitMix64>
    private let percent: Double

    init(seed: UInt64, percent: Double) {
        state = Mutex(SplitMix64(seed: seed))
        self.percent = percent
    }

    /// Whether to drop the next connection.
    func dropsNext() -> Bool {
        let draw = state.withLock { $0.nextUnit() }
        return draw * 100 < percent
    }
}

/// SplitMix64 (Steele, Lea and Flood 2014): small, fast and the same on every platform.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<1 with 53 random bits.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
