import Foundation
import UIKit

// Point 6: a caller's cancellation, and the download's.
extension ImageStoreTests {
    static func cancelledCallerThrowsAtOnce(_ subjectType: Subject) throws {
        let (subject, downloader) = makeStore(subjectType)
        let caller = Caller("the caller", url: imageURL("slow"))
        try caller.start(on: subject)
        try downloader.waitForDownloads(1, "After a call for \"slow\"", "a miss should start one download")
        try caller.cancel()
        try caller.requireCancelled("When its task was cancelled while the download was still running")
    }

    /// The caller cancelled is the one in the middle, so a store that withdraws the oldest
    /// or the newest caller instead, rather than the one whose task was cancelled, is seen.
    static func oneCancelKeepsDownload(_ subjectType: Subject) throws {
        let (subject, downloader) = makeStore(subjectType)
        let url = imageURL("shared")
        let first = Caller("caller 1", url: url)
        let leaving = Caller("caller 2", url: url)
        let last = Caller("caller 3", url: url)
        try first.start(on: subject)
        try downloader.waitForDownloads(1, "After a call for \"shared\"", "a miss should start one download")
        try leaving.start(on: subject)
        try last.start(on: subject)
        try leaving.cancel()
        try leaving.requireCancelled("When caller 2 was cancelled while callers 1 and 3 still waited")
        try settle(subject)
        try require(!downloader.isCancelled(1), "cancelling caller 2 cancelled the download that callers 1 and 3 still wait for; cancel the download only when its last caller has gone")
        for other in [first, last] {
            try require(!other.hasReturned, "cancelling caller 2 made \(other.name) return too; only the caller whose task was cancelled leaves, and the others go on waiting for the download")
        }
        let image = makeImage(16, 16)
        try downloader.deliver(1, .success(image))
        try first.requireImage(image, "When the download ended after caller 2 had left")
        try last.requireImage(image, "When the download ended after caller 2 had left")
        try require(try cached(url, in: subject) === image, "a download that kept its other callers was not cached when it ended; it is still the URL's download, so it stores its image")

        // The caller that started a download owns it no more than the others do.
        let other = imageURL("started-by-the-leaver")
        let starter = Caller("the caller that started the download", url: other)
        let joiner = Caller("a caller that joined it", url: other)
        try starter.start(on: subject)
        try downloader.waitForDownloads(2, "After a call for \(show(other))", "a miss should start one download")
        try joiner.start(on: subject)
        try starter.cancel()
        try starter.requireCancelled("When the caller that started the download was cancelled while another still waited")
        try settle(subject)
        try require(!downloader.isCancelled(2), "cancelling the caller that started the download of \(show(other)) cancelled it, although another caller still waits for it; the download belongs to all its callers, and only the last one's leaving cancels it (start it in a Task of its own, not as part of the first caller's)")
        let second = makeImage(18, 18)
        try downloader.deliver(2, .success(second))
        try joiner.requireImage(second, "When the caller that started the download had left")
    }

    /// Point 6 for a caller whose task is cancelled before it reaches the store: it throws
    /// `CancellationError` at once, and it leaves nothing behind. A store that checks
    /// `Task.isCancelled` and throws before it has recorded the caller never withdraws it:
    /// the download it started has no caller left yet is neither cancelled nor forgotten,
    /// and the next caller joins a download that nobody will see through.
    static func cancelledBeforeItArrivesLeavesNothing(_ subjectType: Subject) throws {
        let (subject, downloader) = makeStore(subjectType)
        let url = imageURL("scrolled-past")
        let gone = Caller("a caller whose task was cancelled before it called", url: url)
        try gone.start(on: subject, cancelledFirst: true)
        try gone.requireCancelled("When a caller's task was cancelled before it reached the store")
        try settle(subject)
        let next = Caller("the next caller", url: url)
        try next.start(on: subject)
        // By the caller that started it, not by number: the cancelled caller's download may
        // reach the downloader before the next caller's or after it.
        let own = try downloader.waitForDownload(startedBy: next.name, "After a call for \(show(url)) that came after a cancelled one", "it should start a download of its own; the cancelled caller's download, with nobody waiting, must be forgotten")
        let image = makeImage(6, 4)
        try downloader.deliver(own, .success(image))
        try next.requireImage(image, "When the next caller's download delivered")
        for abandoned in downloader.downloads(startedBy: gone.name) {
            try require(downloader.isCancelled(abandoned), "a caller whose task was cancelled before it reached the store threw, but the download it started for \(show(url)) was never cancelled: it had no caller left. Record the caller before you look at its cancellation (withTaskCancellationHandler runs onCancel at once for a task cancelled already), so that its withdrawal cancels the download like any other last caller's")
        }
    }

    static func lastCancelCancelsDownload(_ subjectType: Subject) throws {
        let (subject, downloader) = makeStore(subjectType)
        let url = imageURL("abandoned")
        let callers = [Caller("caller 1", url: url), Caller("caller 2", url: url)]
        try callers[0].start(on: subject)
        try downloader.waitForDownloads(1, "After a call for \"abandoned\"", "a miss should start one download")
        try callers[1].start(on: subject)
        for caller in callers {
            try caller.cancel()
            try caller.requireCancelled("When \(caller.name) was cancelled")
        }
        try settle(subject)
        try require(downloader.isCancelled(1), "every caller of the download of \"abandoned\" was cancelled, but the download's task was not; when the last caller has gone, call cancel() on the task")
    }

    static func cancelledDownloadResultIgnored(_ subjectType: Subject) throws {
        let (subject, downloader) = makeStore(subjectType)
        let url = imageURL("gone")
        let caller = Caller("the first caller", url: url)
        try caller.start(on: subject)
        try downloader.waitForDownloads(1, "After a call for \"gone\"", "a miss should start one download")
        try caller.cancel()
        try caller.requireCancelled("When the only caller was cancelled")
        try settle(subject)
        let late = makeImage(30, 30)
        try downloader.deliver(1, .success(late))
        let next = Caller("a caller after the cancel", url: url)
        try next.start(on: subject)
        try downloader.waitForDownloads(2, "After the only caller of \"gone\" was cancelled and its download returned an image anyway", "the next call should start a new download, since the cancelled one is forgotten and its result stored nowhere")
        let fresh = makeImage(30, 30)
        try downloader.deliver(2, .success(fresh))
        try next.requireImage(fresh, "When the new download ended")
        try require(try cached(url, in: subject) === fresh, "after the new download of \"gone\" ended, the cache does not hold its image")
    }
}
