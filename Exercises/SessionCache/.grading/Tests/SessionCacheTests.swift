/// The hidden tests of the SessionCache exercise, in report order; one or more per contract
/// point of the exercise README. Names are stable: fixtures and gradebooks use them.
enum SessionCacheTests: ExerciseSuite {
    typealias Subject = any SessionCacheSubject.Type

    static let tests: [HiddenTest] = [
        HiddenTest("equal_keys_are_equal", "SessionKeys built separately from equal fields are isEqual and share a hash", point: 1, lesson: "02-keys", body: equalKeysAreEqual),
        HiddenTest("every_field_counts", "keys that differ in account, resource or revision alone are not equal", point: 1, lesson: "02-keys", body: everyFieldCounts),
        HiddenTest("delimiters_cannot_collide", "a separator inside a field never makes two different keys equal", point: 1, lesson: "02-keys", body: delimitersCannotCollide),
        HiddenTest("other_objects_are_not_equal", "isEqual(_:) is false, without crashing, for nil and for objects that are not SessionKeys", point: 1, lesson: "02-keys", body: otherObjectsAreNotEqual),
        HiddenTest("uses_nscache", "the data lives in an NSCache<SessionKey, NSData> under the caller's key", point: 2, lesson: "02-keys", body: usesNSCache),
        HiddenTest("fresh_key_hits", "a freshly built equal key finds the stored data; the latest store wins", point: 3, lesson: "02-keys", body: freshKeyHits),
        HiddenTest("new_revision_misses", "the same account and resource at another revision is a miss", point: 3, lesson: "09-accounts", body: newRevisionMisses),
        HiddenTest("accounts_are_isolated", "one account never sees another account's data", point: 3, lesson: "09-accounts", body: accountsAreIsolated),
        HiddenTest("stored_data_is_snapshot", "changing an NSMutableData after storing it changes nothing in the cache", point: 4, lesson: "10-testing", body: storedDataIsSnapshot),
        HiddenTest("handed_out_data_is_read_only", "data handed out by the cache cannot be used to change the cache", point: 4, lesson: "07-threads", body: handedOutDataIsReadOnly),
        HiddenTest("fetched_data_is_snapshot", "changing fetched data after the fetch changes nothing in the cache", point: 4, lesson: "10-testing", body: fetchedDataIsSnapshot),
        HiddenTest("load_hit_skips_fetcher", "load on a hit completes once with the cached data and never fetches", point: 5, lesson: "05-eviction", body: loadHitSkipsFetcher),
        HiddenTest("load_miss_fetches_once", "load on a miss fetches once with an equal key and completes once with the data", point: 5, lesson: "05-eviction", body: loadMissFetchesOnce),
        HiddenTest("load_miss_stores_before_completion", "fetched data is in the cache when completion runs", point: 5, lesson: "05-eviction", body: loadMissStoresBeforeCompletion),
        HiddenTest("load_nil_stores_nothing", "a fetch that yields nil stores nothing and completes with nil once", point: 5, lesson: "05-eviction", body: loadNilStoresNothing),
        HiddenTest("sign_out_clears", "signOut() empties the cache for every account", point: 6, lesson: "09-accounts", body: signOutClears),
        HiddenTest("sign_out_advances_generation", "each signOut() raises generation by one; nothing else changes it", point: 6, lesson: "09-accounts", body: signOutAdvancesGeneration),
        HiddenTest("late_load_never_writes", "a fetch that started before signOut() and finishes after it stores nothing", point: 6, lesson: "09-accounts", body: lateLoadNeverWrites),
        HiddenTest("late_load_completes_with_nil", "the caller of a load cut off by signOut() gets nil, exactly once", point: 6, lesson: "09-accounts", body: lateLoadCompletesWithNil),
        HiddenTest("late_load_keeps_newer_data", "loads started after signOut() store normally, and a late fetch never overwrites them", point: 6, lesson: "09-accounts", body: lateLoadKeepsNewerData),
        HiddenTest("survives_eviction_lru", "stays correct when a small LRU cache evicts", point: 7, lesson: "05-eviction", body: { try survivesEviction($0, policy: .lru, label: "LRU") }),
        HiddenTest("survives_eviction_fifo", "stays correct when a small FIFO cache evicts", point: 7, lesson: "05-eviction", body: { try survivesEviction($0, policy: .fifo, label: "FIFO") }),
        HiddenTest("survives_eviction_random", "stays correct when a small cache evicts at random (seeded)", point: 7, lesson: "05-eviction", body: { try survivesEviction($0, policy: .random(seed: 20_250_309), label: "random") }),
        HiddenTest("survives_eviction_foundation", "stays correct when a small cache evicts in Foundation's order on Linux", point: 7, lesson: "05-eviction", body: { try survivesEviction($0, policy: .foundation, label: "Foundation-on-Linux (cheapest first, newest first among equals)") }),
        HiddenTest("survives_memory_pressure", "stays correct after moderate and critical memory pressure", point: 7, lesson: "05-eviction", body: survivesMemoryPressure),
        HiddenTest("survives_eviction_between_lookups", "a lookup or a load answers with what its one lookup found, even when the cache lets it go right after", point: 7, lesson: "05-eviction", body: survivesEvictionBetweenLookups),
        HiddenTest("concurrent_access", "many threads storing, looking up, loading and signing out never see another key's data", point: 8, lesson: "07-threads", threads: true, body: concurrentAccess),
        HiddenTest("sign_out_between_check_and_write", "a sign-out between a load's generation check and its write leaves no data behind", point: 8, lesson: "07-threads", threads: true, body: signOutBetweenCheckAndWrite),
    ]

    static func construct(_ subject: Subject) {
        _ = subject.init(fetcher: { _, done in done(nil) })
    }
}
