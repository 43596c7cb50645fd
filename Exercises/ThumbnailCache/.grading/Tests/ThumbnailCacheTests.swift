/// The hidden tests of the ThumbnailCache exercise, in report order; one or more per
/// contract point of the exercise README. Names are stable: fixtures and gradebooks use them.
enum ThumbnailCacheTests: ExerciseSuite {
    typealias Subject = any ThumbnailCacheSubject.Type

    static let tests: [HiddenTest] = [
        HiddenTest("uses_nscache", "thumbnails are stored in an NSCache<NSString, UIImage>", point: 1, lesson: "01-why-cache", body: usesNSCache),
        HiddenTest("no_second_strong_copy", "when the cache lets go of an image, ThumbnailCache holds no other strong reference", point: 1, lesson: "06-delegates", body: noSecondStrongCopy),
        HiddenTest("cost_limit_20mb", "totalCostLimit is about 20 MB (20,000,000 to 20 × 1024 × 1024)", point: 2, lesson: "04-cost", body: costLimit20MB),
        HiddenTest("cost_whole_sizes", "each store passes cost width × height × 4", point: 3, lesson: "04-cost", body: costWholeSizes),
        HiddenTest("cost_fractional_sizes", "fractional sizes are costed width × height × 4, rounded reasonably", point: 3, lesson: "04-cost", body: costFractionalSizes),
        HiddenTest("returns_stored_image", "thumbnail(forKey:) returns the very object stored under that key", point: 4, lesson: "02-keys", body: returnsStoredImage),
        HiddenTest("miss_returns_nil", "thumbnail(forKey:) returns nil for a key never stored, without generating", point: 4, lesson: "02-keys", body: missReturnsNil),
        HiddenTest("keys_are_isolated", "keys match exactly, and storing one never disturbs another", point: 4, lesson: "02-keys", body: keysAreIsolated),
        HiddenTest("hit_skips_generator", "loadThumbnail on a hit never calls the generator", point: 5, lesson: "05-eviction", body: hitSkipsGenerator),
        HiddenTest("hit_completes_once", "loadThumbnail on a hit calls completion once with the cached image", point: 5, lesson: "05-eviction", body: hitCompletesOnce),
        HiddenTest("miss_generates_once", "loadThumbnail on a miss calls the generator exactly once", point: 6, lesson: "05-eviction", body: missGeneratesOnce),
        HiddenTest("miss_stores_before_completion", "on a miss, a generated image is in the cache when completion runs", point: 6, lesson: "05-eviction", body: missStoresBeforeCompletion),
        HiddenTest("miss_completes_once", "loadThumbnail on a miss calls completion once with the generated image", point: 6, lesson: "05-eviction", body: missCompletesOnce),
        HiddenTest("nil_result_stores_nothing", "a nil from the generator stores nothing and completes with nil once", point: 6, lesson: "05-eviction", body: nilResultStoresNothing),
        HiddenTest("survives_eviction_lru", "stays correct when a small LRU cache evicts", point: 7, lesson: "05-eviction", body: { try survivesEviction($0, policy: .lru, label: "LRU") }),
        HiddenTest("survives_eviction_fifo", "stays correct when a small FIFO cache evicts", point: 7, lesson: "05-eviction", body: { try survivesEviction($0, policy: .fifo, label: "FIFO") }),
        HiddenTest("survives_eviction_random", "stays correct when a small cache evicts at random (seeded)", point: 7, lesson: "05-eviction", body: { try survivesEviction($0, policy: .random(seed: 20_240_521), label: "random") }),
        HiddenTest("survives_eviction_foundation", "stays correct when a small cache evicts in Foundation's order on Linux", point: 7, lesson: "05-eviction", body: { try survivesEviction($0, policy: .foundation, label: "Foundation-on-Linux (cheapest first, newest first among equals)") }),
        HiddenTest("survives_memory_pressure", "stays correct after moderate and critical memory pressure", point: 7, lesson: "05-eviction", body: survivesMemoryPressure),
        HiddenTest("concurrent_access", "many threads storing, looking up and loading at once get the right images", point: 8, lesson: "07-threads", threads: true, body: concurrentAccess),
    ]

    static func construct(_ subject: Subject) {
        _ = subject.init(generator: { _ in nil })
    }
}
