// expect: fail passes_on_reference_unlimited
// why: expects the reply to a load still in flight at clear() to be stored, which the contract does not promise; a correct cache that drops such replies fails it
import Foundation

final class CacheContractTests {
    static let tests: [ContractTest] = [
        ContractTest("another account never sees anna's balance", otherAccountMisses),
        ContractTest("pairs that glue to one string stay apart", gluedPairsStayApart),
        ContractTest("a stored value comes back", needsRetention: true, storedValueComesBack),
        ContractTest("the cache keeps a snapshot of what it was given", keepsSnapshot),
        ContractTest("the second store wins", secondStoreWins),
        ContractTest("stored empty data is a value, not a miss", needsRetention: true, emptyDataIsAValue),
        ContractTest("a lookup never asks the server", lookupOnlyLooks),
        ContractTest("a miss asks the server once and hands back its reply", missReachesServer),
        ContractTest("a hit never asks the server", needsRetention: true, hitSkipsServer),
        ContractTest("a loaded value is kept for the next load", needsRetention: true, loadedValueIsKept),
        ContractTest("a failed request caches nothing", failureCachesNothing),
        ContractTest("clear() removes every entry", clearRemovesEverything),
        ContractTest("sign-out hides the account's entries", signOutHidesEntries),
        ContractTest("sign-out leaves other accounts alone", needsRetention: true, signOutSparesOthers),
        ContractTest("a reply arriving after sign-out is dropped", lateReplyIsDropped),
        ContractTest("a load in flight is stored after clear()", needsRetention: true, loadSurvivesClear),
    ]

    static let ten = Data("10".utf8)
    static let twenty = Data("20".utf8)

    // MARK: Keys (contract point 4)

    /// The account belongs in the key: Ben's lookup of "balance" must never find Anna's.
    static func otherAccountMisses(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        cache.store(ten, account: "anna", resource: "balance")
        check.expectNil(cache.value(account: "ben", resource: "balance"), "ben looked up \"balance\" after only anna stored one")
        check.expectNilOrEqual(cache.value(account: "anna", resource: "balance"), ten, "anna's own lookup")
    }

    /// Each pair below glues to the same string with some separator (or none); a key made
    /// that way lets one pair overwrite the other. A structured key keeps them apart.
    static func gluedPairsStayApart(_ check: Checker, _ caches: CacheFactory) {
        for separator in ["-", "/", "|", ":", ".", " ", ""] {
            let cache = caches.make()
            let first = (account: "mary\(separator)ann", resource: "inbox")
            let second = (account: "mary", resource: "ann\(separator)inbox")
            cache.store(Data("first".utf8), account: first.account, resource: first.resource)
            cache.store(Data("second".utf8), account: second.account, resource: second.resource)
            check.expectNilOrEqual(cache.value(account: first.account, resource: first.resource), Data("first".utf8), "(\"\(first.account)\", \"inbox\") after a store to (\"mary\", \"\(second.resource)\")")
            check.expectNilOrEqual(cache.value(account: second.account, resource: second.resource), Data("second".utf8), "(\"mary\", \"\(second.resource)\")")
        }
    }

    /// Needs the entry to stay: a cache that never finds anything passes every
    /// "nil or right" test, so one test has to insist on a hit.
    static func storedValueComesBack(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        cache.store(ten, account: "anna", resource: "balance")
        check.expectEqual(cache.value(account: "anna", resource: "balance"), ten, "a lookup right after the store, with no limits and no pressure")
    }

    // MARK: Snapshots (point 5)

    /// `Data` is a value and cannot change under the cache, but an `NSMutableData` can: the
    /// cache must copy the bytes when they arrive, not keep the caller's object.
    static func keepsSnapshot(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        let draft = NSMutableData(data: Data("v1".utf8))
        cache.store(draft, account: "anna", resource: "draft")
        draft.append(Data("+edit".utf8))
        check.expectNilOrEqual(cache.value(account: "anna", resource: "draft"), Data("v1".utf8), "the caller changed its NSMutableData after storing it")
    }

    // MARK: Overwrite and empty values (point 6)

    /// A miss is allowed (the entry may be gone); the first value never is.
    static func secondStoreWins(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        cache.store(ten, account: "anna", resource: "balance")
        cache.store(twenty, account: "anna", resource: "balance")
        check.expectNilOrEqual(cache.value(account: "anna", resource: "balance"), twenty, "after two stores to one key")
    }

    /// Needs the entry to stay: "nil or empty data" would accept the very bug it looks for.
    static func emptyDataIsAValue(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        cache.store(Data(), account: "anna", resource: "notes")
        check.expectEqual(cache.value(account: "anna", resource: "notes"), Data(), "stored empty data should come back as empty data")
    }

    // MARK: Lookups only look (point 7)

    /// The server serves the resource, so a lookup that went to it would come back with
    /// something; a server that serves nothing would hide the request.
    static func lookupOnlyLooks(_ check: Checker, _ caches: CacheFactory) {
        let server = FakeServer()
        server.serve(ten, account: "anna", resource: "balance")
        let cache = caches.make(server: server)
        check.expectNil(cache.value(account: "anna", resource: "balance"), "value(account:resource:) before anything was stored or loaded")
        check.expectEqual(server.requestCount, 0, "requests made by a plain lookup")
    }

    // MARK: Loading (point 8)

    /// Holds on every cache, even one that keeps nothing: a miss always reaches the server.
    static func missReachesServer(_ check: Checker, _ caches: CacheFactory) {
        let server = FakeServer()
        server.serve(ten, account: "anna", resource: "balance")
        let cache = caches.make(server: server)
        var received: [Data?] = []
        cache.load(account: "anna", resource: "balance") { received.append($0) }
        check.expectEqual(server.requestCount(account: "anna", resource: "balance"), 1, "requests for a load that missed")
        check.expectEqual(received, [ten], "what the completion received, and how often")
    }

    /// The server would answer "20", so a completion with "10" came from the cache.
    static func hitSkipsServer(_ check: Checker, _ caches: CacheFactory) {
        let server = FakeServer()
        server.serve(twenty, account: "anna", resource: "balance")
        let cache = caches.make(server: server)
        cache.store(ten, account: "anna", resource: "balance")
        var received: [Data?] = []
        cache.load(account: "anna", resource: "balance") { received.append($0) }
        check.expectEqual(server.requestCount, 0, "requests for a load of a stored value")
        check.expectEqual(received, [ten], "a hit completes once with the stored value")
    }

    /// The second load can only skip the server if the first stored its reply.
    static func loadedValueIsKept(_ check: Checker, _ caches: CacheFactory) {
        let server = FakeServer()
        server.serve(ten, account: "anna", resource: "balance")
        let cache = caches.make(server: server)
        var received: [Data?] = []
        cache.load(account: "anna", resource: "balance") { received.append($0) }
        cache.load(account: "anna", resource: "balance") { received.append($0) }
        check.expectEqual(server.requestCount, 1, "requests for two loads of one resource")
        check.expectEqual(received, [ten, ten], "both completions")
    }

    /// A nil reply is a failure: nothing is stored, so the next load tries again.
    static func failureCachesNothing(_ check: Checker, _ caches: CacheFactory) {
        let server = FakeServer()  // serves nothing: every request fails
        let cache = caches.make(server: server)
        var received: [Data?] = []
        cache.load(account: "anna", resource: "balance") { received.append($0) }
        check.expectEqual(received, [nil], "a failed request completes once with nil")
        check.expectNil(cache.value(account: "anna", resource: "balance"), "a lookup after a failed request")
        cache.load(account: "anna", resource: "balance") { received.append($0) }
        check.expectEqual(server.requestCount, 2, "a load after a failed one asks again")
    }

    // MARK: Clear (point 9)

    /// A miss after clear() holds on every cache, so this needs no flag.
    static func clearRemovesEverything(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        cache.store(ten, account: "anna", resource: "balance")
        cache.store(twenty, account: "ben", resource: "feed")
        cache.clear()
        check.expectNil(cache.value(account: "anna", resource: "balance"), "anna's balance after clear()")
        check.expectNil(cache.value(account: "ben", resource: "feed"), "ben's feed after clear()")
    }

    // MARK: Sign-out (point 10)

    /// Lesson 9's stale card: after sign-out, nothing of Anna's may be served.
    static func signOutHidesEntries(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        cache.store(ten, account: "anna", resource: "balance")
        cache.signOut(account: "anna")
        check.expectNil(cache.value(account: "anna", resource: "balance"), "anna's balance after she signed out")
    }

    /// Needs Ben's entry to stay; without the flag a correct cache could drop it anyway.
    static func signOutSparesOthers(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        cache.store(ten, account: "anna", resource: "balance")
        cache.store(twenty, account: "ben", resource: "balance")
        cache.signOut(account: "anna")
        check.expectEqual(cache.value(account: "ben", resource: "balance"), twenty, "ben's balance after anna signed out")
    }

    /// The request is still running when Anna signs out; its reply must neither land in
    /// the cache nor reach the completion.
    static func lateReplyIsDropped(_ check: Checker, _ caches: CacheFactory) {
        let server = FakeServer()
        server.serve(ten, account: "anna", resource: "balance")
        server.holdReplies()
        let cache = caches.make(server: server)
        var received: [Data?] = []
        cache.load(account: "anna", resource: "balance") { received.append($0) }
        cache.signOut(account: "anna")
        server.sendHeldReplies()
        check.expectEqual(received, [nil], "the completion of a load whose reply came after sign-out")
        check.expectNil(cache.value(account: "anna", resource: "balance"), "anna's balance after a late reply")
    }

    /// Over-specifies: nothing in the contract says what becomes of a reply that arrives
    /// after clear(); a correct cache may drop it.
    static func loadSurvivesClear(_ check: Checker, _ caches: CacheFactory) {
        let server = FakeServer()
        server.serve(ten, account: "anna", resource: "balance")
        server.holdReplies()
        let cache = caches.make(server: server)
        var received: [Data?] = []
        cache.load(account: "anna", resource: "balance") { received.append($0) }
        cache.clear()
        server.sendHeldReplies()
        check.expectEqual(received, [ten], "the completion of a load whose reply came after clear()")
        check.expectEqual(cache.value(account: "anna", resource: "balance"), ten, "anna's balance after a reply that came after clear()")
    }
}
