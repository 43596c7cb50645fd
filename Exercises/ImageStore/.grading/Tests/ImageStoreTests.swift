/// The hidden tests of the ImageStore exercise, in report order; one or more per contract
/// point of the exercise README. Names are stable: fixtures and gradebooks use them.
///
/// Every test drives the store through calls it can wait for: a call reports when it has
/// reached the actor, and a job queued on the actor after that runs only once the call has
/// suspended; downloads return only when a test delivers them. So a second download, a
/// cancel or a store happens, or does not, at the same step of every run.
enum ImageStoreTests: ExerciseSuite {
    typealias Subject = any ImageStoreSubject.Type

    static let tests: [HiddenTest] = [
        HiddenTest("uses_nscache", "downloaded images are stored in an NSCache of UIImages inside the store", point: 1, lesson: "12-concurrency", body: usesNSCache),
        HiddenTest("cost_is_bytes", "totalCostLimit is costLimit, and each image costs width × height × 4", point: 1, lesson: "04-cost", body: costIsBytes),
        HiddenTest("reload_after_eviction_downloads", "once the cache lets an image go, the next call downloads it again", point: 1, lesson: "05-eviction", body: reloadAfterEvictionDownloads),
        HiddenTest("hit_skips_download", "a call for a cached URL returns the cached object and downloads nothing", point: 2, lesson: "12-concurrency", body: hitSkipsDownload),
        HiddenTest("cached_image_never_downloads", "cachedImage(for:) returns nil on a miss and downloads nothing", point: 2, lesson: "12-concurrency", body: cachedImageNeverDownloads),
        HiddenTest("miss_downloads_and_stores", "a miss downloads the URL once, caches the image and returns it", point: 3, lesson: "12-concurrency", body: missDownloadsAndStores),
        HiddenTest("stored_before_it_returns", "the image is in the NSCache before image(for:) returns, not stored by a later task", point: 3, lesson: "12-concurrency", body: storedBeforeItReturns),
        HiddenTest("failure_reaches_every_caller", "a failed download caches nothing and every caller gets its error", point: 3, lesson: "12-concurrency", body: failureReachesEveryCaller),
        HiddenTest("retry_after_failure_downloads", "after a failed download, the next call downloads again", point: 3, lesson: "12-concurrency", body: retryAfterFailureDownloads),
        HiddenTest("callers_share_download", "callers who come while a URL downloads wait for that download", point: 4, lesson: "12-concurrency", threads: true, body: callersShareDownload),
        HiddenTest("urls_download_separately", "calls for different URLs do not share a download", point: 4, lesson: "12-concurrency", body: urlsDownloadSeparately),
        HiddenTest("invalidate_forces_download", "invalidate(url) drops the image, so the next call downloads", point: 5, lesson: "12-concurrency", body: invalidateForcesDownload),
        HiddenTest("invalidated_download_not_stored", "a download invalidated while it ran reaches its callers but is not cached", point: 5, lesson: "12-concurrency", body: invalidatedDownloadNotStored),
        HiddenTest("newer_download_stays_shared", "when an invalidated download ends, the URL's newer download stays the one to join", point: 5, lesson: "12-concurrency", body: newerDownloadStaysShared),
        HiddenTest("cancelled_old_download_keeps_newer", "when the last caller of an invalidated download leaves, the URL's newer download stays the one to join", point: 5, lesson: "12-concurrency", body: cancelledOldDownloadKeepsNewer),
        HiddenTest("cancelled_caller_throws_at_once", "a cancelled caller throws CancellationError without waiting for the download", point: 6, lesson: "12-concurrency", body: cancelledCallerThrowsAtOnce),
        HiddenTest("one_cancel_keeps_download", "one caller cancelling does not cancel a download another caller waits for", point: 6, lesson: "12-concurrency", body: oneCancelKeepsDownload),
        HiddenTest("last_cancel_cancels_download", "when every caller of a download is cancelled, its task is cancelled", point: 6, lesson: "12-concurrency", body: lastCancelCancelsDownload),
        HiddenTest("cancelled_before_it_arrives_leaves_nothing", "a caller cancelled before it reaches the store throws at once and leaves no download behind", point: 6, lesson: "12-concurrency", body: cancelledBeforeItArrivesLeavesNothing),
        HiddenTest("cancelled_download_result_ignored", "after the last caller is cancelled, the next call downloads anew and the old result is ignored", point: 6, lesson: "12-concurrency", body: cancelledDownloadResultIgnored),
    ]

    static func construct(_ subject: Subject) {
        _ = subject.init(source: FakeDownloader(), costLimit: 0)
    }
}
