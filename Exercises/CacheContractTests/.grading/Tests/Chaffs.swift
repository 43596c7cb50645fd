import CacheEngine
import Foundation

/// The buggy session caches, one classic mistake each. A learner's suite catches a chaff
/// when at least one of its tests (one that passes on every correct cache) fails on it.
///
/// Each is the correct `SessionCacheModel` with one hook overridden, so the bug is the only
/// difference a test can see. All run on an NSCache without limits or pressure, so every
/// entry stays: the chaff is at its most visible.
enum Chaff: CaseIterable {
    case crossAccountHit
    case gluedKeyCollision
    case wrongKeyEquality
    case noSnapshot
    case overwriteIgnored
    case emptyValueAsMiss
    case lookupFetches
    case hitStillFetches
    case loadDoesNotStore
    case placeholderCompletion
    case failureCachedAsEmpty
    case clearThatDoesNotClear
    case signOutKeepsEntries
    case signOutClearsEveryone
    case staleWriteAfterSignOut
    case staleReplyDelivered

    /// A fresh buggy cache asking `server`.
    func make(server: FakeServer) -> any SessionCaching {
        let setup = CacheSetup.keepsEverything
        switch self {
        case .crossAccountHit: return CrossAccountHit(server: server, setup: setup)
        case .gluedKeyCollision: return GluedKeyCollision(server: server, setup: setup)
        case .wrongKeyEquality: return WrongKeyEquality(server: server, setup: setup)
        case .noSnapshot: return NoSnapshot(server: server, setup: setup)
        case .overwriteIgnored: return OverwriteIgnored(server: server, setup: setup)
        case .emptyValueAsMiss: return EmptyValueAsMiss(server: server, setup: setup)
        case .lookupFetches: return LookupFetches(server: server, setup: setup)
        case .hitStillFetches: return HitStillFetches(server: server, setup: setup)
        case .loadDoesNotStore: return LoadDoesNotStore(server: server, setup: setup)
        case .placeholderCompletion: return PlaceholderCompletion(server: server, setup: setup)
        case .failureCachedAsEmpty: return FailureCachedAsEmpty(server: server, setup: setup)
        case .clearThatDoesNotClear: return ClearThatDoesNotClear(server: server, setup: setup)
        case .signOutKeepsEntries: return SignOutKeepsEntries(server: server, setup: setup)
        case .signOutClearsEveryone: return SignOutClearsEveryone(server: server, setup: setup)
        case .staleWriteAfterSignOut: return StaleWriteAfterSignOut(server: server, setup: setup)
        case .staleReplyDelivered: return StaleReplyDelivered(server: server, setup: setup)
        }
    }

    /// What the buggy cache does wrong, as the report says it.
    var bug: String {
        switch self {
        case .crossAccountHit:
            "keys its entries by resource alone, so one account's \"balance\" is served to every other account"
        case .gluedKeyCollision:
            "glues account and resource into one string with a \"-\" between them, so (\"mary-ann\", \"inbox\") and (\"mary\", \"ann-inbox\") share one entry"
        case .wrongKeyEquality:
            "uses a key class that defines Swift's == but not isEqual(_:), which is what NSCache compares with, so a key built afresh never equals the stored one and every lookup misses"
        case .noSnapshot:
            "keeps the very NSData object it was given, so a caller who stores an NSMutableData and changes it afterwards changes the cached value too"
        case .overwriteIgnored:
            "only stores into an empty slot, so a second store to the same account and resource is ignored and the old value stays"
        case .emptyValueAsMiss:
            "treats stored empty data as \"nothing cached\": value(account:resource:) returns nil for it"
        case .lookupFetches:
            "asks the server when value(account:resource:) misses, so a plain lookup makes a network request and returns what it fetched"
        case .hitStillFetches:
            "answers a load from the cache on a hit, then asks the server anyway \"to refresh\""
        case .loadDoesNotStore:
            "hands the server's reply to the completion but never stores it, so every load asks the server again"
        case .placeholderCompletion:
            "calls the completion with nil at once on a miss, as a \"loading…\" placeholder, and again when the reply arrives, so every miss completes twice"
        case .failureCachedAsEmpty:
            "turns a failed request (a nil reply) into empty data, stores it and completes with it, so the failure is cached as a value"
        case .clearThatDoesNotClear:
            "keeps the last value it stored or returned in a one-entry memo in front of the NSCache, and clear() empties the NSCache but forgets the memo"
        case .signOutKeepsEntries:
            "only marks the account's running loads as stale on signOut(account:): the entries already cached stay visible"
        case .signOutClearsEveryone:
            "empties the whole cache on signOut(account:), throwing away the other accounts' entries too"
        case .staleWriteAfterSignOut:
            "stores a reply before checking whether its account signed out while the request ran, so a late reply puts the old session's data back"
        case .staleReplyDelivered:
            "drops a late reply from the cache after a sign-out, but still hands it to the completion, so the old session's data reaches the screen"
        }
    }

    /// A nudge toward a test that catches it and still passes on every correct cache.
    var hint: String {
        switch self {
        case .crossAccountHit:
            "store a value for one account, then expect nil from value(account:resource:) for another account and the same resource"
        case .gluedKeyCollision:
            "store under two (account, resource) pairs that glue to the same string, then expect each lookup to give nil or its own value"
        case .wrongKeyEquality:
            "store a value and expect value(account:resource:) to return it; that needs the entry to stay, so declare needsRetention: true"
        case .noSnapshot:
            "store an NSMutableData, append to it, then expect the lookup to give nil or the bytes as they were when stored"
        case .overwriteIgnored:
            "store twice to one account and resource, then expect nil or the second value"
        case .emptyValueAsMiss:
            "store Data() and expect the lookup to return empty data, not nil; declare needsRetention: true"
        case .lookupFetches:
            "give the cache a FakeServer that serves the resource, call value(account:resource:) and expect nil and server.requestCount == 0"
        case .hitStillFetches:
            "store a value, load it, and expect server.requestCount == 0 and the stored bytes in the completion; declare needsRetention: true"
        case .loadDoesNotStore:
            "load the same resource twice from a FakeServer that serves it, and expect one request; declare needsRetention: true"
        case .placeholderCompletion:
            "load a resource the FakeServer serves, collect every value the completion receives in an array, and expect exactly one: the reply"
        case .failureCachedAsEmpty:
            "load a resource the FakeServer does not serve, then expect nil in the completion and from value(account:resource:)"
        case .clearThatDoesNotClear:
            "store a value, call clear(), and expect nil from the lookup"
        case .signOutKeepsEntries:
            "store a value for an account, sign that account out, and expect nil from the lookup"
        case .signOutClearsEveryone:
            "store values for two accounts, sign one out, and expect the other's value to be still there; declare needsRetention: true"
        case .staleWriteAfterSignOut:
            "server.holdReplies(), start a load, sign the account out, server.sendHeldReplies(), then expect nil from value(account:resource:)"
        case .staleReplyDelivered:
            "server.holdReplies(), start a load, sign the account out, server.sendHeldReplies(), then expect the completion to have received nil"
        }
    }
}

// MARK: The buggy caches

/// The stale-card bug of lesson 9: the account is not part of the key.
private final class CrossAccountHit: SessionCacheModel {
    override func key(account: String, resource: String, generation: Int) -> NSObject {
        EntryKey(account: "", resource: resource, generation: generation)
    }
}

/// Lesson 2's delimiter trap.
private final class GluedKeyCollision: SessionCacheModel {
    override func key(account: String, resource: String, generation: Int) -> NSObject {
        "\(generation):\(account)-\(resource)" as NSString
    }
}

/// A key whose equality NSCache never uses.
private final class WrongKeyEquality: SessionCacheModel {
    override func key(account: String, resource: String, generation: Int) -> NSObject {
        SwiftEqualityKey(account: account, resource: resource, generation: generation)
    }
}

/// Overrides `hash` and writes `==`, but NSObject's `isEqual(_:)` (identity) is what counts.
private final class SwiftEqualityKey: NSObject {
    let account: String
    let resource: String
    let generation: Int

    init(account: String, resource: String, generation: Int) {
        self.account = account
        self.resource = resource
        self.generation = generation
    }

    override var hash: Int {
        account.hashValue ^ resource.hashValue ^ generation
    }

    static func == (lhs: SwiftEqualityKey, rhs: SwiftEqualityKey) -> Bool {
        lhs.account == rhs.account && lhs.resource == rhs.resource && lhs.generation == rhs.generation
    }
}

private final class NoSnapshot: SessionCacheModel {
    override func snapshot(_ data: NSData) -> NSData {
        data
    }
}

private final class OverwriteIgnored: SessionCacheModel {
    override func put(_ data: NSData, account: String, resource: String, generation: Int) {
        let key = key(account: account, resource: resource, generation: generation)
        guard entries.object(forKey: key) == nil else { return }
        super.put(data, account: account, resource: resource, generation: generation)
    }
}

private final class EmptyValueAsMiss: SessionCacheModel {
    override func value(account: String, resource: String) -> Data? {
        guard let found = super.value(account: account, resource: resource), !found.isEmpty else { return nil }
        return found
    }
}

private final class LookupFetches: SessionCacheModel {
    override func value(account: String, resource: String) -> Data? {
        if let found = super.value(account: account, resource: resource) { return found }
        let startedIn = generation(of: account)
        var fetched: Data?
        server.fetch(account: account, resource: resource) { reply in
            self.receive(reply, account: account, resource: resource, startedIn: startedIn) { fetched = $0 }
        }
        return fetched
    }
}

private final class HitStillFetches: SessionCacheModel {
    override func load(account: String, resource: String, completion: @escaping (Data?) -> Void) {
        if let cached = value(account: account, resource: resource) {
            completion(cached)
            let startedIn = generation(of: account)
            server.fetch(account: account, resource: resource) { reply in
                self.receive(reply, account: account, resource: resource, startedIn: startedIn) { _ in }
            }
            return
        }
        super.load(account: account, resource: resource, completion: completion)
    }
}

private final class LoadDoesNotStore: SessionCacheModel {
    override func receive(_ reply: Data?, account: String, resource: String, startedIn generation: Int, completion: (Data?) -> Void) {
        guard self.generation(of: account) == generation else {
            completion(nil)
            return
        }
        completion(reply)
    }
}

private final class PlaceholderCompletion: SessionCacheModel {
    override func load(account: String, resource: String, completion: @escaping (Data?) -> Void) {
        if value(account: account, resource: resource) == nil { completion(nil) }  // "loading…"
        super.load(account: account, resource: resource, completion: completion)
    }
}

private final class FailureCachedAsEmpty: SessionCacheModel {
    override func receive(_ reply: Data?, account: String, resource: String, startedIn generation: Int, completion: (Data?) -> Void) {
        super.receive(reply ?? Data(), account: account, resource: resource, startedIn: generation, completion: completion)
    }
}

private final class ClearThatDoesNotClear: SessionCacheModel {
    private let memoLock = NSLock()
    private var memo: (key: NSObject, data: Data)?

    override func put(_ data: NSData, account: String, resource: String, generation: Int) {
        super.put(data, account: account, resource: resource, generation: generation)
        let key = key(account: account, resource: resource, generation: generation)
        memoLock.withLock { memo = (key, Data(referencing: data)) }
    }

    override func value(account: String, resource: String) -> Data? {
        let key = key(account: account, resource: resource, generation: generation(of: account))
        if let memo = memoLock.withLock({ memo }), memo.key.isEqual(key) { return memo.data }
        let found = super.value(account: account, resource: resource)
        if let found { memoLock.withLock { memo = (key, found) } }
        return found
    }
}

private final class SignOutKeepsEntries: SessionCacheModel {
    override func key(account: String, resource: String, generation: Int) -> NSObject {
        EntryKey(account: account, resource: resource, generation: 0)
    }
}

private final class SignOutClearsEveryone: SessionCacheModel {
    override func signOut(account: String) {
        super.signOut(account: account)
        entries.removeAllObjects()
    }
}

private final class StaleWriteAfterSignOut: SessionCacheModel {
    override func receive(_ reply: Data?, account: String, resource: String, startedIn generation: Int, completion: (Data?) -> Void) {
        if let reply { put(NSData(data: reply), account: account, resource: resource, generation: self.generation(of: account)) }
        guard self.generation(of: account) == generation else {
            completion(nil)
            return
        }
        completion(reply)
    }
}

private final class StaleReplyDelivered: SessionCacheModel {
    override func receive(_ reply: Data?, account: String, resource: String, startedIn generation: Int, completion: (Data?) -> Void) {
        guard self.generation(of: account) == generation else {
            completion(reply)
            return
        }
        super.receive(reply, account: account, resource: resource, startedIn: generation, completion: completion)
    }
}
