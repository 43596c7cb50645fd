/// Why ``Cache`` evicted an entry; reported to the observer, the statistics and the event log.
///
/// Removals the caller asked for (``Cache/removeObject(forKey:)``,
/// ``Cache/removeAllObjects()``, replacing an object) are not evictions.
public enum EvictionReason: String, Sendable, Hashable, CaseIterable {
    /// ``Cache/countLimit`` was exceeded.
    case count
    /// ``Cache/totalCostLimit`` was exceeded.
    case cost
    /// ``Cache/simulateMemoryPressure(_:)`` asked for room.
    case pressure
    /// The object adopts ``DiscardableContent`` and its content was discarded.
    case discarded
}
