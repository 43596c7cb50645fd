// SessionCache: the contract is in Exercises/SessionCache/README.md.
// Check your work with:  cachetutor check exercises/SessionCache.swift
import Foundation

/// Names one cached value: whose it is, what it is, and which revision of it.
final class SessionKey: NSObject {
    let account: String
    let resource: String
    let revision: Int

    init(account: String, resource: String, revision: Int) {
        self.account = account
        self.resource = resource
        self.revision = revision
        super.init()
    }

    // TODO (1): override isEqual(_:) and hash. Two keys are equal when account, resource
    //           and revision are all equal, compared field by field; equal keys must have
    //           equal hashes. Until then NSObject compares keys by identity, so a key
    //           built afresh for a lookup never finds anything.
}

/// Per-account data in front of a slow fetcher, emptied on sign-out.
final class SessionCache {
    private let fetcher: (SessionKey, @escaping (NSData?) -> Void) -> Void

    // TODO (2): keep the data in an NSCache<SessionKey, NSData>, and nowhere else.

    init(fetcher: @escaping (SessionKey, @escaping (NSData?) -> Void) -> Void) {
        self.fetcher = fetcher
    }

    /// Which session we are in; every signOut() raises it by one.
    var generation: Int {
        // TODO (6): return the current generation (guard it: loads read it from other threads).
        return 0
    }

    /// The data stored under a key equal to `key`, or nil.
    func data(for key: SessionKey) -> NSData? {
        // TODO (3): look the key up in the cache; never fetch here.
        // TODO (4): hand out nothing a caller could change inside the cache.
        return nil
    }

    /// Stores `data` under `key`.
    func store(_ data: NSData, for key: SessionKey) {
        // TODO (4): store a snapshot: the caller may pass an NSMutableData and change it later.
    }

    /// Completes with the data for `key`, fetching it only when the cache misses.
    func load(_ key: SessionKey, completion: @escaping (NSData?) -> Void) {
        // TODO (5): on a hit, complete with the cached data and return at once; on a miss,
        //           call fetcher(key) once, store a non-nil result (a snapshot), then
        //           complete exactly once with it (or with nil).
        // TODO (6): note the generation before fetching; if signOut() ran before the data
        //           arrives, store nothing and complete with nil.
        completion(nil)
    }

    /// Ends the session: nothing cached so far may be served, and no load that started
    /// before now may write.
    func signOut() {
        // TODO (6): raise the generation by one and clear the cache, both under one lock.
    }
}
