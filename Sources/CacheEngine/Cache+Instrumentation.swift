/// What the cache can tell about itself: entries, statistics and the event log.
extension Cache {
    /// The entries in the order the policy would evict them if nothing else happened,
    /// next victim first: least recently used first under LRU, oldest first under FIFO,
    /// under random the exact draws the seeded generator would make, and under foundation
    /// the cheapest first, the newest first among equal costs.
    ///
    /// Does not count as a lookup and does not change any entry's place.
    /// - Complexity: O(n), O(n log n) under the foundation policy.
    public func entries() -> [CacheEntry<KeyType, ObjectType>] {
        let raw = _state.withLock { state in
            _Unchecked(
                value: state.evictionOrder().map { slot in
                    let node = state.nodes[Int(slot)]
                    return (key: node.key.unsafelyUnwrapped, object: node.object.unsafelyUnwrapped, cost: node.cost)
                })
        }.value
        return raw.compactMap { entry in
            guard let key = entry.key as? KeyType, let object = Self._cast(entry.object) else { return nil }
            return CacheEntry(key: key, object: object, cost: entry.cost)
        }
    }

    /// A snapshot of the counters: hits, misses, stores, removals, evictions by reason,
    /// current and peak count and cost, and the recent store costs.
    /// - Complexity: O(``CacheStatistics/insertCostCapacity``).
    public var statistics: CacheStatistics {
        _state.withLock { $0.statistics }
    }

    /// Sets every counter to 0, the peaks to the current count and cost, and empties the
    /// event log (sequence numbers keep increasing).
    /// - Complexity: O(1).
    public func resetStatistics() {
        _state.withLock { $0.resetStatistics() }
    }

    /// Starts an empty event log that keeps the most recent `capacity` events; 0 turns
    /// logging off. Logging costs a little per operation, so it is off by default.
    /// - Complexity: O(1).
    public func enableEventLog(capacity: Int) {
        _state.withLock { $0.eventLog = RingBuffer(capacity: capacity) }
    }

    /// The logged events, oldest first, by increasing ``CacheEvent/sequence``.
    /// - Complexity: O(capacity).
    public var events: [CacheEvent] {
        _state.withLock { $0.eventLog.elements }
    }
}
