/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64).
///
/// `--shuffle --seed N` must give the same order on every machine and every run, which
/// the system generator cannot promise; this one is a few lines and fully determined by
/// its seed.
///
///     var generator = SplitMix64(seed: 42)
///     [1, 2, 3].shuffled(using: &generator)   // the same order every time
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose whole sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
