import CacheEngine
import Dispatch
import Foundation
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
            let returned = DispatchSemaphore(value: 0)
            let other = Thread {
                try? meanwhile.load(on: subject)
                returned.signal()
            }
            other.stackSize = 8 << 20
            other.start()
            returnedInTime.set(returned.wait(timeout: .now() + .seconds(1)) == .success)
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
}
