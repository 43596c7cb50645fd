import CacheEngine
import Foundation

/// `NSCache` in the ImageStore exercise: the course's engine, behind the declaration that
/// Apple and Foundation on Linux give `NSCache`, which is not `Sendable`.
///
/// The engine itself is `@unchecked Sendable` (every member behind one lock), so against it
/// the compiler would let a learner hand the cache out of the actor, which code against
/// Apple's or Linux's `NSCache` may not. Wrapped, the learner's file meets the same Swift 6
/// errors it would on either platform. swift-corelibs-foundation declares exactly this
/// (`@available(*, unavailable) extension NSCache: Sendable`); Apple's declares no conformance.
///
/// Only the members an image cache needs are forwarded; the engine stays internal to the
/// harness, so the learner's file cannot reach the Sendable cache behind it.
public final class UnsendableCache<KeyType: AnyObject, ObjectType: AnyObject> {
    /// The engine the tests inspect.
    let engine = Cache<KeyType, ObjectType>()

    /// An empty cache with no limits.
    public init() {}

    /// The cache's name, for logs; the cache never uses it.
    public var name: String {
        get { engine.name }
        set { engine.name = newValue }
    }

    /// How many objects the cache holds at most; 0 means no limit.
    public var countLimit: Int {
        get { engine.countLimit }
        set { engine.countLimit = newValue }
    }

    /// The total cost the cache holds at most; 0 means no limit.
    public var totalCostLimit: Int {
        get { engine.totalCostLimit }
        set { engine.totalCostLimit = newValue }
    }

    /// The object stored for `key`, or nil.
    public func object(forKey key: KeyType) -> ObjectType? {
        engine.object(forKey: key)
    }

    /// Stores `obj` for `key` at cost 0.
    public func setObject(_ obj: ObjectType, forKey key: KeyType) {
        engine.setObject(obj, forKey: key)
    }

    /// Stores `obj` for `key` at cost `g`.
    public func setObject(_ obj: ObjectType, forKey key: KeyType, cost g: Int) {
        engine.setObject(obj, forKey: key, cost: g)
    }

    /// Removes the object stored for `key`, if any.
    public func removeObject(forKey key: KeyType) {
        engine.removeObject(forKey: key)
    }

    /// Removes every object.
    public func removeAllObjects() {
        engine.removeAllObjects()
    }
}

@available(*, unavailable)
extension UnsendableCache: Sendable {}
