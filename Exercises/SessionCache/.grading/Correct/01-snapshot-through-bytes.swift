// why: takes its snapshots as [UInt8] and NSData(data:), the memory-safe forms the README names, instead of copy()
import Foundation

/// Names one cached value: whose it is, what it is, and which revision of it.
///
/// Every field is a `let`: NSCache keeps this very object (it never copies keys) and
/// files the entry under the hash it had when stored, so a key must never change.
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

    /// Equal keys must hash alike, so the hash uses exactly the fields `isEqual(_:)`
    /// compares. Hasher keeps the fields apart: ("a|b", "c") and ("a", "b|c") feed it
    /// different input, unlike one joined string.
    override var hash: Int {
        var mixer = Hasher()
        mixer.combine(account)
        mixer.combine(resource)
        mixer.combine(revision)
        return mixer.finalize()
    }

    /// Field by field: no joined string, so no separator can make two keys meet. `as?`
    /// rather than `as!`: NSCache, or anyone, may compare a key with another kind of object.
    override func isEqual(_ object: Any?) -> Bool {
        guard let candidate = object as? SessionKey else { return false }
        return account == candidate.account
            && resource == candidate.resource
            && revision == candidate.revision
    }

    override var description: String {
        "SessionKey(account: \(account), resource: \(resource), revision: \(revision))"
    }
}

/// Per-account data in front of a slow fetcher, emptied on sign-out.
final class SessionCache {
    /// The only home of the data. NSCache is thread-safe on its own.
    private let entries = NSCache<SessionKey, NSData>()
    private let fetcher: (SessionKey, @escaping (NSData?) -> Void) -> Void

    /// Guards `currentGeneration`, and makes "is this load still wanted? then write" one
    /// step that a sign-out cannot cut in two.
    private let lock = NSLock()
    private var currentGeneration = 0

    init(fetcher: @escaping (SessionKey, @escaping (NSData?) -> Void) -> Void) {
        self.fetcher = fetcher
    }

    /// Which session we are in; every signOut() moves it on by one.
    var generation: Int {
        lock.withLock { currentGeneration }
    }

    /// The data stored under a key equal to `key`, or nil. It only looks, never fetches.
    func data(for key: SessionKey) -> NSData? {
        entries.object(forKey: key)
    }

    /// Stores a snapshot of `data`: the caller may hand in an NSMutableData and keep
    /// changing it, and the cache must not change with it.
    func store(_ data: NSData, for key: SessionKey) {
        let snapshot = Self.snapshot(of: data)
        entries.setObject(snapshot, forKey: key, cost: snapshot.length)
    }

    /// Completes with the cached data on a hit; on a miss fetches once and stores the
    /// result, unless the session it was asked for has ended by the time it arrives.
    func load(_ key: SessionKey, completion: @escaping (NSData?) -> Void) {
        if let cached = data(for: key) {
            completion(cached)
            return
        }
        // Read before the fetch starts: the generation this load belongs to.
        let startedIn = generation
        fetcher(key) { [self] fetched in
            let kept: NSData? = lock.withLock {
                // A sign-out happened meanwhile: this result belongs to an ended session.
                // Drop it, and hand the waiting caller nil rather than someone's old data.
                guard let fetched, currentGeneration == startedIn else { return nil }
                let snapshot = Self.snapshot(of: fetched)
                entries.setObject(snapshot, forKey: key, cost: snapshot.length)
                return snapshot
            }
            // Outside the lock: the caller's completion may well use this cache again.
            completion(kept)
        }
    }

    /// Ends the session: later results of loads started before now are dropped, and
    /// nothing cached so far can be served. Both happen under the lock that every late
    /// write checks, so no write can land between the two.
    func signOut() {
        lock.withLock {
            currentGeneration += 1
            entries.removeAllObjects()
        }
    }

    /// An immutable copy of `data`. `copy()` of an NSMutableData is a new immutable
    /// NSData; of an NSData it is the same object, which nobody can change anyway. So the
    /// cache never shares a mutable object with a caller, in either direction.
    /// A copy through Swift's Data: `[UInt8]` of the bytes, then `NSData(data:)`, the
    /// memory-safe forms the README suggests.
    private static func snapshot(of data: NSData) -> NSData {
        let bytes = [UInt8](Data(referencing: data))
        return NSData(data: Data(bytes))
    }
}
