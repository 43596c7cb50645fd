import Synchronization

/// Test hooks. Public but underscored, as in swift-collections, rather than `package`,
/// because the grader compiles these sources with `swiftc` outside SwiftPM, where
/// `package` access has no package name to belong to.
extension Cache {
    /// Checks every structural invariant of the storage now (see the list on
    /// `_CacheState._checkInvariants()`), stopping the process if one fails; does nothing
    /// in release builds.
    /// - Complexity: O(n) for up to 512 entries, O(1) above.
    public func _checkInvariants() {
        _state.withLock { $0._checkInvariants() }
    }

    /// When `true`, every hit is followed at once by the eviction of the entry it found
    /// (reason ``EvictionReason/pressure``; the delegate and the observer are told): the
    /// caller gets the object, and the very next lookup of that key misses. Default `false`.
    ///
    /// It makes certain the moment a check-then-act race on the cache needs, an eviction
    /// between two lookups of one key, so a hidden test catches code that looks a hit up
    /// twice on every run instead of by luck:
    ///
    ///     cache._evictsAfterEveryHit = true
    ///     cache.object(forKey: key)   // the stored object
    ///     cache.object(forKey: key)   // nil
    ///
    /// Behind the `Grading` SPI: only code that writes `@_spi(Grading) import CacheEngine`
    /// sees it, which the grader's audit refuses in a learner's file (`@_spi` is a
    /// compiler-internal attribute), so only the hidden tests can turn it on.
    @_spi(Grading) public var _evictsAfterEveryHit: Bool {
        get { _state.withLock { $0.evictsAfterHit } }
        set { _state.withLock { $0.evictsAfterHit = newValue } }
    }

    /// When `true`, every store is followed at once by the eviction of the entry it made
    /// (reason ``EvictionReason/pressure``; the delegate and the observer are told): the
    /// store returns, and the very next lookup of that key misses. Default `false`.
    ///
    /// The other half of ``_evictsAfterEveryHit``: code that stores a result and then looks
    /// the key up again for its answer, instead of passing on the object it holds, is caught
    /// on every run. Behind the `Grading` SPI, like ``_evictsAfterEveryHit``.
    @_spi(Grading) public var _evictsAfterEveryStore: Bool {
        get { _state.withLock { $0.evictsAfterStore } }
        set { _state.withLock { $0.evictsAfterStore = newValue } }
    }

    /// Run before each store (`setObject`), outside the cache's lock and before the store
    /// takes it, on the storing thread; `nil` (the default) runs nothing.
    ///
    /// It lets a hidden test act at the one moment a race needs: between a learner's
    /// check ("is this load still wanted?") and the write that follows. The hook may call
    /// anything, the cache included (a store from inside it runs the hook again):
    ///
    ///     cache._beforeEveryStore = { signOutOnAnotherThread() }
    ///
    /// Behind the `Grading` SPI, like ``_evictsAfterEveryHit``.
    @_spi(Grading) public var _beforeEveryStore: (@Sendable () -> Void)? {
        get { _state.withLock { $0.beforeStore } }
        set {
            if newValue != nil { _gradingHooksEverSet.store(true, ordering: .relaxed) }
            _state.withLock { $0.beforeStore = newValue }
        }
    }

    /// Run after each lookup (`object(forKey:)`) that misses, outside the cache's lock and
    /// before the lookup returns, on the looking thread; `nil` (the default) runs nothing.
    ///
    /// The moment between a learner's first look ("not cached") and the look again under
    /// their own lock: a hidden test stores the object there, so the second look finds it
    /// on every run, and what the code does with a hit found that way is tested, not left
    /// to threads meeting by chance:
    ///
    ///     cache._afterEveryMiss = { cache.setObject(image, forKey: key) }
    ///
    /// Behind the `Grading` SPI, like ``_evictsAfterEveryHit``.
    @_spi(Grading) public var _afterEveryMiss: (@Sendable () -> Void)? {
        get { _state.withLock { $0.afterMiss } }
        set {
            if newValue != nil { _gradingHooksEverSet.store(true, ordering: .relaxed) }
            _state.withLock { $0.afterMiss = newValue }
        }
    }
}

/// Whether any cache of the process has ever had ``Cache/_beforeEveryStore`` or
/// ``Cache/_afterEveryMiss`` set, so that a store or a miss in a process that never uses
/// them costs one relaxed atomic load for it.
let _gradingHooksEverSet = Atomic<Bool>(false)
