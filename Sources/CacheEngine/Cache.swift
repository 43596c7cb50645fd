import Foundation
import Synchronization

/// A thread-safe, in-memory key–object cache with the API of Foundation's `NSCache`,
/// built to teach with and to grade against.
///
/// Code written for `NSCache` compiles against it unchanged (the learner prelude declares
/// `typealias NSCache = CacheEngine.Cache`):
///
/// ```swift
/// let thumbnails = Cache<NSString, Image>()
/// thumbnails.totalCostLimit = 20 * 1024 * 1024
/// thumbnails.setObject(image, forKey: "cat.png", cost: 640 * 480 * 4)
/// let again = thumbnails.object(forKey: "cat.png")   // the identical object
/// ```
///
/// ## Keys
/// `NSObject` keys compare with `isEqual(_:)` and hash with `hash`, so a fresh `NSString`
/// with the same characters finds the entry; any other object compares by identity. Keys
/// are retained, never copied. A key must not change its hash while stored.
///
/// ## Limits and eviction
/// ``countLimit`` and ``totalCostLimit`` are 0 (no limit) by default and are strict:
/// after every operation `count <= countLimit` and `totalCost <= totalCostLimit`, with one
/// exception: an object whose cost alone exceeds ``totalCostLimit`` is stored alone when
/// ``oversizeAdmission`` is ``OversizeAdmission/admitAlone`` (the default). Setting a limit
/// trims at once. The entry a store has just written is never the one evicted to make
/// room for it. Which entry goes first is the ``policy``: LRU (default), FIFO, seeded
/// random, or ``EvictionPolicy/foundation``, which reproduces Foundation's order on Linux
/// and with it Foundation's looser rules (see there). Negative costs count as 0.
///
/// ## Threads and callbacks
/// Every operation takes one `Mutex` (Synchronization). The ``delegate`` and the
/// ``evictionObserver`` are called after the lock is released, on the thread whose call
/// caused the eviction, before the cache releases the evicted object; evicted and replaced
/// objects are released outside the lock too. So callbacks and `deinit`s may use the
/// cache freely. The one piece of outside code that runs under the lock is
/// `isEqual(_:)` of `NSObject` keys.
///
/// ## Differences from Foundation's NSCache on Linux
/// Foundation inserts in O(n), evicts the cheapest entry first (often the one just
/// stored), trims only on the next store, has no memory pressure, ignores discardable
/// content, and calls its delegate under its lock (a delegate that uses the cache
/// deadlocks). This engine does none of that unless asked: ``EvictionPolicy/foundation``
/// reproduces Foundation's order and trimming (in O(log n)), never its lock. It counts
/// what it does: see ``statistics`` and ``enableEventLog(capacity:)``.
///
/// ## Subclassing
/// The class is `open` so that code subclassing `NSCache` to add helpers compiles; its
/// members are not overridable, so the invariants above hold for every subclass.
///
/// - Complexity: ``object(forKey:)``, ``setObject(_:forKey:cost:)`` and
///   ``removeObject(forKey:)`` are O(1) amortised at any size (plus the evictions they
///   cause, each O(1)); nothing is allocated per operation once the storage has grown.
///   Under ``EvictionPolicy/foundation`` stores, removals and evictions are O(log n).
open class Cache<KeyType: AnyObject, ObjectType: AnyObject>: @unchecked Sendable {
    /// The only stored property, so that every `Cache<K, V>` has the same layout (a
    /// subclass only adds after it); see
    /// ``CacheDelegate/cache(_:willEvictObject:)``.
    let _state: _SanitizedMutex<_CacheState>

    /// Creates an empty cache with no limits that evicts least recently used first (the
    /// harness may change that default for a whole test run: ``EvictionPolicy/defaultForNewCaches``).
    public convenience init() {
        self.init(policy: .defaultForNewCaches)
    }

    /// Creates an empty cache with no limits that evicts according to `policy`.
    public init(policy: EvictionPolicy) {
        _state = _SanitizedMutex(_CacheState(policy: policy))
        CacheTracking.register(self)
    }

    deinit {
        CacheTracking.retire(self) { _state.withLock { $0.statistics } }
    }

    /// A name for the cache, for people reading logs; the cache never uses it. Default `""`.
    public var name: String {
        get { _state.withLock { $0.name } }
        set { _state.withLock { $0.name = newValue } }
    }

    /// The most entries the cache holds; 0 (the default) means no limit, negative values
    /// count as 0.
    ///
    /// Setting a lower limit evicts at once (reason ``EvictionReason/count``), in policy order.
    /// - Complexity: O(1) plus O(1) per eviction.
    public var countLimit: Int {
        get { _state.withLock { $0.countLimit } }
        set { _deliver(_state.withLock { $0.setCountLimit(newValue) }) }
    }

    /// The most total cost the cache holds; 0 (the default) means no limit, negative
    /// values count as 0.
    ///
    /// Setting a lower limit evicts at once (reason ``EvictionReason/cost``), in policy
    /// order, including an entry that was admitted alone over the old limit.
    /// - Complexity: O(1) plus O(1) per eviction.
    public var totalCostLimit: Int {
        get { _state.withLock { $0.totalCostLimit } }
        set { _deliver(_state.withLock { $0.setTotalCostLimit(newValue) }) }
    }

    /// Told before each eviction; held weakly, like `NSCache.delegate`.
    ///
    /// See ``CacheDelegate`` for when it is called and what it may do.
    public var delegate: (any CacheDelegate)? {
        get { _state.withLock { _Unchecked(value: $0.delegate) }.value }
        set {
            let box = _Unchecked(value: newValue)
            _state.withLock { $0.delegate = box.value }
        }
    }

    /// Whether objects adopting ``DiscardableContent`` are evicted once their content is
    /// discarded. Default `true` (Apple's documented default).
    ///
    /// See ``DiscardableContent`` for when the cache checks.
    public var evictsObjectsWithDiscardedContent: Bool {
        get { _state.withLock { $0.evictsObjectsWithDiscardedContent } }
        set { _state.withLock { $0.evictsObjectsWithDiscardedContent = newValue } }
    }

    /// Which entry is evicted first; default ``EvictionPolicy/lru``.
    ///
    /// Changing it keeps the entries and their current queue order; choosing
    /// ``EvictionPolicy/random(seed:)`` restarts the generator from the seed. Leaving
    /// ``EvictionPolicy/foundation`` for a strict policy evicts at once whatever a limit
    /// change left over the limits.
    /// - Complexity: O(1), O(n) when switching to the random policy (it indexes the
    ///   entries for uniform choice), O(n log n) when switching to the foundation policy
    ///   (it orders them by cost).
    public var policy: EvictionPolicy {
        get { _state.withLock { $0.policy } }
        set { _deliver(_state.withLock { $0.switchPolicy(to: newValue) }) }
    }

    /// What a store does with an object whose cost alone exceeds ``totalCostLimit``;
    /// default ``OversizeAdmission/admitAlone``.
    public var oversizeAdmission: OversizeAdmission {
        get { _state.withLock { $0.oversizeAdmission } }
        set { _state.withLock { $0.oversizeAdmission = newValue } }
    }

    /// Called with the key, the object and the reason of every eviction, right after the
    /// delegate and like it outside the lock; the playground draws evictions with it.
    public var evictionObserver: (@Sendable (AnyObject, AnyObject, EvictionReason) -> Void)? {
        get { _state.withLock { $0.evictionObserver } }
        set { _state.withLock { $0.evictionObserver = newValue } }
    }

    /// The number of entries.
    /// - Complexity: O(1).
    public var count: Int {
        _state.withLock { $0.count }
    }

    /// The sum of the entries' costs (each clamped to 0 or more).
    /// - Complexity: O(1).
    public var totalCost: Int {
        _state.withLock { $0.totalCost }
    }

    /// The object stored under `key`, or `nil`.
    ///
    /// Counts a hit or a miss; under ``EvictionPolicy/lru`` a hit makes the entry the most
    /// recently used. A ``DiscardableContent`` object whose content is gone is evicted
    /// (reason ``EvictionReason/discarded``) and counts as a miss when
    /// ``evictsObjectsWithDiscardedContent`` is `true`.
    /// - Complexity: O(1) on average.
    public func object(forKey key: KeyType) -> ObjectType? {
        let probe = _CacheKey(key)
        switch _state.withLock({ $0.lookup(probe) }) {
        case .miss:
            if _gradingHooksEverSet.load(ordering: .relaxed), let hook = _state.withLock({ $0.afterMiss }) { hook() }
            return nil
        case .hit(let object):
            return Self._cast(object)
        case .hitThenEvict(let object):
            let found = _Unchecked(value: object)
            _deliver(_state.withLock { $0.evictAfterHit(probe, object: found.value) })
            return Self._cast(object)
        case .checkDiscarded(let object):
            let discarded = (object as? any DiscardableContent)?.isContentDiscarded() ?? false
            let candidate = _Unchecked(value: object)
            let outcome = _state.withLock {
                $0.finishLookup(probe, object: candidate.value, discarded: discarded)
            }
            let found = outcome.found
            _deliver(outcome)
            return found.flatMap(Self._cast)
        }
    }

    /// Stores `obj` under `key` with cost 0.
    /// - Complexity: O(1) amortised.
    public func setObject(_ obj: ObjectType, forKey key: KeyType) {
        setObject(obj, forKey: key, cost: 0)
    }

    /// Stores `obj` under `key`, replacing any object stored under an equal key, and evicts
    /// other entries until the limits hold.
    ///
    /// `g` is the cost against ``totalCostLimit`` (for an image, typically its byte size:
    /// width × height × 4); negative values count as 0. Replacing keeps the original key
    /// object. An object whose cost alone exceeds the limit is stored alone or refused,
    /// per ``oversizeAdmission``. The stored entry itself is never evicted by this call,
    /// except under ``EvictionPolicy/foundation``, which evicts in Foundation's order
    /// whatever was just stored.
    /// - Complexity: O(1) amortised, plus O(1) per eviction; O(log n) each under
    ///   ``EvictionPolicy/foundation``.
    public func setObject(_ obj: ObjectType, forKey key: KeyType, cost g: Int) {
        // One atomic load when no cache of the process has the grading hook set.
        if _gradingHooksEverSet.load(ordering: .relaxed), let hook = _state.withLock({ $0.beforeStore }) { hook() }
        let probe = _CacheKey(key)
        let object = _Unchecked(value: obj as AnyObject)
        var evictsNow = false
        _deliver(_state.withLock { state in
            evictsNow = state.evictsAfterStore
            return state.store(probe, object: object.value, cost: g)
        })
        if evictsNow { _deliver(_state.withLock { $0.evictAfterHit(probe, object: object.value) }) }
    }

    /// Removes the entry stored under `key`, if any. Not an eviction: the delegate is not told.
    /// - Complexity: O(1) on average.
    public func removeObject(forKey key: KeyType) {
        let probe = _CacheKey(key)
        _deliver(_state.withLock { $0.remove(probe) })
    }

    /// Removes every entry. Not an eviction: the delegate is not told.
    /// - Complexity: O(n) to release the entries (outside the lock).
    public func removeAllObjects() {
        _deliver(_state.withLock { $0.removeAll() })
    }

    /// The object stored under `key`, without counting a lookup, refreshing its LRU place
    /// or checking discarded content; for tests and the playground.
    /// - Complexity: O(1) on average.
    public func peekObject(forKey key: KeyType) -> ObjectType? {
        let probe = _CacheKey(key)
        let found = _state.withLock { _Unchecked(value: $0.peek(probe)) }.value
        return found.flatMap(Self._cast)
    }

    /// `object` as `ObjectType`; `nil` only for an object of another type stored through
    /// the type-erased view a delegate receives.
    @inline(__always)
    static func _cast(_ object: AnyObject) -> ObjectType? {
        if ObjectIdentifier(type(of: object)) == ObjectIdentifier(ObjectType.self) {
            return unsafeDowncast(object, to: ObjectType.self)
        }
        return object as? ObjectType
    }
}
