import CacheEngine
import Foundation
import Testing

@Suite("Memory pressure") struct PressureTests {
    @Test func moderatePressureEvictsAboutHalfTheCost() {
        let cache = Cache<NSString, Item>()
        for index in 0..<10 { cache.setObject(Item("\(index)"), forKey: key(index), cost: 100) }
        cache.simulateMemoryPressure(.moderate)
        #expect(cache.totalCost == 500)
        #expect(names(cache) == ["5", "6", "7", "8", "9"], "in LRU order")
        #expect(cache.statistics.evictions[.pressure] == 5)
    }

    @Test func moderatePressureWithoutCostsHalvesTheCount() {
        let cache = Cache<NSString, Item>()
        for index in 0..<9 { cache.setObject(Item("\(index)"), forKey: key(index)) }
        cache.simulateMemoryPressure(.moderate)
        #expect(cache.count == 4)
    }

    @Test func criticalPressureEvictsEverything() {
        let cache = Cache<NSString, Item>(policy: .fifo)
        let delegate = RecordingDelegate()
        cache.delegate = delegate
        for index in 0..<6 { cache.setObject(Item("\(index)"), forKey: key(index), cost: index) }
        cache.simulateMemoryPressure(.critical)
        #expect(cache.count == 0 && cache.totalCost == 0)
        #expect(delegate.evicted == ["0", "1", "2", "3", "4", "5"])
        #expect(cache.statistics.evictions[.pressure] == 6)
    }

    @Test func pressureOnAnEmptyCacheDoesNothing() {
        let cache = Cache<NSString, Item>()
        cache.simulateMemoryPressure(.moderate)
        cache.simulateMemoryPressure(.critical)
        #expect(cache.count == 0 && cache.statistics.totalEvictions == 0)
    }
}
