@_spi(Grading) import CacheEngine
import Foundation

/// The exercise's API as the hidden tests see it. The adapter compiled with the learner's
/// file maps `SessionKey` and `SessionCache` onto it, so the tests (a separate module)
/// never name a type of the submission. Keys travel as `NSObject`: every key a test hands
/// in was made by ``makeKey(account:resource:revision:)``, so it is a `SessionKey`.
public protocol SessionCacheSubject: AnyObject {
    /// A fresh `SessionCache(fetcher:)`.
    init(fetcher: @escaping (NSObject, @escaping (NSData?) -> Void) -> Void)
    /// The learner's `SessionCache` instance itself, for reflection.
    var instance: AnyObject { get }

    /// A new `SessionKey(account:resource:revision:)`; every call makes a new object.
    static func makeKey(account: String, resource: String, revision: Int) -> NSObject
    /// The three fields of a `SessionKey`, or nil for any other object.
    static func fields(of key: AnyObject) -> (account: String, resource: String, revision: Int)?
    /// `value` seen through an ``EngineView`` when it is the engine's
    /// `NSCache<SessionKey, NSData>`, nil otherwise.
    static func engineView(of value: Any) -> EngineView?

    /// `data(for:)`.
    func data(for key: NSObject) -> NSData?
    /// `store(_:for:)`.
    func store(_ data: NSData, for key: NSObject)
    /// `load(_:completion:)`.
    func load(_ key: NSObject, completion: @escaping (NSData?) -> Void)
    /// `signOut()`.
    func signOut()
    /// `generation`.
    var generation: Int { get }
}

/// The learner's `NSCache<SessionKey, NSData>` (the course engine), seen without its key
/// type, which only the learner's module can name.
public struct EngineView {
    /// The cache object itself.
    public let object: AnyObject
    private let readEntries: () -> [(key: AnyObject, data: NSData)]
    private let readCount: () -> Int
    private let applyPressure: (MemoryPressure) -> Void
    private let applyPolicy: (EvictionPolicy) -> Void
    private let applyCountLimit: (Int) -> Void
    private let applyCostLimit: (Int) -> Void
    private let applyBeforeEveryStore: ((@Sendable () -> Void)?) -> Void
    private let applyEvictsAfterEveryHit: (Bool) -> Void

    public init<Key: AnyObject>(_ cache: Cache<Key, NSData>) {
        object = cache
        readEntries = { cache.entries().map { (key: $0.key as AnyObject, data: $0.object) } }
        readCount = { cache.count }
        applyPressure = { cache.simulateMemoryPressure($0) }
        applyPolicy = { cache.policy = $0 }
        applyCountLimit = { cache.countLimit = $0 }
        applyCostLimit = { cache.totalCostLimit = $0 }
        applyBeforeEveryStore = { cache._beforeEveryStore = $0 }
        applyEvictsAfterEveryHit = { cache._evictsAfterEveryHit = $0 }
    }

    /// Every entry, keys as stored (never copied), without counting a lookup.
    var entries: [(key: AnyObject, data: NSData)] { readEntries() }
    var count: Int { readCount() }
    func simulateMemoryPressure(_ level: MemoryPressure) { applyPressure(level) }
    func setPolicy(_ policy: EvictionPolicy) { applyPolicy(policy) }
    /// Runs `hook` before every store into the cache, outside its lock (the engine's
    /// grading hook); nil stops it.
    func beforeEveryStore(_ hook: (@Sendable () -> Void)?) { applyBeforeEveryStore(hook) }
    /// Makes every hit evict its entry right after returning it (the engine's grading
    /// hook), so that the moment between two lookups of one key is certain.
    func evictsAfterEveryHit(_ on: Bool) { applyEvictsAfterEveryHit(on) }
    func setLimits(count: Int, cost: Int) {
        applyCostLimit(cost)
        applyCountLimit(count)
    }

    /// Whether some entry holds exactly these bytes.
    func holds(_ bytes: Data) -> Bool {
        entries.contains { Data(referencing: $0.data) == bytes }
    }
}
