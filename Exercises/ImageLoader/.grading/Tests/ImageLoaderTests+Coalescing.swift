import CacheEngine
import Foundation
import UIKit

/// Points 4 and 5: one download per URL at a time, forgotten when it ends.
extension ImageLoaderTests {
    static func concurrentLoadsShareDownload(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("popular")
        _ = try startWaiters(5, for: url, on: subject)
        settle()
        let started = downloader.downloads(of: url).count
        try require(started == 1, started == 0
            ? "five loads of \(show(url)) started no download at all; the first miss should start one"
            : "five loads of \(show(url)), all made while its download was still running, started \(started) downloads; the first miss starts the download and later callers join it")
    }

    static func waitersGetSameImage(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("popular")
        let waiters = try startWaiters(5, for: url, on: subject)
        settle()
        // Deliver every download that was started, each with an image of its own, so
        // waiters served by separate downloads receive separate objects.
        let downloads = downloader.downloads(of: url)
        try require(!downloads.isEmpty, "five loads of \(show(url)) started no download; the first miss should start one")
        var images: [UIImage] = []
        for download in downloads {
            let image = makeImage(40, 30)
            images.append(image)
            try downloader.finish(download.number, with: image)
        }
        for waiter in waiters {
            try require(waiter.waitForCall(), "after the shared download delivered, the completion of \(waiter.name) of 5 was not called within 2 s; every waiter's completion must run once")
        }
        settle()
        for waiter in waiters {
            let calls = waiter.calls
            try require(calls.count == 1, "after one shared download, the completion of \(waiter.name) of 5 was called \(times(calls.count)); call each waiter exactly once")
            guard let received = calls[0] else {
                throw TestFailure("after the shared download delivered an image, \(waiter.name) of 5 received nil; hand every waiter the image")
            }
            try require(received === images[0], images.contains { $0 === received }
                ? "\(waiter.name) of 5 received the image of a second download of the same URL; all waiters should share the first download and receive the same object"
                : "\(waiter.name) of 5 received a UIImage object the downloader never delivered; hand every waiter the downloaded object itself")
        }
    }

    static func urlsLoadSeparately(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        // URLs a table keyed by less than the whole URL, or by a changed form of it, mixes
        // up: the same file name in two folders, the same path with another query, the
        // same letters in another case.
        let urls = [
            URL(string: "image://cdn/cats/avatar.png")!,
            URL(string: "image://cdn/dogs/avatar.png")!,
            URL(string: "image://cdn/cats/avatar.png?size=64")!,
            URL(string: "image://cdn/cats/Avatar.png")!,
        ]
        let waiters = urls.map { Waiter("the first load of \(show($0))", url: $0) } + urls.map { Waiter("the second load of \(show($0))", url: $0) }
        for waiter in waiters { try waiter.load(on: subject) }
        settle()
        let asked = downloader.urls
        let listed = urls.map(show).joined(separator: ", ")
        try require(urls.allSatisfy { url in asked.filter { $0 == url }.count == 1 }, "two loads each of \(listed), all at once, asked the downloader for [\(asked.map(show).joined(separator: ", "))]; expected one download per URL: loads share a download only when their URLs are equal, whole and as given (key the table of downloads in flight by the URL itself)")
        var images: [URL: UIImage] = [:]
        for (index, url) in urls.enumerated() { images[url] = makeImage(Double(11 * (index + 1)), 11) }
        // Deliver the last first: the order in which downloads end must not matter.
        for url in urls.reversed() {
            let number = downloader.downloads(of: url)[0].number
            try downloader.finish(number, with: images[url]!)
        }
        for waiter in waiters {
            try waiter.requireCompleted(with: images[waiter.url]!, "with \(listed) downloading at once")
        }
    }

    static func reloadAfterEvictionDownloads(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("comes-and-goes")
        try loadAndFinish(url, with: makeImage(20, 20), on: subject, downloader: downloader, context: "on the first load")
        let cache = try CacheProbe.cache(of: subject)
        cache.simulateMemoryPressure(.critical)
        try require(subject.cachedImage(for: url) == nil, "after critical memory pressure emptied the NSCache, cachedImage(for: \(show(url))) still returned an image; look images up in the NSCache only")
        let again = Waiter("the load after the eviction", url: url)
        try again.load(on: subject)
        settle()
        guard downloader.count == 2 else {
            let finished = again.calls.first ?? nil
            throw TestFailure(finished != nil
                ? "after the NSCache evicted the image, load(\(show(url)), completion:) completed with an image without downloading; a finished download must leave nothing behind that keeps the image alive"
                : "after the NSCache evicted the image, load(\(show(url)), completion:) started no new download: it joined the download that had already finished. Remove the in-flight entry when its download ends")
        }
        let fresh = makeImage(21, 21)
        try downloader.finish(2, with: fresh)
        try again.requireCompleted(with: fresh, "after the eviction and a second download")
    }

    static func retryAfterFailureDownloads(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("flaky")
        try loadAndFinish(url, with: nil, on: subject, downloader: downloader, context: "when the first download failed")
        let retry = Waiter("the load after the failure", url: url)
        try retry.load(on: subject)
        settle()
        try require(downloader.count == 2, retry.calls.isEmpty
            ? "after a failed download, load(\(show(url)), completion:) started no new download: it joined the download that had already failed. Remove the in-flight entry when its download ends, whether it succeeded or not"
            : "after a failed download, load(\(show(url)), completion:) completed without downloading again; a failure is not cached, so the next load should try again")
        let image = makeImage(25, 25)
        try downloader.finish(2, with: image)
        try retry.requireCompleted(with: image, "when the second download succeeded")

        // A completion that retries at once, from inside: by then the failed download must
        // already be forgotten, or the retry joins a download that will never deliver again.
        let eager = imageURL("flaky-retried-at-once")
        let inner = Waiter("the load made inside the completion of the failed download", url: eager)
        let outer = Waiter("a load whose completion retries on nil", url: eager) { image in
            if image == nil { try? inner.load(on: subject) }
        }
        try outer.load(on: subject)
        try require(downloader.count == 3, "load(\(show(eager)), completion:) started \(downloader.count - 2) downloads for a URL that was not cached; a miss should start exactly one")
        try downloader.finish(3, with: nil)
        try outer.requireCompleted(with: nil, "when the download failed")
        settle()
        try require(downloader.count == 4, inner.calls.isEmpty
            ? "a completion that received nil called load(\(show(eager)), completion:) again, and no new download started: the retry joined the download that had just failed. Remove the in-flight entry before you call the waiters, in the same locked step that takes them"
            : "a completion that received nil called load(\(show(eager)), completion:) again, and the retry completed without downloading; a failure is not cached, so the next load should try again")
        let second = makeImage(26, 26)
        try downloader.finish(4, with: second)
        try inner.requireCompleted(with: second, "when the retry made inside the failed completion downloaded")
    }
}
