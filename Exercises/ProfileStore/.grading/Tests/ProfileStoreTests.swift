/// The hidden tests of the ProfileStore exercise, in report order; one or more per contract
/// point of the exercise README. Names are stable: fixtures and gradebooks use them.
enum ProfileStoreTests: ExerciseSuite {
    typealias Subject = any ProfileStoreSubject.Type

    static let tests: [HiddenTest] = [
        HiddenTest("uses_nscache", "profiles are kept in an NSCache<NSString, Profile>", point: 1, lesson: "03-count-limits", body: usesNSCache),
        HiddenTest("no_second_strong_copy", "once the cache lets a profile go, ProfileStore keeps no other strong reference to it", point: 1, lesson: "03-count-limits", body: noSecondStrongCopy),
        HiddenTest("count_limit_50", "the cache's countLimit is 50", point: 2, lesson: "03-count-limits", body: countLimit50),
        HiddenTest("keeps_at_most_50", "after 120 different profiles, at most 50 are still alive", point: 2, lesson: "03-count-limits", body: keepsAtMost50),
        HiddenTest("lookup_only_looks", "cachedProfile(forID:) returns the cached object or nil, and never asks the client", point: 3, lesson: "05-eviction", body: lookupOnlyLooks),
        HiddenTest("keys_are_exact", "ids match exactly: no lowercasing, trimming or cutting", point: 3, lesson: "02-keys", body: keysAreExact),
        HiddenTest("long_ids_are_exact", "ids hundreds of characters long that share a prefix or suffix stay apart", point: 3, lesson: "02-keys", body: longIDsAreExact),
        HiddenTest("hit_skips_network", "a cached profile is returned without asking the client", point: 4, lesson: "05-eviction", body: hitSkipsNetwork),
        HiddenTest("hit_completes_once", "on a hit, completion runs once with the cached object", point: 4, lesson: "05-eviction", body: hitCompletesOnce),
        HiddenTest("miss_fetches_once", "on a miss, the client is asked once, for the id as given", point: 5, lesson: "05-eviction", body: missFetchesOnce),
        HiddenTest("miss_stores_before_completion", "a fetched profile is in the cache when completion runs", point: 5, lesson: "05-eviction", body: missStoresBeforeCompletion),
        HiddenTest("miss_completes_once", "on a miss, completion runs once with the fetched object", point: 5, lesson: "05-eviction", body: missCompletesOnce),
        HiddenTest("not_found_completes_nil", "\"no such user\" completes once with .success(nil)", point: 6, lesson: "05-eviction", body: notFoundCompletesNil),
        HiddenTest("not_found_is_not_cached", "\"no such user\" is not cached: the next call asks the client again", point: 6, lesson: "05-eviction", body: notFoundIsNotCached),
        HiddenTest("failure_is_reported", "a failed request completes once with .failure and the client's error", point: 7, lesson: "05-eviction", body: failureIsReported),
        HiddenTest("failure_is_not_cached", "a failure is not cached: the next call asks the client again", point: 7, lesson: "05-eviction", body: failureIsNotCached),
        HiddenTest("survives_eviction_lru", "stays correct when a small LRU cache evicts", point: 8, lesson: "05-eviction", body: { try survivesEviction($0, policy: .lru, label: "LRU") }),
        HiddenTest("survives_eviction_fifo", "stays correct when a small FIFO cache evicts", point: 8, lesson: "05-eviction", body: { try survivesEviction($0, policy: .fifo, label: "FIFO") }),
        HiddenTest("survives_eviction_random", "stays correct when a small cache evicts at random (seeded)", point: 8, lesson: "05-eviction", body: { try survivesEviction($0, policy: .random(seed: 5_017), label: "random") }),
        HiddenTest("survives_eviction_foundation", "stays correct when a small cache evicts in Foundation's order on Linux", point: 8, lesson: "05-eviction", body: { try survivesEviction($0, policy: .foundation, label: "Foundation-on-Linux (newest first among equal costs)") }),
        HiddenTest("survives_memory_pressure", "stays correct after moderate and critical memory pressure", point: 8, lesson: "05-eviction", body: survivesMemoryPressure),
        HiddenTest("eviction_between_lookups", "a hit the cache lets go right after finding it still completes with that profile", point: 8, lesson: "05-eviction", body: evictionBetweenLookups),
        HiddenTest("concurrent_access", "many threads looking up and loading at once get the right answers, each once", point: 9, lesson: "01-why-cache", threads: true, body: concurrentAccess),
    ]

    static func construct(_ subject: Subject) {
        _ = subject.init(client: FakeClient { _ in .success(nil) })
    }
}
