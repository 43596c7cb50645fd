/// The SplitMix64 generator (Steele, Lea and Flood 2014): tiny, fast and fully determined
/// by its seed, which is what the ``EvictionPolicy/random(seed:)`` policy needs. Visible to
/// the package so `engine-bench` draws its traces from the same generator.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose whole sequence is fixed by `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` by multiply-high, which avoids the division of `%`.
    package mutating func next(below bound: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }
}
