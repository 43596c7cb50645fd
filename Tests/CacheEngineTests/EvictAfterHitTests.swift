@_spi(Grading) import CacheEngine
import Foundation
import Testing

/// The grading hook that evicts an entry right after a hit has returned it.
@Suite("Evict after every hit (test hook)") struct EvictAfterHitTests {
    @Test func offByDefault() {
        let cache = Cache<NSString, Item>()
        #expect(cache._evictsAfterEveryHit == false)
        let item = Item("kept")
        cache.setObject(item, forKey: "a")
        #expect(cache.object(forKey: "a") === item)
        #expect(cache.object(forKey: "a") === item)
    }

    @Test func aHitReturnsTheObjectAndTheNextLookupMisses() {
        let cache = Cache<NSString, Item>()
        let delegate = RecordingDelegate()
        cache.delegate = delegate
        cache._evictsAfterEveryHit = true
        let item = Item("once")
        cache.setObject(item, forKey: "a")
        cache.setObject(Item("other"), forKey: "b")
        #expect(cache.object(forKey: "a") === item)
        #expect(cache.object(forKey: "a") == nil)
        #expect(cache.count == 1, "only the entry that was hit goes")
        #expect(delegate.evicted == ["once"])
        #expect(cache.statistics.evictions[.pressure] == 1)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1)
    }

    /// Its twin for stores: the store returns, and the entry it made is gone at once.
    @Test func aStoreIsFollowedByTheEvictionOfWhatItStored() {
        let cache = Cache<NSString, Item>()
        let delegate = RecordingDelegate()
        cache.delegate = delegate
        cache.setObject(Item("before"), forKey: "b")
        cache._evictsAfterEveryStore = true
        cache.setObject(Item("gone"), forKey: "a")
        #expect(cache.object(forKey: "a") == nil)
        #expect(cache.peekObject(forKey: "b") != nil, "only the entry just stored goes")
        #expect(delegate.evicted == ["gone"])
        #expect(cache.statistics.evictions[.pressure] == 1)
        cache._evictsAfterEveryStore = false
        cache.setObject(Item("kept"), forKey: "a")
        #expect(cache.peekObject(forKey: "a") != nil)
    }

    @Test func peekingDoesNotEvict() {
        let cache = Cache<NSString, Item>()
        cache._evictsAfterEveryHit = true
        cache.setObject(Item("seen"), forKey: "a")
        #expect(cache.peekObject(forKey: "a") != nil)
        #expect(cache.peekObject(forKey: "a") != nil)
        #expect(cache.count == 1)
    }

    @Test func turningItOffRestoresPlainHits() {
        let cache = Cache<NSString, Item>(policy: .fifo)
        cache._evictsAfterEveryHit = true
        cache._evictsAfterEveryHit = false
        let item = Item("stays")
        cache.setObject(item, forKey: "a")
        #expect(cache.object(forKey: "a") === item)
        #expect(cache.object(forKey: "a") === item)
    }
}

/// The grading hook that runs before every store.
@Suite("Before every store (test hook)") struct BeforeStoreTests {
    @Test func runsBeforeEachStoreOutsideTheLock() {
        let cache = Cache<NSString, Item>()
        let seen = Counter()
        cache._beforeEveryStore = { [cache] in
            // Outside the lock: the cache may be used here.
            seen.add(cache.count)
        }
        cache.setObject(Item("a"), forKey: "a")
        cache.setObject(Item("b"), forKey: "b", cost: 3)
        #expect(seen.values == [0, 1], "each hook saw the cache as it was before that store")
        cache._beforeEveryStore = nil
        cache.setObject(Item("c"), forKey: "c")
        #expect(seen.values == [0, 1])
    }
}

/// The grading hook that runs after every lookup that misses.
@Suite("After every miss (test hook)") struct AfterMissTests {
    @Test func runsAfterEachMissOutsideTheLock() {
        let cache = Cache<NSString, Item>()
        let seen = Counter()
        let late = Item("late")
        cache._afterEveryMiss = { [cache] in
            // Outside the lock: the hook may store what the next lookup finds.
            seen.add(cache.count)
            if cache.count == 0 { cache.setObject(late, forKey: "k") }
        }
        #expect(cache.object(forKey: "k") == nil, "the lookup that missed still answers nil")
        #expect(cache.object(forKey: "k") === late, "the next lookup finds what the hook stored")
        #expect(seen.values == [0], "a hit runs no hook")
        cache._afterEveryMiss = nil
        #expect(cache.object(forKey: "other") == nil)
        #expect(seen.values == [0])
    }
}

/// Values recorded from a hook, under a lock.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Int] = []
    func add(_ value: Int) { lock.withLock { recorded.append(value) } }
    var values: [Int] { lock.withLock { recorded } }
}
