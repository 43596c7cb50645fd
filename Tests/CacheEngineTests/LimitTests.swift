import CacheEngine
import Foundation
import Testing

@Suite("Limits and costs") struct LimitTests {
    @Test func countLimitIsStrict() {
        let cache = Cache<NSString, Item>()
        cache.countLimit = 3
        for index in 0..<10 {
            cache.setObject(Item("\(index)"), forKey: key(index))
            #expect(cache.count <= 3)
        }
        #expect(names(cache) == ["7", "8", "9"])
        #expect(cache.statistics.evictions[.count] == 7)
    }

    @Test func costLimitIsStrict() {
        let cache = Cache<NSString, Item>()
        cache.totalCostLimit = 100
        for index in 0..<20 {
            cache.setObject(Item("\(index)"), forKey: key(index), cost: 30)
            #expect(cache.totalCost <= 100)
        }
        #expect(cache.count == 3)
        #expect(cache.totalCost == 90)
        #expect(cache.statistics.evictions[.cost] == 17)
        #expect(cache.statistics.evictedCost[.cost] == 17 * 30)
    }

    @Test func zeroMeansNoLimit() {
        let cache = Cache<NSString, Item>()
        #expect(cache.countLimit == 0 && cache.totalCostLimit == 0)
        for index in 0..<1000 { cache.setObject(Item("\(index)"), forKey: key(index), cost: 1_000_000) }
        #expect(cache.count == 1000)
        #expect(cache.totalCost == 1_000_000_000)
        #expect(cache.statistics.totalEvictions == 0)
    }

    @Test func negativeCostsAndLimitsCountAsZero() {
        let cache = Cache<NSString, Item>()
        cache.totalCostLimit = 10
        cache.setObject(Item("a"), forKey: "a", cost: -50)
        #expect(cache.totalCost == 0)
        #expect(cache.entries().first?.cost == 0)
        #expect(cache.statistics.insertCosts == [-50], "statistics keep the cost as given")
        cache.countLimit = -3
        #expect(cache.countLimit == 0)
    }

    @Test func loweringALimitTrimsAtOnce() {
        let cache = Cache<NSString, Item>()
        for index in 0..<10 { cache.setObject(Item("\(index)"), forKey: key(index), cost: 10) }
        cache.countLimit = 4
        #expect(names(cache) == ["6", "7", "8", "9"])
        cache.totalCostLimit = 25
        #expect(names(cache) == ["8", "9"])
        #expect(cache.statistics.evictions[.count] == 6)
        #expect(cache.statistics.evictions[.cost] == 2)
    }

    @Test func theEntryJustStoredIsNotTheVictim() {
        for policy in [EvictionPolicy.lru, .fifo, .random(seed: 3)] {
            let cache = Cache<NSString, Item>(policy: policy)
            cache.countLimit = 2
            for index in 0..<50 {
                cache.setObject(Item("\(index)"), forKey: key(index))
                #expect(cache.peekObject(forKey: key(index))?.name == "\(index)", "\(policy)")
            }
        }
    }

    @Test func updatingTheOldestEntryUnderFIFOKeepsIt() {
        let cache = Cache<NSString, Item>(policy: .fifo)
        cache.totalCostLimit = 100
        cache.setObject(Item("a"), forKey: "a", cost: 40)
        cache.setObject(Item("b"), forKey: "b", cost: 40)
        cache.setObject(Item("a2"), forKey: "a", cost: 70)
        #expect(names(cache) == ["a2"], "b goes, although a is first in line, because a was just stored")
    }

    @Test func oversizeObjectIsAdmittedAloneByDefault() {
        let cache = Cache<NSString, Item>()
        cache.totalCostLimit = 100
        cache.setObject(Item("small"), forKey: "small", cost: 10)
        cache.setObject(Item("huge"), forKey: "huge", cost: 500)
        #expect(names(cache) == ["huge"])
        #expect(cache.totalCost == 500)
        cache.setObject(Item("next"), forKey: "next", cost: 10)
        #expect(names(cache) == ["next"], "the next store evicts the oversize entry")
    }

    @Test func oversizeObjectIsRefusedUnderReject() {
        let cache = Cache<NSString, Item>()
        cache.totalCostLimit = 100
        cache.oversizeAdmission = .reject
        cache.setObject(Item("small"), forKey: "small", cost: 10)
        cache.setObject(Item("old"), forKey: "huge", cost: 10)
        cache.setObject(Item("huge"), forKey: "huge", cost: 500)
        #expect(names(cache) == ["small"], "refused, and the stale object under that key is gone")
        #expect(cache.statistics.rejections == 1)
        #expect(cache.statistics.removals == 1)
        #expect(cache.statistics.totalEvictions == 0)
    }

    @Test func replacingAdjustsTheTotalCost() {
        let cache = Cache<NSString, Item>()
        cache.setObject(Item("a"), forKey: "a", cost: 10)
        cache.setObject(Item("b"), forKey: "a", cost: 25)
        #expect(cache.count == 1 && cache.totalCost == 25)
        cache.removeObject(forKey: "a")
        #expect(cache.count == 0 && cache.totalCost == 0)
    }
}
