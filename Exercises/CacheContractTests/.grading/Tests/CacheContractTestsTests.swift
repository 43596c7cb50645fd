/// The hidden tests of the CacheContractTests exercise, in report order. The learner writes
/// tests; these grade them the way Examplar does: the learner's tests must pass on every
/// correct session cache (the wheats) and, between them, fail on each buggy one (the chaffs).
/// Names are stable: fixtures and gradebooks use them.
enum CacheContractTestsTests: ExerciseSuite {
    typealias Subject = any CacheContractTestsSubject.Type

    static let tests: [HiddenTest] = sanityTests + wheatTests + [
        HiddenTest("declared_retention_is_needed", "each test that declares needsRetention fails on a cache that keeps nothing", point: 3, lesson: "10-testing", body: declaredRetentionIsNeeded),
    ] + chaffTests

    static let sanityTests: [HiddenTest] = [
        HiddenTest("has_at_least_three_tests", "CacheContractTests.tests lists at least three tests", point: 1, lesson: "10-testing", body: hasAtLeastThreeTests),
        HiddenTest("test_names_are_unique", "every test has a name of its own", point: 1, lesson: "10-testing", body: testNamesAreUnique),
        HiddenTest("every_test_expects_something", "every test makes at least one expectation", point: 1, lesson: "10-testing", body: everyTestExpectsSomething),
        HiddenTest("tests_are_repeatable", "every test gives the same result each time it runs", point: 1, lesson: "10-testing", body: testsAreRepeatable),
    ]

    static let wheatTests: [HiddenTest] = [
        HiddenTest("passes_on_reference_unlimited", "every test passes on a correct cache that keeps everything", point: 2, lesson: "10-testing", body: { try wheat($0, .unlimited) }),
        HiddenTest("passes_on_reference_lru", "every test passes on a correct cache that evicts in LRU order", point: 2, lesson: "10-testing", body: { try wheat($0, .lru) }),
        HiddenTest("passes_on_reference_fifo", "every test passes on a correct cache that evicts in FIFO order", point: 2, lesson: "10-testing", body: { try wheat($0, .fifo) }),
        HiddenTest("passes_on_reference_random", "every test passes on a correct cache that evicts at random (three seeds)", point: 2, lesson: "10-testing", body: { try wheat($0, .random) }),
        HiddenTest("passes_on_reference_foundation", "every test passes on a correct cache that evicts in Foundation-on-Linux order", point: 2, lesson: "10-testing", body: { try wheat($0, .foundation) }),
        HiddenTest("passes_after_memory_pressure", "every test passes on a correct cache under memory pressure", point: 2, lesson: "10-testing", body: { try wheat($0, .pressure) }),
        HiddenTest("passes_on_always_miss_cache", "every test without needsRetention passes on a correct cache that keeps nothing", point: 2, lesson: "10-testing", body: { try wheat($0, .alwaysMiss) }),
    ]

    static let chaffTests: [HiddenTest] = [
        chaff("catches_cross_account_hit", "a cache that keys by resource alone", .crossAccountHit, point: 4, lesson: "09-accounts"),
        chaff("catches_glued_key_collision", "a cache that glues account and resource with \"-\"", .gluedKeyCollision, point: 4, lesson: "02-keys"),
        chaff("catches_wrong_key_equality", "a cache whose key defines == but not isEqual(_:)", .wrongKeyEquality, point: 4, lesson: "02-keys"),
        chaff("catches_no_snapshot", "a cache that keeps the caller's NSMutableData itself", .noSnapshot, point: 5, lesson: "10-testing"),
        chaff("catches_overwrite_ignored", "a cache that ignores a second store", .overwriteIgnored, point: 6, lesson: "10-testing"),
        chaff("catches_empty_value_as_miss", "a cache that reports stored empty data as a miss", .emptyValueAsMiss, point: 6, lesson: "10-testing"),
        chaff("catches_lookup_fetches", "a cache whose lookup asks the server", .lookupFetches, point: 7, lesson: "10-testing"),
        chaff("catches_hit_still_fetches", "a cache that asks the server on a hit too", .hitStillFetches, point: 8, lesson: "10-testing"),
        chaff("catches_load_does_not_store", "a cache that never stores what it loads", .loadDoesNotStore, point: 8, lesson: "10-testing"),
        chaff("catches_placeholder_completion", "a cache that completes a miss twice, first with a nil placeholder", .placeholderCompletion, point: 8, lesson: "10-testing"),
        chaff("catches_failure_cached_as_empty", "a cache that stores a failed request as empty data", .failureCachedAsEmpty, point: 8, lesson: "10-testing"),
        chaff("catches_clear_that_does_not_clear", "a cache whose clear() leaves a value findable", .clearThatDoesNotClear, point: 9, lesson: "10-testing"),
        chaff("catches_sign_out_keeps_entries", "a cache that still serves an account's entries after it signs out", .signOutKeepsEntries, point: 10, lesson: "09-accounts"),
        chaff("catches_sign_out_clears_everyone", "a cache that signs every account out at once", .signOutClearsEveryone, point: 10, lesson: "09-accounts"),
        chaff("catches_stale_write_after_sign_out", "a cache that stores a reply arriving after sign-out", .staleWriteAfterSignOut, point: 10, lesson: "09-accounts"),
        chaff("catches_stale_reply_delivered", "a cache that completes with a reply arriving after sign-out", .staleReplyDelivered, point: 10, lesson: "09-accounts"),
    ]

    static func construct(_ subject: Subject) {
        _ = subject.contractTests
    }
}
