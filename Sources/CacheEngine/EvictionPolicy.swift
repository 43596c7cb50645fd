/// Which entry a ``Cache`` gives up first when it has to make room.
///
/// The policy only decides the order of evictions; limits, costs and statistics work the
/// same under every policy. Tests that force small limits under each policy show that code
/// using the cache never depends on which entry goes first.
public enum EvictionPolicy: Sendable, Hashable, CustomStringConvertible {
    /// Least recently used first: a hit in ``Cache/object(forKey:)`` or a store moves the
    /// entry to the back of the queue.
    case lru
    /// First in, first out: entries leave in the order they were first stored; reads and
    /// replacing an entry's object do not change its place.
    case fifo
    /// A uniformly random entry, drawn from a SplitMix64 generator started from `seed`.
    ///
    /// The same seed and the same sequence of operations always evict the same entries.
    case random(seed: UInt64)

    /// The policy as the playground writes it: `lru`, `fifo` or `random(seed: N)`.
    public var description: String {
        switch self {
        case .lru: "lru"
        case .fifo: "fifo"
        case .random(let seed): "random(seed: \(seed))"
        }
    }
}
