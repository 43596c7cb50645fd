import CacheEngine
import Foundation
import Testing

@Suite("Statistics and event log") struct InstrumentationTests {
    @Test func countersFollowTheOperations() {
        let cache = Cache<NSString, Item>()
        cache.countLimit = 2
        cache.setObject(Item("a"), forKey: "a", cost: 4)
        cache.setObject(Item("b"), forKey: "b", cost: 6)
        cache.setObject(Item("b2"), forKey: "b", cost: 8)
        _ = cache.object(forKey: "a")
        _ = cache.object(forKey: "zzz")
        cache.setObject(Item("c"), forKey: "c", cost: 1)
        cache.removeObject(forKey: "c")
        let statistics = cache.statistics
        #expect(statistics.inserts == 3 && statistics.updates == 1)
        #expect(statistics.hits == 1 && statistics.misses == 1)
        #expect(statistics.hitRatio == 0.5)
        #expect(statistics.evictions == [.count: 1, .cost: 0, .pressure: 0, .discarded: 0])
        #expect(statistics.removals == 1)
        #expect(statistics.peakCount == 2 && statistics.peakCost == 12)
        #expect(statistics.currentCount == 1 && statistics.currentCost == 4)
        #expect(statistics.insertCosts == [4, 6, 8, 1])
    }

    @Test func insertCostsAreBounded() {
        let cache = Cache<NSString, Item>()
        let total = CacheStatistics.insertCostCapacity + 10
        for index in 0..<total { cache.setObject(Item("x"), forKey: "x", cost: index) }
        let statistics = cache.statistics
        #expect(statistics.insertCosts.count == CacheStatistics.insertCostCapacity)
        #expect(statistics.insertCosts.first == 10 && statistics.insertCosts.last == total - 1)
        #expect(statistics.insertCostsRecorded == total)
    }

    @Test func eventLogRecordsKeysCostsAndOrder() {
        let cache = Cache<NSString, Item>()
        cache.enableEventLog(capacity: 100)
        cache.countLimit = 1
        let first = Item("a")
        cache.setObject(first, forKey: "a.png", cost: 64 * 48 * 4)
        _ = cache.object(forKey: "a.png")
        cache.setObject(Item("b"), forKey: "b.png", cost: 7)
        _ = cache.object(forKey: "a.png")
        let events = cache.events
        #expect(events.map(\.kind) == [.insert, .hit, .insert, .evict(.count), .miss])
        #expect(events.map(\.key) == ["a.png", "a.png", "b.png", "a.png", "a.png"])
        #expect(events[0].cost == 12_288 && events[0].object == ObjectIdentifier(first))
        #expect(events.map(\.sequence) == Array(1...5))
        #expect(events[3].description == #"#4 evict(count) "a.png" cost 12288"#)
    }

    @Test func eventLogIsBoundedAndOffByDefault() {
        let cache = Cache<NSString, Item>()
        cache.setObject(Item("a"), forKey: "a")
        #expect(cache.events.isEmpty)
        cache.enableEventLog(capacity: 3)
        for index in 0..<10 { _ = cache.object(forKey: key(index)) }
        #expect(cache.events.map(\.sequence) == [8, 9, 10])
    }

    @Test func eventLogDoesNotKeepObjectsAlive() {
        let cache = Cache<NSString, Item>()
        cache.enableEventLog(capacity: 10)
        weak var weakItem: Item?
        do {
            let item = Item("a")
            weakItem = item
            cache.setObject(item, forKey: "a")
            _ = cache.object(forKey: "a")
        }
        cache.removeObject(forKey: "a")
        #expect(weakItem == nil)
        #expect(cache.events.count == 3)
    }

    @Test func resetClearsCountersAndKeepsSequencing() {
        let cache = Cache<NSString, Item>()
        cache.enableEventLog(capacity: 10)
        cache.setObject(Item("a"), forKey: "a", cost: 5)
        cache.setObject(Item("b"), forKey: "b", cost: 5)
        _ = cache.object(forKey: "a")
        cache.removeObject(forKey: "b")
        cache.resetStatistics()
        let statistics = cache.statistics
        #expect(statistics.hits == 0 && statistics.inserts == 0 && statistics.insertCosts.isEmpty)
        #expect(statistics.peakCount == 1 && statistics.peakCost == 5)
        #expect(cache.events.isEmpty)
        _ = cache.object(forKey: "a")
        #expect(cache.events.map(\.sequence) == [5])
    }

    @Test func plainObjectKeysAreDescribedByTypeAndAddress() {
        let cache = Cache<Item, Item>()
        cache.enableEventLog(capacity: 4)
        cache.setObject(Item("v"), forKey: Item("k"))
        #expect(cache.events.first?.key?.hasPrefix("Item@0x") == true)
    }
}
