import CacheEngine
import Foundation
import Testing

@Suite("Foundation policy") struct FoundationPolicyTests {
    private func cache(count: Int = 0, cost: Int = 0) -> (Cache<NSString, Item>, RecordingDelegate) {
        let cache = Cache<NSString, Item>(policy: .foundation)
        let delegate = RecordingDelegate()
        cache.delegate = delegate
        cache.countLimit = count
        cache.totalCostLimit = cost
        return (cache, delegate)
    }

    @Test func aFullCountLimitEvictsTheEntryJustStored() {
        let (cache, delegate) = cache(count: 2)
        for name in ["a", "b", "c"] { cache.setObject(Item(name), forKey: name as NSString, cost: 1) }
        #expect(delegate.evicted == ["c"])
        #expect(names(cache) == ["b", "a"])
    }

    @Test func theCheapestGoesFirstWhateverItsAge() {
        let (cache, delegate) = cache(cost: 10)
        cache.setObject(Item("cheap"), forKey: "cheap", cost: 1)
        cache.setObject(Item("dear"), forKey: "dear", cost: 6)
        cache.setObject(Item("middle"), forKey: "middle", cost: 4)
        #expect(delegate.evicted == ["cheap"])
        #expect(names(cache) == ["middle", "dear"])
    }

    @Test func freeEntriesGoFirstEvenThoughTheyFreeNoCost() {
        let (cache, delegate) = cache(cost: 10)
        cache.setObject(Item("free"), forKey: "free")
        cache.setObject(Item("a"), forKey: "a", cost: 6)
        cache.setObject(Item("b"), forKey: "b", cost: 6)
        #expect(delegate.evicted == ["free", "b"])
    }

    @Test func readsRefreshNothing() {
        let (cache, delegate) = cache(count: 2)
        cache.setObject(Item("a"), forKey: "a", cost: 1)
        cache.setObject(Item("b"), forKey: "b", cost: 1)
        _ = cache.object(forKey: "a")
        #expect(names(cache) == ["b", "a"])
        cache.setObject(Item("c"), forKey: "c", cost: 2)
        #expect(delegate.evicted == ["b"])
    }

    @Test func aNewCostRefilesAnEntryAsTheNewestOfThatCost() {
        let (cache, _) = cache()
        cache.setObject(Item("a"), forKey: "a", cost: 1)
        cache.setObject(Item("b"), forKey: "b", cost: 2)
        cache.setObject(Item("c"), forKey: "c", cost: 2)
        cache.setObject(Item("a2"), forKey: "a", cost: 2)
        #expect(names(cache) == ["a2", "c", "b"])
        cache.setObject(Item("b2"), forKey: "b", cost: 2)
        #expect(names(cache) == ["a2", "c", "b2"], "the same cost keeps the entry's place")
    }

    @Test func changingALimitTrimsNothingUntilTheNextStore() {
        let (cache, delegate) = cache()
        for name in ["a", "b", "c"] { cache.setObject(Item(name), forKey: name as NSString, cost: 1) }
        cache.countLimit = 1
        #expect(cache.count == 3 && delegate.evicted.isEmpty)
        cache.setObject(Item("d"), forKey: "d", cost: 5)
        #expect(delegate.evicted == ["c", "b", "a"])
    }

    @Test func anObjectDearerThanTheLimitEmptiesTheCacheItselfIncluded() {
        let (cache, delegate) = cache(cost: 10)
        cache.setObject(Item("a"), forKey: "a", cost: 3)
        cache.setObject(Item("huge"), forKey: "huge", cost: 11)
        #expect(delegate.evicted == ["a", "huge"])
        #expect(cache.count == 0)
    }

    @Test func leavingForAStrictPolicyTrimsWhatALimitChangeLeft() {
        let (cache, delegate) = cache()
        for name in ["a", "b", "c"] { cache.setObject(Item(name), forKey: name as NSString, cost: 1) }
        cache.countLimit = 2
        cache.policy = .fifo
        #expect(delegate.evicted == ["a"])
        #expect(cache.count == 2)
    }

    @Test func enteringThePolicyOrdersTheEntriesByCost() {
        let cache = Cache<NSString, Item>(policy: .lru)
        cache.setObject(Item("dear"), forKey: "dear", cost: 9)
        cache.setObject(Item("cheap"), forKey: "cheap", cost: 1)
        cache.setObject(Item("cheap2"), forKey: "cheap2", cost: 1)
        cache.policy = .foundation
        #expect(names(cache) == ["cheap2", "cheap", "dear"])
        cache.removeObject(forKey: "cheap2")
        #expect(names(cache) == ["cheap", "dear"])
    }

    @Test func pressureEvictsInTheSameOrder() {
        let (cache, delegate) = cache()
        cache.setObject(Item("b"), forKey: "b", cost: 2)
        cache.setObject(Item("a"), forKey: "a", cost: 1)
        cache.setObject(Item("c"), forKey: "c", cost: 2)
        cache.simulateMemoryPressure(.critical)
        #expect(delegate.evicted == ["a", "c", "b"])
    }

    @Test func manyEntriesKeepTheHeapSound() {
        let cache = Cache<NSString, Item>(policy: .foundation)
        cache.totalCostLimit = 2_000
        for index in 0..<600 {
            cache.setObject(Item("\(index)"), forKey: key(index % 300), cost: (index * 7) % 13)
            if index % 5 == 0 { cache.removeObject(forKey: key(index / 2)) }
        }
        cache._checkInvariants()
        let costs = cache.entries().map(\.cost)
        #expect(costs == costs.sorted())
    }
}
