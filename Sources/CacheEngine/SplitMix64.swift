/// The SplitMix64 generator (Steele, Lea and Flood 2014): tiny, fast and fully determined
/// by its seed, which is what the ``EvictionPolicy/random(seed:)`` policy needs. The one
/// seeded generator of the project: `engine-bench` draws its traces from it, and the quiz
/// shuffles with it, so `--seed N` gives the same order on every machine and every run.
///
///     var generator = SplitMix64(seed: 42)
///     [1, 2, 3].shuffled(using: &generator)   // the same order every time
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose whole sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` by multiply-high, which avoids the division of `%`.
    public mutating func next(below bound: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }
}
