import CacheEngine
import Foundation
import Testing

// Learner code is compiled with these aliases; these tests use the engine through them,
// the way code written for Foundation's NSCache does.
private typealias NSCache = CacheEngine.Cache
private typealias NSCacheDelegate = CacheEngine.CacheDelegate

private final class ImageStore: NSObject, NSCacheDelegate {
    let images = NSCache<NSString, Item>()
    private(set) var evicted: [String] = []

    override init() {
        super.init()
        images.name = "thumbnails"
        images.countLimit = 2
        images.totalCostLimit = 20 * 1024 * 1024
        images.evictsObjectsWithDiscardedContent = true
        images.delegate = self
    }

    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        if let item = obj as? Item { evicted.append(item.name) }
    }
}

/// A subclass that adds helpers, as some NSCache code does.
private final class ThumbnailCache: Cache<NSString, Item> {
    func thumbnail(named name: String) -> Item? {
        object(forKey: name as NSString)
    }
}

/// Stores an object of the wrong type through the type-erased view it is handed.
private final class MisbehavingDelegate: NSObject, CacheDelegate {
    func cache(_ cache: Cache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        cache.setObject(NSNumber(value: 1), forKey: NSString(string: "intruder"))
    }
}

@Suite("NSCache compatibility") struct CompatibilityTests {
    @Test func codeWrittenForNSCacheRuns() {
        let store = ImageStore()
        store.images.setObject(Item("a"), forKey: "a.png", cost: 64 * 64 * 4)
        store.images.setObject(Item("b"), forKey: "b.png")
        store.images.setObject(Item("c"), forKey: "c.png", cost: 1)
        #expect(store.images.name == "thumbnails")
        #expect(store.images.object(forKey: "c.png")?.name == "c")
        #expect(store.evicted == ["a"])
        store.images.removeObject(forKey: "c.png")
        store.images.removeAllObjects()
        #expect(store.images.count == 0)
    }

    @Test func subclassesInheritTheInitialisersAndBehaviour() {
        let cache = ThumbnailCache()
        cache.countLimit = 1
        cache.setObject(Item("x"), forKey: "x")
        cache.setObject(Item("y"), forKey: "y")
        #expect(cache.thumbnail(named: "y")?.name == "y")
        #expect(cache.thumbnail(named: "x") == nil)
        let fifo = ThumbnailCache(policy: .fifo)
        #expect(fifo.policy == .fifo)
    }

    @Test func wrongTypeStoredThroughTheErasedViewReadsAsAMiss() {
        let cache = Cache<NSString, Item>()
        let delegate = MisbehavingDelegate()
        cache.delegate = delegate
        cache.countLimit = 1
        cache.setObject(Item("a"), forKey: "a")
        cache.setObject(Item("b"), forKey: "b")
        #expect(cache.object(forKey: "intruder") == nil)
        #expect(cache.peekObject(forKey: "intruder") == nil)
        #expect(cache.entries().allSatisfy { $0.object.name != "intruder" })
    }
}
