import CacheEngine
import Foundation
import Testing

@Suite("Eviction policies") struct PolicyTests {
    private func filled(_ policy: EvictionPolicy, count: Int = 5) -> Cache<NSString, Item> {
        let cache = Cache<NSString, Item>(policy: policy)
        for index in 0..<count { cache.setObject(Item("\(index)"), forKey: key(index)) }
        return cache
    }

    @Test func lruIsTheDefault() {
        #expect(Cache<NSString, Item>().policy == .lru)
    }

    @Test func lruEvictsTheLeastRecentlyUsed() {
        let cache = filled(.lru)
        _ = cache.object(forKey: key(0))
        _ = cache.object(forKey: key(2))
        cache.setObject(Item("1b"), forKey: key(1))
        #expect(names(cache) == ["3", "4", "0", "2", "1b"])
        cache.countLimit = 2
        #expect(names(cache) == ["2", "1b"])
    }

    @Test func fifoIgnoresReadsAndReplacements() {
        let cache = filled(.fifo)
        _ = cache.object(forKey: key(0))
        cache.setObject(Item("1b"), forKey: key(1))
        #expect(names(cache) == ["0", "1b", "2", "3", "4"])
        cache.countLimit = 3
        #expect(names(cache) == ["2", "3", "4"])
    }

    @Test func peekAndEntriesDoNotRefresh() {
        let cache = filled(.lru)
        _ = cache.peekObject(forKey: key(0))
        _ = cache.entries()
        #expect(names(cache).first == "0")
        #expect(cache.statistics.hits == 0 && cache.statistics.misses == 0)
    }

    private func survivors(seed: UInt64) -> [String] {
        let cache = Cache<NSString, Item>(policy: .random(seed: seed))
        cache.countLimit = 10
        for index in 0..<100 { cache.setObject(Item("\(index)"), forKey: key(index)) }
        return names(cache).sorted()
    }

    @Test func randomIsDeterministicForASeed() {
        #expect(survivors(seed: 42) == survivors(seed: 42))
        #expect(survivors(seed: 7) == survivors(seed: 7))
    }

    @Test func randomDiffersAcrossSeeds() {
        let outcomes = Set((1...5).map { survivors(seed: UInt64($0)) })
        #expect(outcomes.count > 1)
    }

    @Test func randomEntriesPredictTheEvictionOrder() {
        let cache = filled(.random(seed: 99), count: 20)
        let predicted = names(cache)
        let delegate = RecordingDelegate()
        cache.delegate = delegate
        cache.simulateMemoryPressure(.critical)
        #expect(delegate.evicted == predicted)
        #expect(Set(predicted).count == 20)
    }

    @Test func randomIsNotSimplyInsertionOrder() {
        let cache = filled(.random(seed: 5), count: 20)
        #expect(names(cache) != (0..<20).map(String.init))
    }

    @Test func changingThePolicyKeepsTheEntries() {
        let cache = filled(.fifo)
        cache.policy = .lru
        #expect(names(cache) == ["0", "1", "2", "3", "4"])
        _ = cache.object(forKey: key(0))
        #expect(names(cache).last == "0")
        cache.policy = .random(seed: 1)
        #expect(cache.count == 5)
        #expect(cache.policy == .random(seed: 1))
    }
}
