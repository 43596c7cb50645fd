/// The hidden tests of the ImageLoader exercise, in report order; one or more per contract
/// point of the exercise README. Names are stable: fixtures and gradebooks use them.
enum ImageLoaderTests: ExerciseSuite {
    typealias Subject = any ImageLoaderSubject.Type

    static let tests: [HiddenTest] = [
        HiddenTest("uses_nscache", "downloaded images are stored in an NSCache of UIImages", point: 1, lesson: "04-cost", body: usesNSCache),
        HiddenTest("keeps_no_images_of_its_own", "when the cache lets its images go, the loader holds none of them", point: 1, lesson: "06-delegates", body: keepsNoImagesOfItsOwn),
        HiddenTest("cost_is_bytes", "totalCostLimit is costLimit, and each image costs width × height × 4", point: 1, lesson: "04-cost", body: costIsBytes),
        HiddenTest("whole_url_is_key", "URLs that share a file name, host or path are cached apart", point: 1, lesson: "04-cost", body: wholeURLIsKey),
        HiddenTest("hit_skips_download", "loading a cached URL starts no download", point: 2, lesson: "07-threads", body: hitSkipsDownload),
        HiddenTest("hit_completes_with_cached_image", "loading a cached URL completes once with the cached object", point: 2, lesson: "07-threads", body: hitCompletesWithCachedImage),
        HiddenTest("hit_answers_with_what_it_found", "a hit completes with what its one lookup found, even when the cache lets it go right after", point: 2, lesson: "05-eviction", body: hitAnswersWithWhatItFound),
        HiddenTest("miss_downloads_once", "a miss downloads the URL once and completes once with the image", point: 3, lesson: "07-threads", body: missDownloadsOnce),
        HiddenTest("completion_sees_cached_image", "when a completion runs, the image is cached and loading it again is a hit", point: 3, lesson: "07-threads", body: completionSeesCachedImage),
        HiddenTest("second_look_completes_outside_lock", "a hit found by a second look under the loader's lock completes after the lock is let go", point: 3, lesson: "07-threads", body: secondLookCompletesOutsideLock),
        HiddenTest("failed_download_completes_nil", "a failed download caches nothing and completes once with nil", point: 3, lesson: "07-threads", body: failedDownloadCompletesNil),
        HiddenTest("finish_stores_before_it_unlocks", "a load as a download finishes finds its image, not a gap between table and cache", point: 3, lesson: "07-threads", threads: true, body: finishStoresBeforeItUnlocks),
        HiddenTest("concurrent_loads_share_download", "five loads of one URL while it downloads start one download", point: 4, lesson: "07-threads", threads: true, body: concurrentLoadsShareDownload),
        HiddenTest("waiters_get_same_image", "every waiter of a shared download completes once with the same object", point: 4, lesson: "07-threads", body: waitersGetSameImage),
        HiddenTest("urls_load_separately", "loads of different URLs do not share a download", point: 4, lesson: "07-threads", body: urlsLoadSeparately),
        HiddenTest("dropped_tokens_still_complete", "callers that drop their tokens without cancelling still get the image", point: 4, lesson: "07-threads", body: droppedTokensStillComplete),
        HiddenTest("waiters_get_image_cache_refused", "waiters get the downloaded image even when the cache does not keep it", point: 4, lesson: "04-cost", body: waitersGetImageCacheRefused),
        HiddenTest("reload_after_eviction_downloads", "after the cache lets an image go, the next load downloads again", point: 5, lesson: "07-threads", body: reloadAfterEvictionDownloads),
        HiddenTest("retry_after_failure_downloads", "after a failed download, the next load downloads again", point: 5, lesson: "07-threads", body: retryAfterFailureDownloads),
        HiddenTest("invalidate_forces_download", "invalidate(url) drops the image, so the next load downloads", point: 6, lesson: "06-delegates", body: invalidateForcesDownload),
        HiddenTest("invalidate_leaves_other_urls", "invalidate(url) leaves other URLs cached", point: 6, lesson: "06-delegates", body: invalidateLeavesOtherURLs),
        HiddenTest("invalidate_spares_download_in_flight", "invalidate(url) during a download neither cancels it nor drops its waiters", point: 6, lesson: "07-threads", body: invalidateSparesDownloadInFlight),
        HiddenTest("delegate_is_set", "the cache has a delegate, and the loader keeps it alive", point: 7, lesson: "06-delegates", body: delegateIsSet),
        HiddenTest("eviction_count_matches_cache", "evictionCount follows the evictions of the cost limit and of memory pressure", point: 7, lesson: "06-delegates", body: evictionCountMatchesCache),
        HiddenTest("eviction_count_ignores_other_work", "stores, hits and invalidations do not change evictionCount", point: 7, lesson: "06-delegates", body: evictionCountIgnoresOtherWork),
        HiddenTest("delegate_leaves_cache_alone", "the delegate neither puts evicted images back nor touches the cache", point: 7, lesson: "06-delegates", body: delegateLeavesCacheAlone),
        HiddenTest("eviction_count_thread_safe", "evictions on many threads at once are all counted", point: 7, lesson: "06-delegates", threads: true, body: evictionCountThreadSafe),
        HiddenTest("cancelled_waiter_not_called", "a waiter that cancelled is not called; the others get the image", point: 8, lesson: "07-threads", body: cancelledWaiterNotCalled),
        HiddenTest("one_cancel_keeps_download", "one waiter cancelling (even twice) does not cancel a download others wait for", point: 8, lesson: "07-threads", body: oneCancelKeepsDownload),
        HiddenTest("last_cancel_cancels_download", "when every waiter has cancelled, the download is cancelled once", point: 8, lesson: "07-threads", body: lastCancelCancelsDownload),
        HiddenTest("load_after_cancel_downloads_again", "a load after a cancelled download starts a new one", point: 8, lesson: "07-threads", body: loadAfterCancelDownloadsAgain),
        HiddenTest("cancelled_download_result_ignored", "a cancelled download that delivers late does not disturb the next one", point: 8, lesson: "07-threads", body: cancelledDownloadResultIgnored),
        HiddenTest("cancelled_download_image_not_stored", "an image a cancelled download delivers late is not cached", point: 8, lesson: "07-threads", body: cancelledDownloadImageNotStored),
        HiddenTest("late_cancel_leaves_next_download", "cancelling a token after its completion ran leaves a newer download of the URL alone", point: 8, lesson: "07-threads", body: lateCancelLeavesNextDownload),
        HiddenTest("concurrent_loads_one_download_each", "threads loading the same URLs at the same instant start one download per URL", point: 9, lesson: "07-threads", threads: true, body: concurrentLoadsOneDownloadEach),
        HiddenTest("downloads_start_outside_lock", "the loader calls the downloader after releasing its lock", point: 9, lesson: "07-threads", threads: true, body: downloadsStartOutsideLock),
        HiddenTest("delegate_takes_no_loader_lock", "the delegate returns while a store of the loader's holds its lock", point: 9, lesson: "06-delegates", body: delegateTakesNoLoaderLock),
        HiddenTest("joiner_at_the_finish_completes", "a load that joins a download as it delivers still gets the image", point: 9, lesson: "07-threads", threads: true, body: joinerAtTheFinishCompletes),
    ]

    static func construct(_ subject: Subject) {
        _ = subject.init(source: FakeDownloader(), costLimit: 0)
    }
}
