import Foundation
import UIKit

// Points 4 and 5: one download per URL, and what an `await` lets happen in between.
extension ImageStoreTests {
    static func callersShareDownload(_ subjectType: Subject) throws {
        let (subject, downloader) = makeStore(subjectType)
        let url = imageURL("avatar")
        let first = Caller("caller 1", url: url)
        try first.start(on: subject)
        try downloader.waitForDownloads(1, "After a call for \"avatar\"", "a miss should start one download")
        var callers = [first]
        for number in 2...4 {
            let caller = Caller("caller \(number)", url: url)
            try caller.start(on: subject)
            callers.append(caller)
        }
        let extra = "callers 2 to 4 came while the first download was running and started downloads of their own: the first caller's await let them into the actor, and they found no image yet. Record the download in flight before the first await, and let later callers wait for it"
        try require(downloader.count == 1, "\(downloader.count) downloads of \"avatar\" started; \(extra)")
        let image = makeImage(32, 32)
        try downloader.deliver(1, .success(image))
        for caller in callers {
            do {
                try caller.requireImage(image, "When the one download of \"avatar\" ended")
            } catch let failure as TestFailure where downloader.count > 1 {
                throw TestFailure("\(failure.message). The store started \(downloader.count) downloads: \(extra)")
            }
        }
        try require(downloader.count == 1, "\(downloader.count) downloads of \"avatar\" started; \(extra)")
    }

    /// Different URLs that a table keyed by part of the URL would take for one: another
    /// file in the same folder, the same file with a query, on another host, or with a
    /// capital letter.
    static func urlsDownloadSeparately(_ subjectType: Subject) throws {
        let (subject, downloader) = makeStore(subjectType)
        let urls = [
            URL(string: "image://cdn-one/pets/cat.png")!,
            URL(string: "image://cdn-one/pets/dog.png")!,
            URL(string: "image://cdn-one/pets/cat.png?w=64")!,
            URL(string: "image://cdn-two/pets/cat.png")!,
            URL(string: "image://cdn-one/pets/Cat.png")!,
        ]
        let callers = urls.map { Caller("the caller of \(show($0))", url: $0) }
        for caller in callers { try caller.start(on: subject) }
        let names = urls.map(show).joined(separator: ", ")
        try downloader.waitForDownloads(urls.count, "After calls for \(names)", "each URL needs a download of its own; these differ in their file, query, host or the case of a letter")
        try require(Set(downloader.urls) == Set(urls), "the store downloaded \(downloader.urls.map(show)) for calls of \(names); each URL should be downloaded as given")
        for (index, caller) in callers.enumerated().reversed() {
            let image = makeImage(Double(10 + index), 10)
            try downloader.deliver(downloader.urls.firstIndex(of: caller.url)! + 1, .success(image))
            try caller.requireImage(image, "When the download of \(show(caller.url)) ended")
        }
    }

    static func invalidateForcesDownload(_ subjectType: Subject) throws {
        let (subject, downloader) = makeStore(subjectType)
        let url = imageURL("profile")
        let other = imageURL("cover")
        let otherImage = makeImage(5, 5)
        try load(url, with: makeImage(12, 12), on: subject, downloader: downloader, "After a first call for \"profile\"")
        try load(other, with: otherImage, on: subject, downloader: downloader, "After a first call for \"cover\"")
        try invalidate(url, in: subject)
        try require(try cached(url, in: subject) == nil, "after invalidate(\"profile\"), cachedImage(for:) still returned an image; invalidate should remove it from the cache")
        try require(try cached(other, in: subject) === otherImage, "invalidate(\"profile\") also dropped \"cover\"; it should remove only the URL it is given")
        let again = Caller("a caller after invalidate", url: url)
        try again.start(on: subject)
        try downloader.waitForDownloads(3, "After invalidate(\"profile\")", "the next call for it should download again")
        let fresh = makeImage(12, 12)
        try downloader.deliver(3, .success(fresh))
        try again.requireImage(fresh, "After invalidate(\"profile\") and a new download")
    }

    static func invalidatedDownloadNotStored(_ subjectType: Subject) throws {
        let (subject, downloader) = makeStore(subjectType)
        let url = imageURL("menu")
        let early = Caller("the caller before invalidate", url: url)
        try early.start(on: subject)
        try downloader.waitForDownloads(1, "After a call for \"menu\"", "a miss should start one download")
        try invalidate(url, in: subject)
        try settle(subject)
        try require(!downloader.isCancelled(1), "invalidate(\"menu\") cancelled the download in flight; it forgets that download, but its callers still wait for it and get what it brings (a real downloader throws once its task is cancelled): only a download's last caller, by leaving, cancels it")
        let stale = makeImage(50, 50)
        try downloader.deliver(1, .success(stale))
        try early.requireImage(stale, "When a download invalidated while it ran ended")
        try require(try cached(url, in: subject) == nil, "a download that began before invalidate(\"menu\") stored its image when it ended; after its await, check that it is still the URL's current download, and store nothing if it is not")
    }

    static func newerDownloadStaysShared(_ subjectType: Subject) throws {
        let (subject, downloader) = makeStore(subjectType)
        let url = imageURL("news")
        let early = Caller("the caller before invalidate", url: url)
        try early.start(on: subject)
        try downloader.waitForDownloads(1, "After a call for \"news\"", "a miss should start one download")
        try invalidate(url, in: subject)
        let late = Caller("a caller after invalidate", url: url)
        try late.start(on: subject)
        try downloader.waitForDownloads(2, "After invalidate(\"news\") during its download", "the next call should start a new download, since the running one may bring the old image")
        let stale = makeImage(40, 40)
        try downloader.deliver(1, .success(stale))
        try early.requireImage(stale, "When the invalidated download ended")
        try require(try cached(url, in: subject) !== stale, "when the download of \"news\" invalidated while it ran ended, your store cached its image; it is not the URL's current download any more, so it hands the image to its own callers and stores nothing")
        let third = Caller("a caller after the old download ended", url: url)
        try third.start(on: subject)
        try require(downloader.count == 2, "a call made while the newer download of \"news\" was running started download \(downloader.count); the ending of the invalidated download removed the newer one from your table. After its await, an old download may only remove its own entry")
        let fresh = makeImage(48, 48)
        try downloader.deliver(2, .success(fresh))
        try late.requireImage(fresh, "When the newer download ended")
        try third.requireImage(fresh, "When the newer download ended")
        try require(try cached(url, in: subject) === fresh, "after both downloads of \"news\" ended, the cache does not hold the newer image; only the download that is still current stores its result")
    }

    /// The cancel-path twin of ``newerDownloadStaysShared``: the invalidated download ends
    /// because its last caller leaves, not because it returns.
    static func cancelledOldDownloadKeepsNewer(_ subjectType: Subject) throws {
        let (subject, downloader) = makeStore(subjectType)
        let url = imageURL("headline")
        let early = Caller("the caller before invalidate", url: url)
        try early.start(on: subject)
        try downloader.waitForDownloads(1, "After a call for \"headline\"", "a miss should start one download")
        try invalidate(url, in: subject)
        let late = Caller("a caller after invalidate", url: url)
        try late.start(on: subject)
        try downloader.waitForDownloads(2, "After invalidate(\"headline\") during its download", "the next call should start a new download, since the running one may bring the old image")
        try early.cancel()
        try early.requireCancelled("When the only caller of the invalidated download was cancelled")
        try settle(subject)
        let third = Caller("a caller after the old download's last caller left", url: url)
        try third.start(on: subject)
        try require(downloader.count == 2, "a call made while the newer download of \"headline\" was running started download \(downloader.count); when the last caller of the invalidated download left, your store forgot the newer download too. When a download's last caller leaves, remove the URL's entry only if it is still that download's")
        let fresh = makeImage(44, 44)
        try downloader.deliver(2, .success(fresh))
        try late.requireImage(fresh, "When the newer download ended")
        try third.requireImage(fresh, "When the newer download ended")
    }
}
