import Foundation

/// The delegate of a ``Cache``, shaped like Foundation's `NSCacheDelegate`.
///
/// Code written for `NSCacheDelegate` compiles against this protocol unchanged (the
/// learner prelude declares `typealias NSCacheDelegate = CacheDelegate`), and code written
/// for this protocol compiles against `NSCacheDelegate` on Apple platforms and in
/// swift-corelibs-foundation: like theirs it refines `NSObjectProtocol`, so a delegate is
/// an `NSObject` subclass.
///
/// ```swift
/// final class EvictionCounter: NSObject, CacheDelegate {
///     var evicted = 0
///     func cache(_ cache: Cache<AnyObject, AnyObject>, willEvictObject obj: Any) {
///         evicted += 1
///     }
/// }
/// ```
///
/// Like the Objective-C optional method, ``cache(_:willEvictObject:)`` has a default that
/// does nothing, so a conforming class may leave it out (corelibs' default is internal to
/// Foundation, so code meant to compile there too implements the method).
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
/// - The cache holds it weakly, as corelibs does (Apple's `NSCache` holds it `assign`:
///   unretained and not zeroed, so there a delegate must outlive the cache's use of it).
public protocol CacheDelegate: NSObjectProtocol {
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
