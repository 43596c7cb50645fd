import CacheEngine
import Foundation
import Synchronization
import Testing

/// Content that can be thrown away while nobody is using it, like `NSPurgeableData`.
final class Purgeable: DiscardableContent, CustomStringConvertible, @unchecked Sendable {
    let name: String
    private let state = Mutex((accesses: 0, discarded: false))

    init(_ name: String) {
        self.name = name
    }

    var description: String { name }

    func beginContentAccess() -> Bool {
        state.withLock { state in
            guard !state.discarded else { return false }
            state.accesses += 1
            return true
        }
    }

    func endContentAccess() {
        state.withLock { $0.accesses -= 1 }
    }

    func discardContentIfPossible() {
        state.withLock { state in
            if state.accesses == 0 { state.discarded = true }
        }
    }

    func isContentDiscarded() -> Bool {
        state.withLock { $0.discarded }
    }
}

@Suite("Discardable content") struct DiscardableContentTests {
    @Test func discardedObjectIsEvictedOnAccess() {
        let cache = Cache<NSString, Purgeable>()
        #expect(cache.evictsObjectsWithDiscardedContent)
        let data = Purgeable("a")
        cache.setObject(data, forKey: "a")
        #expect(cache.object(forKey: "a") === data)
        data.discardContentIfPossible()
        #expect(cache.object(forKey: "a") == nil)
        #expect(cache.count == 0)
        let statistics = cache.statistics
        #expect(statistics.hits == 1 && statistics.misses == 1)
        #expect(statistics.evictions[.discarded] == 1)
    }

    @Test func discardedObjectStaysWhenTheCacheDoesNotEvictThem() {
        let cache = Cache<NSString, Purgeable>()
        cache.evictsObjectsWithDiscardedContent = false
        let data = Purgeable("a")
        cache.setObject(data, forKey: "a")
        data.discardContentIfPossible()
        #expect(cache.object(forKey: "a") === data)
        cache.simulateMemoryPressure(.moderate)
        #expect(cache.statistics.evictions[.discarded] == 0)
    }

    @Test func pressureDiscardsIdleContentAndEvictsIt() {
        let cache = Cache<NSString, Purgeable>()
        let delegate = RecordingDelegate()
        cache.delegate = delegate
        let busy = Purgeable("busy")
        let idle = Purgeable("idle")
        #expect(busy.beginContentAccess())
        cache.setObject(Purgeable("old"), forKey: "old", cost: 80)
        cache.setObject(busy, forKey: "busy", cost: 10)
        cache.setObject(idle, forKey: "idle", cost: 10)
        cache.simulateMemoryPressure(.moderate)
        #expect(idle.isContentDiscarded())
        #expect(!busy.isContentDiscarded())
        #expect(cache.peekObject(forKey: "idle") == nil)
        #expect(cache.peekObject(forKey: "busy") === busy)
        #expect(cache.statistics.evictions[.discarded] == 2, "idle and old were idle")
        #expect(delegate.evicted.sorted() == ["idle", "old"])
        #expect(cache.totalCost == 10)
        busy.endContentAccess()
    }

    @Test func mixingDiscardableAndPlainObjectsInOneCache() {
        let cache = Cache<NSString, AnyObject>()
        let data = Purgeable("d")
        cache.setObject(Item("plain"), forKey: "p")
        cache.setObject(data, forKey: "d")
        data.discardContentIfPossible()
        #expect(cache.object(forKey: "d") == nil)
        #expect((cache.object(forKey: "p") as? Item)?.name == "plain")
    }
}
