/// A simulated memory-pressure notification for ``Cache/simulateMemoryPressure(_:)``.
///
/// Linux sends processes no memory warnings, so the engine lets tests and the playground
/// raise them on demand.
public enum MemoryPressure: String, Sendable, Hashable, CaseIterable {
    /// Evict entries in eviction order until at most half of the total cost remains
    /// (half of the entries when every cost is 0).
    case moderate
    /// Evict every entry.
    case critical
}
