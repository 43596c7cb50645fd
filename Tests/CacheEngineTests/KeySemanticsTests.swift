import CacheEngine
import Foundation
import Testing

/// A key class outside NSObject whose instances all hash alike, to prove identity keys
/// never collide however their `Hashable` conformance behaves.
private final class ConstantHashKey: Hashable {
    static func == (lhs: ConstantHashKey, rhs: ConstantHashKey) -> Bool { true }
    func hash(into hasher: inout Hasher) { hasher.combine(7) }
}

/// An NSObject subclass that is equal by `id`, like a model object used as a key.
private final class RecordID: NSObject {
    let id: Int
    init(_ id: Int) { self.id = id }
    override func isEqual(_ object: Any?) -> Bool { (object as? RecordID)?.id == id }
    override var hash: Int { id.hashValue }
}

/// An NSObject subclass with a deliberately constant hash but distinct identities.
private final class CollidingKey: NSObject {
    override var hash: Int { 42 }
}

private final class Box {
    let value: Int
    init(_ value: Int) { self.value = value }
}

@Suite("Key semantics") struct KeySemanticsTests {
    @Test func freshEqualStringKeysHit() {
        let cache = Cache<NSString, Box>()
        let stored = Box(1)
        cache.setObject(stored, forKey: NSString(string: "cat.png"))
        #expect(cache.object(forKey: NSString(string: "cat.png")) === stored)
        #expect(cache.object(forKey: "cat.png" as NSString) === stored)
        #expect(cache.object(forKey: NSString(string: "cat.PNG")) == nil)
        #expect(cache.object(forKey: NSString(string: "cat.png ")) == nil)
    }

    @Test func equalStringKeyReplacesAndKeepsOneEntry() {
        let cache = Cache<NSString, Box>()
        cache.setObject(Box(1), forKey: NSString(string: "k"))
        let second = Box(2)
        cache.setObject(second, forKey: NSString(string: "k"))
        #expect(cache.count == 1)
        #expect(cache.object(forKey: "k") === second)
        #expect(cache.statistics.updates == 1)
    }

    @Test func plainObjectsWithEqualCustomHashesDoNotCollide() {
        let cache = Cache<ConstantHashKey, Box>()
        let first = ConstantHashKey()
        let second = ConstantHashKey()
        cache.setObject(Box(1), forKey: first)
        cache.setObject(Box(2), forKey: second)
        #expect(cache.count == 2)
        #expect(cache.object(forKey: first)?.value == 1)
        #expect(cache.object(forKey: second)?.value == 2)
        #expect(cache.object(forKey: ConstantHashKey()) == nil)
    }

    @Test func nsObjectSubclassKeysCompareByIsEqual() {
        let cache = Cache<RecordID, Box>()
        cache.setObject(Box(7), forKey: RecordID(7))
        #expect(cache.object(forKey: RecordID(7))?.value == 7)
        #expect(cache.object(forKey: RecordID(8)) == nil)
    }

    @Test func nsObjectsWithEqualHashesButNotEqualStayApart() {
        let cache = Cache<CollidingKey, Box>()
        let keys = (0..<50).map { _ in CollidingKey() }
        for (index, key) in keys.enumerated() { cache.setObject(Box(index), forKey: key) }
        #expect(cache.count == 50)
        for (index, key) in keys.enumerated() { #expect(cache.object(forKey: key)?.value == index) }
        cache.removeObject(forKey: keys[10])
        #expect(cache.object(forKey: keys[10]) == nil)
        #expect(cache.object(forKey: keys[11])?.value == 11)
    }

    @Test func keysAreRetainedNotCopied() {
        let cache = Cache<NSMutableString, Box>()
        weak var weakKey: NSMutableString?
        do {
            let key = NSMutableString(string: "draft")
            weakKey = key
            cache.setObject(Box(1), forKey: key)
        }
        #expect(weakKey != nil, "the cache keeps the key alive")
        #expect(cache.entries().first?.key === weakKey)
        cache.removeAllObjects()
        #expect(weakKey == nil, "and lets it go when the entry goes")
    }

    @Test func mixedKeysInAnErasedCache() {
        let cache = Cache<AnyObject, Box>()
        let plain = Box(0)
        cache.setObject(Box(1), forKey: NSString(string: "a"))
        cache.setObject(Box(2), forKey: plain)
        cache.setObject(Box(3), forKey: NSNumber(value: 5))
        #expect(cache.object(forKey: NSString(string: "a"))?.value == 1)
        #expect(cache.object(forKey: plain)?.value == 2)
        #expect(cache.object(forKey: NSNumber(value: 5))?.value == 3)
        #expect(cache.object(forKey: Box(0)) == nil)
    }

    @Test func manyKeysSurviveTableGrowthAndRemoval() {
        let cache = Cache<NSNumber, Box>()
        for index in 0..<3000 { cache.setObject(Box(index), forKey: NSNumber(value: index)) }
        for index in stride(from: 0, to: 3000, by: 2) { cache.removeObject(forKey: NSNumber(value: index)) }
        #expect(cache.count == 1500)
        for index in 0..<3000 {
            let found = cache.object(forKey: NSNumber(value: index))?.value
            #expect(found == (index % 2 == 0 ? nil : index))
        }
    }
}
