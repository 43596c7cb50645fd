/// A snapshot of what a ``Cache`` has done since it was created or since
/// ``Cache/resetStatistics()``.
///
/// Invariants: `hits + misses` is the number of ``Cache/object(forKey:)`` calls;
/// `inserts + updates + rejections` is the number of `setObject` calls; `peakCount` and
/// `peakCost` are never below `currentCount` and `currentCost`, which are measured after
/// each operation's evictions (the moment an entry is stored over the limit, before the
/// cache makes room, does not count).
public struct CacheStatistics: Sendable, Hashable {
    /// How many of the most recent store costs ``insertCosts`` keeps.
    public static let insertCostCapacity = 4096

    /// Lookups that found an object.
    public internal(set) var hits = 0
    /// Lookups that found nothing (including a discarded object evicted on access).
    public internal(set) var misses = 0
    /// Stores under a key that was not in the cache.
    public internal(set) var inserts = 0
    /// Stores that replaced the object of a key already in the cache.
    public internal(set) var updates = 0
    /// Stores refused under ``OversizeAdmission/reject``.
    public internal(set) var rejections = 0
    /// Entries removed on request: ``Cache/removeObject(forKey:)``,
    /// ``Cache/removeAllObjects()`` and the old entry of a rejected store.
    public internal(set) var removals = 0
    /// Evictions per reason; every reason is present, 0 when it never happened.
    public internal(set) var evictions: [EvictionReason: Int] = Dictionary(
        uniqueKeysWithValues: EvictionReason.allCases.map { ($0, 0) })
    /// The total cost of the evicted entries per reason.
    public internal(set) var evictedCost: [EvictionReason: Int] = Dictionary(
        uniqueKeysWithValues: EvictionReason.allCases.map { ($0, 0) })
    /// Entries in the cache when the snapshot was taken.
    public internal(set) var currentCount = 0
    /// Total cost in the cache when the snapshot was taken.
    public internal(set) var currentCost = 0
    /// The most entries held at once.
    public internal(set) var peakCount = 0
    /// The highest total cost held at once.
    public internal(set) var peakCost = 0
    /// The cost passed to each `setObject` call (inserts, updates and rejections, as the
    /// caller gave it, before negative costs are clamped), oldest first; only the most
    /// recent ``insertCostCapacity`` are kept. The event log pairs them with their keys.
    public internal(set) var insertCosts: [Int] = []
    /// How many `setObject` costs were recorded in all, including those no longer kept.
    public internal(set) var insertCostsRecorded = 0

    /// Creates empty statistics.
    public init() {}

    /// Evictions for every reason together.
    public var totalEvictions: Int { evictions.values.reduce(0, +) }

    /// `hits / (hits + misses)`, or 0 before the first lookup.
    public var hitRatio: Double {
        let lookups = hits + misses
        return lookups == 0 ? 0 : Double(hits) / Double(lookups)
    }
}
