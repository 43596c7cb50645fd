import CacheEngine
import Dispatch
import Foundation
import Testing

@Suite("Concurrency") struct ConcurrencyTests {
    /// Several threads store, read, remove, change limits and raise pressure at once;
    /// afterwards every invariant holds and the counters add up.
    @Test(arguments: [EvictionPolicy.lru, .fifo, .random(seed: 11)])
    func stressMixedOperations(policy: EvictionPolicy) {
        let cache = Cache<NSString, Item>(policy: policy)
        cache.countLimit = 64
        cache.totalCostLimit = 4_000
        let delegate = RecordingDelegate()
        cache.delegate = delegate
        let names = (0..<200).map(String.init)
        let threads = 4
        let operations = 3_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var state = UInt64(thread + 1) &* 0x9E37_79B9_7F4A_7C15
            for step in 0..<operations {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let pick = Int(state >> 33)
                let name = names[pick % names.count]
                let key = NSString(string: name)
                switch pick % 20 {
                case 0..<9:
                    if let found = cache.object(forKey: key) { #expect(found.name == name) }
                case 9..<17:
                    cache.setObject(Item(name), forKey: key, cost: pick % 120 - 10)
                case 17:
                    cache.removeObject(forKey: key)
                case 18:
                    if step % 100 == 0 { cache.countLimit = 32 + pick % 64 }
                default:
                    if step % 500 == 0 { cache.simulateMemoryPressure(.moderate) }
                }
            }
        }
        cache._checkInvariants()
        let entries = cache.entries()
        #expect(entries.count == cache.count)
        #expect(entries.count <= cache.countLimit)
        #expect(entries.reduce(0) { $0 + $1.cost } == cache.totalCost)
        #expect(cache.totalCost <= 4_000 || cache.count == 1)
        #expect(entries.allSatisfy { $0.object.name == $0.key as String })
        let statistics = cache.statistics
        #expect(statistics.inserts + statistics.updates + statistics.rejections == statistics.insertCostsRecorded)
        #expect(statistics.inserts - statistics.removals - statistics.totalEvictions == cache.count)
        #expect(delegate.evicted.count == statistics.totalEvictions)
    }
}
