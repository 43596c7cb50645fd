// CacheContractTests: the contract is in Exercises/CacheContractTests/README.md.
// Check your work with:  cachetutor check exercises/CacheContractTests.swift
//
// You write tests here, not a cache. The grader runs them on correct session caches, which
// they must pass, and on buggy ones, each of which at least one of them must fail.
import Foundation

final class CacheContractTests {
    // TODO (1): list at least three tests, each with a name of its own that says what it shows.
    // TODO (3): add needsRetention: true only to a test that cannot pass unless the cache keeps
    //           what it was given, e.g. ContractTest("…", needsRetention: true, someTest).
    static let tests: [ContractTest] = [
        ContractTest("a fresh cache finds nothing", freshCacheIsEmpty),
    ]

    /// An example: nothing was stored, so whatever the cache does, a lookup misses.
    static func freshCacheIsEmpty(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        check.expectNil(cache.value(account: "anna", resource: "balance"), "a lookup in a cache nothing was stored in")
    }

    // TODO (2): every test must pass on every correct cache: one that keeps everything, ones
    //           that evict (in any order, at any moment) and, unless it declares
    //           needsRetention, one that keeps nothing. After a store, expect "nil or the
    //           right value" (check.expectNilOrEqual), not the value itself.

    // TODO (4): keys. Another account, or another (account, resource) pair that glues to the
    //           same string, must never see a value; a stored value must be found again.
    // TODO (5): snapshots. Store an NSMutableData, change it, look the value up.
    // TODO (6): a second store wins; stored empty data is a value, not a miss.
    // TODO (7): value(account:resource:) only looks; count the FakeServer's requests.
    // TODO (8): load: a hit asks nothing, a miss asks once and completes once, a loaded value
    //           is kept, a failed request (nil) is not.
    // TODO (9): clear() removes every entry.
    // TODO (10): signOut(account:) hides that account's entries, spares the others, and drops
    //            a reply that arrives after it (server.holdReplies(), sendHeldReplies()).
}
