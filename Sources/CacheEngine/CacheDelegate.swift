/// The delegate of a ``Cache``, shaped like Foundation's `NSCacheDelegate`.
///
/// Code written for `NSCacheDelegate` compiles against this protocol unchanged (the
/// learner prelude declares `typealias NSCacheDelegate = CacheDelegate`). Like the
/// Objective-C optional method, ``cache(_:willEvictObject:)`` has a default that does
/// nothing, so a conforming class may leave it out.
///
/// Invariants of the engine toward its delegate:
/// - It is told once before each eviction (``EvictionReason``: count, cost, pressure or
///   discarded), never for ``Cache/removeObject(forKey:)``, ``Cache/removeAllObjects()``
///   or replacing an object: the caller already knows about those. (Foundation on Linux
///   does the same; Apple's documentation also mentions removals.)
/// - It is called on the thread whose call caused the eviction, after the entry has left
///   the cache's storage and the lock has been released, but before the cache lets go
///   of the object. So the callback may read from and store into the cache without
///   deadlocking, and it does not find the evicted entry any more.
/// - The cache holds it weakly.
public protocol CacheDelegate: AnyObject {
    /// Called before `cache` lets go of `obj` because of an eviction.
    ///
    /// `cache` is the evicting cache itself (`===` to the instance you configured), seen
    /// through its type-erased signature the way `NSCache` passes
    /// `NSCache<AnyObject, AnyObject>`. Use it with keys and objects of the cache's real
    /// types; an object of another type stored through this view reads back as a miss.
    func cache(_ cache: Cache<AnyObject, AnyObject>, willEvictObject obj: Any)
}

extension CacheDelegate {
    /// Does nothing, like an unimplemented optional Objective-C method.
    public func cache(_ cache: Cache<AnyObject, AnyObject>, willEvictObject obj: Any) {}
}
