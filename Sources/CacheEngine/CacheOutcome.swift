/// An entry the cache has just evicted, to be reported once the lock is released.
struct _Eviction {
    let key: AnyObject
    let object: AnyObject
    let reason: EvictionReason
}

/// What a locked operation leaves to do after unlocking: tell the delegate and the
/// observer about evictions, and release the keys and objects it took out.
///
/// Releasing happens when the outcome is destroyed, which is after the lock is released,
/// so a `deinit` that uses the cache cannot deadlock. The first eviction is stored inline,
/// so the common case (one eviction per store) allocates nothing, and the outcome is
/// noncopyable, so it moves out of the lock without retaining its contents again.
struct _Outcome: ~Copyable, @unchecked Sendable {
    private(set) var firstEviction: _Eviction?
    private(set) var moreEvictions: [_Eviction] = []
    /// The answer of a lookup that had to check discarded content.
    var found: AnyObject?
    var releasedKey: AnyObject?
    var releasedObject: AnyObject?
    var releasedNodes: [_CacheNode] = []
    var delegate: (any CacheDelegate)?
    var observer: (@Sendable (AnyObject, AnyObject, EvictionReason) -> Void)?

    var hasEvictions: Bool { firstEviction != nil }

    mutating func append(_ eviction: _Eviction) {
        if firstEviction == nil {
            firstEviction = eviction
        } else {
            moreEvictions.append(eviction)
        }
    }

    func forEachEviction(_ body: (_Eviction) -> Void) {
        guard let firstEviction else { return }
        body(firstEviction)
        moreEvictions.forEach(body)
    }
}

/// The answer of a locked lookup.
enum _Lookup: @unchecked Sendable {
    case miss
    case hit(AnyObject)
    /// The entry holds a ``DiscardableContent`` object that must be asked, outside the
    /// lock, whether its content is gone before the lookup counts as a hit.
    case checkDiscarded(AnyObject)
    /// A hit in a cache whose ``_CacheState/evictsAfterHit`` test hook is on: the caller
    /// returns the object and evicts its entry at once (``_CacheState/evictAfterHit(_:object:)``).
    case hitThenEvict(AnyObject)
}
