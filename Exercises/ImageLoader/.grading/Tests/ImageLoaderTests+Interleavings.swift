import CacheEngine
import Dispatch
import Foundation
import Synchronization
import UIKit

/// Point 9, the two moments a loader's lock decides, made certain rather than hoped for.
extension ImageLoaderTests {
    /// While the loader is inside `download`, another thread loads a second URL; that
    /// load needs the loader's lock. A loader that calls the downloader while holding its
    /// lock (any kind: `NSLock`, `Mutex`, a serial queue) keeps it until the downloader
    /// returns, so the second load waits for the network to set up, and a downloader that
    /// reports back on the calling thread deadlocks.
    static func downloadsStartOutsideLock(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let first = imageURL("outside-the-lock")
        let second = imageURL("beside-the-lock")
        let meanwhile = Waiter("the load on another thread", url: second)
        let returnedInTime = ResultBox<Bool>()
        downloader.duringDownload = { url in
            guard url == first else { return }
            returnedInTime.set(returnsWithinASecond { try? meanwhile.load(on: subject) })
        }
        let waiter = Waiter("the first load", url: first)
        try waiter.load(on: subject)
        downloader.duringDownload = nil
        try require(downloader.downloads(of: first).count == 1, "load(\(show(first)), completion:) started \(downloader.downloads(of: first).count) downloads for a URL that was not cached; a miss should start exactly one")
        try require(returnedInTime.value == true, "while ImageLoader was inside downloader.download(\(show(first))), another thread's load(\(show(second))) could not return within 1 s: the loader calls the downloader while holding its lock, so every other load waits until the download has started (and a downloader that answers on the calling thread deadlocks). Record the download in the table under the lock, unlock, then call download")
        try downloader.finish(1, with: makeImage(3, 3))
    }

    /// A load of a URL that is downloading is stopped right after its first unlock of an
    /// `NSLock` or a `Mutex` (see `HandoffLock`), and the download delivers while it
    /// waits. A loader that finds the download under its lock, unlocks, and adds the
    /// waiter under a second lock adds it to a download that has handed out its image and
    /// left the table: that waiter is never called. One that adds the waiter before it
    /// unlocks is delivered with the others.
    static func joinerAtTheFinishCompletes(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("joined-at-the-end")
        let first = Waiter("the first load", url: url)
        try first.load(on: subject)
        try require(downloader.count == 1, "load(\(show(url)), completion:) started \(downloader.count) downloads for a URL that was not cached; a miss should start exactly one")
        let joiner = Waiter("the load that joined", url: url)
        let handoff = LockHandoff.shared
        let parkedBefore = handoff.parkedUnlocks
        let outcome = ResultBox<Error?>()
        let returned = DispatchSemaphore(value: 0)
        handoff.arm()
        defer { handoff.disarm() }
        let caller = Thread {
            do { try joiner.load(on: subject); outcome.set(nil) } catch { outcome.set(error) }
            returned.signal()
        }
        caller.stackSize = 8 << 20
        caller.start()
        let stopped = handoff.waitForParking(since: parkedBefore) { outcome.value != nil }
        let image = makeImage(8, 8)
        try downloader.finish(1, with: image)
        try BoundedWait.require(returned, within: patience, timedOut: "load(\(show(url)), completion:) did not return within 2 s", stuck: "load(\(show(url)), completion:) never returns: every thread of the program is waiting (a deadlock?)")
        if let failure = outcome.value ?? nil { throw failure }
        try first.requireCompleted(with: image, "when the download delivered")
        settle()
        // A loader that found the image cached, or that started a download of its own once
        // the first had ended, has not lost the waiter: let that download deliver too.
        if joiner.calls.isEmpty, downloader.count > 1 { try downloader.finish(2, with: image) }
        guard joiner.waitForCall() else {
            throw TestFailure(stopped
                ? "a load of \(show(url)) that came while it was downloading was never called. It found the download in flight under your lock (or in one `sync` block of your queue), let go of it, and added its completion only later; in between, the download delivered, handed its image to the waiters it had and left the table, so the late completion was added to a download that was over. Find the download and add the waiter in one step, before you unlock (in one `sync` block)"
                : "a load of \(show(url)) that came while it was downloading was never called when the download delivered; every waiter of a download gets its image (see concurrent_loads_share_download)")
        }
        try joiner.requireCompleted(with: image, "when the download it joined delivered")
    }
}

extension ImageLoaderTests {
    /// Point 3's order, at the one moment it decides: the download's handler is stopped
    /// right after its first unlock (see `HandoffLock`), and a load of the same URL runs
    /// while it waits. A handler that leaves the in-flight table under the lock and stores
    /// the image only after unlocking has left the load neither a download to join nor an
    /// image to find, so it starts a second download, on every run. One that stores and
    /// leaves in one locked step has stored before that unlock, and the load is a hit.
    static func finishStoresBeforeItUnlocks(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("stored-as-it-leaves")
        let first = Waiter("the first load", url: url)
        try first.load(on: subject)
        try require(downloader.count == 1, "load(\(show(url)), completion:) started \(downloader.count) downloads for a URL that was not cached; a miss should start exactly one")
        let handoff = LockHandoff.shared
        let parkedBefore = handoff.parkedUnlocks
        let image = makeImage(5, 7)
        let handled = DispatchSemaphore(value: 0)
        handoff.arm(untilReleased: true)
        defer { handoff.disarm() }
        let deliverer = Thread {
            try? downloader.finish(1, with: image)
            handled.signal()
        }
        deliverer.stackSize = 8 << 20
        deliverer.start()
        let stopped = handoff.waitForParking(since: parkedBefore)
        let late = Waiter("the load as the download finished", url: url)
        try late.load(on: subject)
        // A handler still parked (the late load was a hit and took no lock) goes on now.
        let release = HandoffLock()
        release.lock()
        release.unlock()
        _ = BoundedWait.wait(for: handled, timeout: patience)
        settle()
        let started = downloader.count
        if started > 1 { try downloader.finish(2, with: image) }
        try first.requireCompleted(with: image, "when the download delivered")
        try require(started == 1, stopped
            ? "a load of \(show(url)) that came just as its download finished started a second download. The download's handler had left the in-flight table and let go of your lock (or left its `sync` block) before it stored the image, so in between the load found neither a download to join nor an image in the cache. Store the image and leave the table in one locked step (one `sync` block), then unlock and call the waiters"
            : "a load of \(show(url)) that came as its download finished started a second download; a load then should find the image in the cache (see completion_sees_cached_image)")
        try late.requireCompleted(with: image, "when it came as the download finished")
    }

    /// Point 3: a loader that looks the URL up, misses, takes its lock and looks again
    /// (as hint 9 suggests) may find the image there; its completion still runs after the
    /// lock is let go. The engine stores the image right after the first look misses, so
    /// that second look hits on every run; the completion then has another thread load a
    /// second URL, which needs the loader's lock. A loader without a second look downloads
    /// instead, and passes too.
    static func secondLookCompletesOutsideLock(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let name = "found-on-the-second-look"
        let url = imageURL(name)
        let image = makeImage(9, 9)
        let cache = try CacheProbe.cache(of: subject)
        let armed = Atomic(true)
        // The image found on the second look is let go right after: the answer must be
        // what that look returned, not a third lookup.
        cache.evictsAfterEveryHit = true
        cache.afterEveryMiss = { [cache] in
            guard armed.exchange(false, ordering: .sequentiallyConsistent) else { return }
            _ = cache.store(image, name: name)
        }
        let meanwhile = Waiter("the load another thread started from inside the completion", url: imageURL("loaded-from-a-completion"))
        let returnedInTime = ResultBox<Bool>()
        let waiter = Waiter("the load", url: url) { _ in
            returnedInTime.set(returnsWithinASecond { try? meanwhile.load(on: subject) })
        }
        try waiter.load(on: subject)
        cache.afterEveryMiss = nil
        if downloader.downloads(of: url).count == 1 { try downloader.finish(1, with: image) }
        try waiter.requireCompleted(with: image, "loading a URL the cache received between the loader's two looks")
        try require(returnedInTime.value == true, "load(\(show(url)), completion:) missed, and the image arrived in the cache before the loader looked again under its lock; it then ran the completion with that hit while still holding the lock, so another thread's load could not return within 1 s. Let go of the lock, then complete, on this path too")
    }

    /// Point 9: the cache may call its delegate from inside a store the loader makes under
    /// its own lock, and then on another thread too. While the loader stores its second
    /// image, the engine's hook has another thread make the cache let the first go; that
    /// thread's call to the delegate must return while the store's thread still holds the
    /// loader's lock. A delegate that takes the loader's lock waits for it (with Foundation
    /// on Linux, which calls the delegate under the cache's lock, the two threads deadlock);
    /// with an `NSRecursiveLock`, the same thread's store never shows it.
    static func delegateTakesNoLoaderLock(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let first = imageURL("let-go-on-another-thread")
        let second = imageURL("stored-meanwhile")
        try loadAndFinish(first, with: makeImage(8, 8), on: subject, downloader: downloader, context: "loading the first image")
        let cache = try CacheProbe.cache(of: subject)
        let armed = Atomic(true)
        let returnedInTime = ResultBox<Bool>()
        cache.beforeEveryStore = { [cache] in
            guard armed.exchange(false, ordering: .sequentiallyConsistent) else { return }
            returnedInTime.set(returnsWithinASecond { cache.simulateMemoryPressure(.critical) })
        }
        let waiter = Waiter("the second load", url: second)
        try waiter.load(on: subject)
        let delivered = makeImage(6, 6)
        try downloader.finish(downloader.count, with: delivered)
        try waiter.requireCompleted(with: delivered, "loading a second image while the cache let the first go")
        cache.beforeEveryStore = nil
        try require(returnedInTime.value != false, "while the loader stored an image under its lock, the cache let another image go on another thread, and the delegate's cache(_:willEvictObject:) could not return within 1 s: it waits for the loader's lock. Give the delegate a lock of its own for the count (the loader's lock is held around stores, during which the cache may call the delegate)")
    }
}
