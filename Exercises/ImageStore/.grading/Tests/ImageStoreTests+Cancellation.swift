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

    static func oneCancelKeepsDownload(_ subjectType: Subject) throws {
        let (subject, downloader) = makeStore(subjectType)
        let url = imageURL("shared")
        let leaving = Caller("caller 1", url: url)
        let staying = Caller("caller 2", url: url)
        try leaving.start(on: subject)
        try downloader.waitForDownloads(1, "After a call for \"shared\"", "a miss should start one download")
        try staying.start(on: subject)
        try leaving.cancel()
        try leaving.requireCancelled("When caller 1 was cancelled while caller 2 still waited")
        try settle(subject)
        try require(!downloader.isCancelled(1), "cancelling caller 1 cancelled the download that caller 2 still waits for; cancel the download only when its last caller has gone")
        try require(!staying.hasReturned, "cancelling caller 1 made caller 2 return too; the other callers should go on waiting for the download")
        let image = makeImage(16, 16)
        try downloader.deliver(1, .success(image))
        try staying.requireImage(image, "When the download ended after caller 1 had left")
        try require(try cached(url, in: subject) === image, "a download that kept one caller was not cached when it ended; it is still the URL's download, so it stores its image")
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
