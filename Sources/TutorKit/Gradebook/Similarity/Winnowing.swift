/// Document fingerprints by winnowing (Schleimer, Wilkerson and Aiken, 2003), as MOSS computes them.
///
/// Every run of `k` consecutive tokens is hashed; from each window of `window`
/// consecutive hashes the smallest is kept (the rightmost on ties, once per position).
/// Two documents sharing a run of at least `k + window - 1` tokens are guaranteed to
/// share a fingerprint; runs shorter than `k` are noise and never match.
///
///     let prints = Winnowing(k: 8, window: 6).fingerprints(of: SwiftTokenizer.tokens(of: source))
public struct Winnowing: Sendable {
    /// Tokens per hashed run.
    public var k: Int
    /// Hashes per window.
    public var window: Int

    /// A winnower with the given sizes.
    public init(k: Int = 8, window: Int = 6) {
        precondition(k >= 1 && window >= 1, "k and window must be positive")
        self.k = k
        self.window = window
    }

    /// The set of fingerprints of `tokens`; empty when there are fewer than `k` tokens.
    public func fingerprints(of tokens: [String]) -> Set<UInt64> {
        let hashes = kGramHashes(tokens)
        guard !hashes.isEmpty else { return [] }
        guard hashes.count > window else { return [hashes.min()!] }
        var selected: Set<UInt64> = []
        var lastPosition = -1
        for start in 0 ... hashes.count - window {
            var minimum = start
            for position in start ..< start + window where hashes[position] <= hashes[minimum] { minimum = position }
            if minimum != lastPosition {
                selected.insert(hashes[minimum])
                lastPosition = minimum
            }
        }
        return selected
    }

    /// One hash per run of `k` tokens.
    func kGramHashes(_ tokens: [String]) -> [UInt64] {
        guard tokens.count >= k else { return [] }
        let tokenHashes = tokens.map(Self.fnv1a)
        return (0 ... tokens.count - k).map { start in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for offset in 0 ..< k {
                hash ^= tokenHashes[start + offset]
                hash = hash &* 0x0000_0100_0000_01b3
                hash ^= hash >> 29
            }
            return hash
        }
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
