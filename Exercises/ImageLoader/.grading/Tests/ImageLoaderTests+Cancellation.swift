import CacheEngine
import Foundation
import UIKit

/// Point 8: cancelling one waiter, and the last one.
extension ImageLoaderTests {
    static func cancelledWaiterNotCalled(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("feed-photo")
        let leaving = Waiter("the waiter that cancelled", url: url)
        let staying = Waiter("the waiter that stayed", url: url)
        try leaving.load(on: subject)
        try staying.load(on: subject)
        try leaving.cancel()
        // One more joins after the cancel: it must not take the place of the one who stayed.
        let late = Waiter("the waiter that joined after the cancel", url: url)
        try late.load(on: subject)
        let image = makeImage(50, 50)
        try downloader.finish(1, with: image)
        let silent = waitersNeverCalled([staying, late])
        try require(silent.isEmpty, "one of two waiters cancelled and a third joined; when the download delivered, the completion of \(silent.map(\.name).joined(separator: " and ")) was not called within 2 s. Give every waiter an id of its own that no later waiter reuses (a counter that only goes up, not the number of waiters)")
        try staying.requireCompleted(with: image, "when one of two waiters had cancelled and a third had joined")
        try late.requireCompleted(with: image, "when it joined after another waiter had cancelled")
        try leaving.requireNotCalled("after it cancelled", because: "once cancel() has returned, that waiter's completion must never run")
    }

    static func oneCancelKeepsDownload(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("feed-photo")
        let leaving = Waiter("the waiter that cancelled", url: url)
        let staying = Waiter("the waiter that stayed", url: url)
        try leaving.load(on: subject)
        try staying.load(on: subject)
        try leaving.cancel()
        settle()
        try require(downloader.cancels(of: 1) == 0, "one of two waiters cancelled, and the loader cancelled the shared download although the other still waits for it; cancel the download only when no waiter is left")
        try leaving.cancel()
        settle()
        try require(downloader.cancels(of: 1) == 0, "the same waiter cancelled twice, and the loader cancelled the shared download although another waiter still waits for it; a second cancel() of one token must change nothing (remove that waiter, do not count down)")
        let image = makeImage(50, 50)
        try downloader.finish(1, with: image)
        try staying.requireCompleted(with: image, "when the other waiter had cancelled")
    }

    static func lastCancelCancelsDownload(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("scrolled-away")
        let first = Waiter("the first waiter", url: url)
        let second = Waiter("the second waiter", url: url)
        try first.load(on: subject)
        try second.load(on: subject)
        try first.cancel()
        try second.cancel()
        settle()
        let cancels = downloader.cancels(of: 1)
        try require(cancels == 1, cancels == 0
            ? "both waiters of \(show(url)) cancelled, but the download was not cancelled; when the last waiter leaves, cancel the download so it stops using the network"
            : "both waiters cancelled, and the download was cancelled \(cancels) times; cancel it once, when the last waiter leaves")
        try second.cancel()
        settle()
        try require(downloader.cancels(of: 1) == 1, "a waiter that had already cancelled called cancel() again, and the loader cancelled the download again; a second cancel() must change nothing")
        // A real downloader may still report back after a cancel, typically with nil.
        try downloader.finish(1, with: nil)
        try first.requireNotCalled("after every waiter cancelled and the cancelled download reported back", because: "a waiter that cancelled is never called")
        try second.requireNotCalled("after every waiter cancelled and the cancelled download reported back", because: "a waiter that cancelled is never called")
    }

    static func loadAfterCancelDownloadsAgain(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("back-on-screen")
        let gone = Waiter("the waiter that cancelled", url: url)
        try gone.load(on: subject)
        try gone.cancel()
        settle()
        let back = Waiter("the load after the cancel", url: url)
        try back.load(on: subject)
        settle()
        try require(downloader.count == 2, downloader.count == 1
            ? "after the only waiter cancelled (and the download with it), a new load(\(show(url)), completion:) started no download: it joined the cancelled one, which may never deliver. Forget the download as soon as its last waiter cancels"
            : "after a cancel, one load of \(show(url)) started \(downloader.count - 1) downloads; it should start one")
        let image = makeImage(60, 40)
        try downloader.finish(2, with: image)
        try back.requireCompleted(with: image, "when the new download delivered")
    }

    static func cancelledDownloadResultIgnored(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("back-on-screen")
        let gone = Waiter("the waiter that cancelled", url: url)
        try gone.load(on: subject)
        try gone.cancel()
        let back = Waiter("the load after the cancel", url: url)
        try back.load(on: subject)
        settle()
        guard downloader.count == 2 else {
            throw TestFailure("after the only waiter cancelled, a new load(\(show(url)), completion:) started no second download (see load_after_cancel_downloads_again), so this test cannot go on")
        }
        // The cancelled download reports back late, the way a cancelled URLSession task does.
        try downloader.finish(1, with: nil)
        let early = back.calls
        try require(early.isEmpty, "the cancelled download reported back with nil while a new download of the same URL was running, and the loader handed that nil to the new waiter; when a download ends, check that it is still the one in flight for its URL (compare identities), and ignore it otherwise")
        let image = makeImage(60, 40)
        try downloader.finish(2, with: image)
        try back.requireCompleted(with: image, "when the cancelled download had reported back late and the new one delivered")
        try require(subject.cachedImage(for: url) === image, "after the new download delivered, cachedImage(for: \(show(url))) did not return its image")
    }

    /// A token kept after its completion ran, cancelled while a newer download of the same
    /// URL runs. A loader that finds what to cancel by URL, or by a waiter number that each
    /// download counts from one, withdraws the new download's waiter and cancels it.
    static func lateCancelLeavesNextDownload(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("shown-again")
        let earlier = Waiter("the earlier load", url: url)
        try earlier.load(on: subject)
        let image = makeImage(40, 30)
        try downloader.finish(1, with: image)
        try earlier.requireCompleted(with: image, "when the first download delivered")
        subject.invalidate(url)
        let later = Waiter("the later load", url: url)
        try later.load(on: subject)
        settle()
        guard downloader.count == 2 else {
            throw TestFailure("after invalidate(\(show(url))), a new load started \(downloader.count - 1) downloads; it should start one (see invalidate_forces_download), so this test cannot go on")
        }
        try earlier.cancel()
        settle()
        try require(downloader.cancels(of: 1) == 0, "the earlier load's token was cancelled after its completion had run, and the loader cancelled its download, which had already delivered. A cancel after the completion ran changes nothing: once a waiter has been called, its token has nothing left to withdraw")
        try require(downloader.cancels(of: 2) == 0, "the earlier load's token was cancelled after its completion had run, and the loader cancelled the later load's download of the same URL. A cancel after the completion ran changes nothing: let each token withdraw only its own waiter of its own download (keep the download object in the token, not the URL, and give waiters ids that no other waiter shares)")
        let fresh = makeImage(40, 31)
        try downloader.finish(2, with: fresh)
        try later.requireCompleted(with: fresh, "when the earlier load's token was cancelled after its completion had run, and the later download delivered")
    }
}
