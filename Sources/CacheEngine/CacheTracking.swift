import Synchronization

/// Every cache made while tracking is on, so a harness can sum up what a whole program did
/// with its caches (`run` inside `cachetutor learn` reports evictions by reason and stores
/// without a cost). Off unless a harness turns it on. Live caches are held weakly; a cache
/// that goes away leaves its final statistics behind.
package enum CacheTracking {
    private struct Ledger {
        var live: [ObjectIdentifier: @Sendable () -> CacheStatistics?] = [:]
        var finished: [CacheStatistics] = []
    }

    private static let isOn = Atomic<Bool>(false)
    private static let ledger = _SanitizedMutex(Ledger())

    /// Starts tracking caches made from now on.
    package static func start() {
        isOn.store(true, ordering: .releasing)
    }

    /// Called by every new cache; a no-op unless tracking is on.
    static func register<Key, Object>(_ cache: Cache<Key, Object>) {
        guard isOn.load(ordering: .acquiring) else { return }
        let id = ObjectIdentifier(cache)
        ledger.withLock { ledger in
            ledger.live[id] = { [weak cache] in cache?.statistics }
        }
    }

    /// Called as a cache goes away, with what it did; a no-op unless tracking is on.
    static func retire<Key, Object>(_ cache: Cache<Key, Object>, statistics: () -> CacheStatistics) {
        guard isOn.load(ordering: .acquiring) else { return }
        let id = ObjectIdentifier(cache)
        let final = statistics()
        ledger.withLock { ledger in
            guard ledger.live.removeValue(forKey: id) != nil else { return }
            ledger.finished.append(final)
        }
    }

    /// The statistics of every tracked cache, those gone first, then those alive.
    package static func statistics() -> [CacheStatistics] {
        let (live, finished) = ledger.withLock { ($0.live, $0.finished) }
        return finished + live.values.compactMap { $0() }
    }
}
