import CacheEngine
import Foundation
import Synchronization
import Testing

/// Conforms without implementing the method, as an `NSCacheDelegate` may.
private final class SilentDelegate: NSObject, CacheDelegate {}

/// Reads from and writes to the cache from inside the callback.
private final class MeddlingDelegate: NSObject, CacheDelegate, @unchecked Sendable {
    let cache: Cache<NSString, Item>
    private(set) var sawEvictedEntry = false
    private(set) var calls = 0

    init(cache: Cache<NSString, Item>) {
        self.cache = cache
    }

    func cache(_ cache: Cache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        calls += 1
        let item = obj as! Item
        sawEvictedEntry = sawEvictedEntry || self.cache.object(forKey: NSString(string: item.name)) != nil
        _ = self.cache.count
        _ = self.cache.entries()
        if !item.name.hasPrefix("echo-") {
            self.cache.setObject(Item("echo-\(item.name)"), forKey: NSString(string: "echo-\(item.name)"))
        }
        _ = cache.object(forKey: NSString(string: "0"))
    }
}

/// Notes whether the object it is told about is still alive, through a weak reference.
private final class WitnessDelegate: NSObject, CacheDelegate {
    weak var watched: Item?
    private(set) var wasAliveInCallback = false

    func cache(_ cache: Cache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        wasAliveInCallback = watched != nil && (obj as AnyObject) === watched
    }
}

@Suite("Delegate and observer") struct DelegateTests {
    @Test func toldBeforeEachEvictionWithTheEvictedObject() {
        let cache = Cache<NSString, Item>()
        let delegate = RecordingDelegate()
        cache.delegate = delegate
        cache.countLimit = 2
        for index in 0..<5 { cache.setObject(Item("\(index)"), forKey: key(index)) }
        #expect(delegate.evicted == ["0", "1", "2"])
        #expect(delegate.lastCache === cache, "the delegate receives the evicting cache itself")
    }

    @Test func notToldAboutRemovalsOrReplacements() {
        let cache = Cache<NSString, Item>()
        let delegate = RecordingDelegate()
        cache.delegate = delegate
        cache.setObject(Item("a"), forKey: "a")
        cache.setObject(Item("a2"), forKey: "a")
        cache.setObject(Item("b"), forKey: "b")
        cache.removeObject(forKey: "b")
        cache.removeAllObjects()
        #expect(delegate.evicted.isEmpty)
        #expect(cache.statistics.removals == 2)
    }

    @Test func delegateIsWeak() {
        let cache = Cache<NSString, Item>()
        do {
            let delegate = RecordingDelegate()
            cache.delegate = delegate
            #expect(cache.delegate != nil)
        }
        #expect(cache.delegate == nil)
        cache.countLimit = 1
        cache.setObject(Item("a"), forKey: "a")
        cache.setObject(Item("b"), forKey: "b")
        #expect(names(cache) == ["b"])
    }

    @Test func delegateMayOmitTheMethod() {
        let cache = Cache<NSString, Item>()
        let delegate = SilentDelegate()
        cache.delegate = delegate
        cache.countLimit = 1
        cache.setObject(Item("a"), forKey: "a")
        cache.setObject(Item("b"), forKey: "b")
        #expect(cache.count == 1)
    }

    @Test func delegateThatUsesTheCacheDoesNotDeadlock() {
        let cache = Cache<NSString, Item>()
        let delegate = MeddlingDelegate(cache: cache)
        cache.delegate = delegate
        cache.countLimit = 3
        for index in 0..<6 { cache.setObject(Item("\(index)"), forKey: key(index)) }
        cache.simulateMemoryPressure(.critical)
        #expect(delegate.calls > 3)
        #expect(!delegate.sawEvictedEntry, "the entry has left the cache when the delegate hears of it")
        #expect(cache.count <= 3)
        cache._checkInvariants()
    }

    @Test func evictedObjectIsAliveInTheCallbackAndReleasedAfter() {
        let cache = Cache<NSString, Item>()
        let delegate = WitnessDelegate()
        cache.delegate = delegate
        cache.countLimit = 1
        do {
            let first = Item("first")
            delegate.watched = first
            cache.setObject(first, forKey: "first")
        }
        cache.setObject(Item("second"), forKey: "second")
        #expect(delegate.wasAliveInCallback)
        #expect(delegate.watched == nil, "the cache keeps no reference to an evicted object")
    }

    @Test func observerHearsEveryEvictionWithItsReason() {
        let cache = Cache<NSString, Item>()
        let heard = Mutex<[String]>([])
        cache.evictionObserver = { key, object, reason in
            heard.withLock { $0.append("\(key):\((object as! Item).name):\(reason.rawValue)") }
        }
        cache.countLimit = 2
        cache.totalCostLimit = 100
        cache.setObject(Item("a"), forKey: "a", cost: 10)
        cache.setObject(Item("b"), forKey: "b", cost: 10)
        cache.setObject(Item("c"), forKey: "c", cost: 10)
        cache.setObject(Item("d"), forKey: "d", cost: 95)
        cache.simulateMemoryPressure(.critical)
        #expect(heard.withLock { $0 } == ["a:a:count", "b:b:cost", "c:c:cost", "d:d:pressure"])
    }
}
