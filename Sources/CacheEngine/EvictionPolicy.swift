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
    /// The order of Foundation's `NSCache` on Linux (swift-corelibs-foundation): the
    /// cheapest entry first and, among equal costs, the most recently stored first.
    ///
    /// It mirrors corelibs in everything that decides which entry goes: reads refresh
    /// nothing; storing an existing key at the same cost keeps its place, at a new cost
    /// files it as the newest of that cost; the cache trims only when an object is stored
    /// (changing a limit evicts nothing until the next store); and that store may evict
    /// the object it has just stored (with a full ``Cache/countLimit`` and equal costs it
    /// is the first to go; an object dearer than the cost limit empties the cache, itself
    /// included). Limits are therefore not strict under this policy between a limit
    /// change and the next store.
    ///
    /// - Complexity: O(log n) per store, removal and eviction (a binary heap ordered by
    ///   cost, then by store order); reads stay O(1). Corelibs itself keeps a sorted list
    ///   and inserts in O(n).
    case foundation

    /// The policy as the playground writes it: `lru`, `fifo`, `random(seed: N)` or
    /// `foundation`.
    public var description: String {
        switch self {
        case .lru: "lru"
        case .fifo: "fifo"
        case .random(let seed): "random(seed: \(seed))"
        case .foundation: "foundation"
        }
    }
}
