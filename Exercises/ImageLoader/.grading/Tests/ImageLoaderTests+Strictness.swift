import CacheEngine
import Foundation
import UIKit

/// Tests that close gaps a learner's plausible mistake slipped through: URLs that share a
/// file name, tokens dropped without cancelling, an image too large for the cost limit,
/// an invalidate during a download, and a cancelled download that delivers an image.
extension ImageLoaderTests {
    /// Point 1: the cache is keyed by the whole URL, not by a part of it.
    static func wholeURLIsKey(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        // Different URLs that a key made of part of the URL, or of a changed form of it,
        // would take for one: the same file name in other folders, hosts and queries; the
        // same letters in another case; and long URLs that share their first or their last
        // 300 characters, which a key cut to any length a learner would pick confuses.
        let folder = String(repeating: "thumbnails-of-the-week/", count: 13)
        let urls = [
            URL(string: "image://cdn-one/users/17/avatar.png")!,
            URL(string: "image://cdn-one/users/42/avatar.png")!,
            URL(string: "image://cdn-two/users/42/avatar.png")!,
            URL(string: "image://cdn-two/users/42/avatar.png?size=64")!,
            URL(string: "image://cdn-two/users/42/Avatar.png")!,
            URL(string: "image://cdn-two/\(folder)first.png")!,
            URL(string: "image://cdn-two/\(folder)other.png")!,
            URL(string: "image://cdn-one/\(folder)other.png")!,
        ]
        var images: [UIImage] = []
        for (index, url) in urls.enumerated() {
            let image = makeImage(Double(10 + index), 10)
            images.append(image)
            let before = downloader.count
            let waiter = Waiter("the load of \(brief(url))", url: url)
            try waiter.load(on: subject)
            settle()
            if downloader.count == before {
                throw TestFailure("load(\(brief(url)), completion:) started no download, although that URL had not been loaded: it found the image of one of the \(index) URLs loaded before it. Those are different URLs (in a host, a folder, a query, the case of a letter, or a part far from the start or the end); key the cache by the whole URL as it is (url as NSURL, or url.absoluteString as NSString), never by a part of it or a changed form")
            }
            try downloader.finish(before + 1, with: image)
            try waiter.requireCompleted(with: image, "loading \(brief(url))")
        }
        for (url, image) in zip(urls, images) {
            try require(subject.cachedImage(for: url) === image, "after loading \(urls.count) different URLs, some of them alike, cachedImage(for: \(brief(url))) did not return the image downloaded for it; key the cache by the whole URL as it is (url as NSURL, or url.absoluteString as NSString)")
        }
    }

    /// A long URL in a message: its start and its end.
    static func brief(_ url: URL) -> String {
        let text = url.absoluteString
        guard text.count > 90 else { return show(url) }
        return "\"\(text.prefix(45))…\(text.suffix(30))\" (\(text.count) characters)"
    }

    /// Point 4: a caller may drop its token without cancelling; its completion still runs.
    static func droppedTokensStillComplete(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("dropped-tokens")
        let waiters = (1...6).map { Waiter("waiter \($0)", url: url) }
        // All on one thread, each token dropped at once: the next token made there takes
        // the memory of the one before, so a waiter filed under a token's address is replaced.
        try withinPatience("six calls of load(\(show(url)), completion:) that drop their tokens") {
            for waiter in waiters { waiter.loadDroppingToken(on: subject) }
        }
        settle()
        let started = downloader.downloads(of: url)
        try require(started.count == 1, "six loads of \(show(url)) whose callers dropped their tokens started \(started.count) downloads; they should share one (see concurrent_loads_share_download)")
        let image = makeImage(25, 25)
        try downloader.finish(started[0].number, with: image)
        let missing = waitersNeverCalled(waiters)
        try require(missing.isEmpty, "six callers loaded \(show(url)) and dropped the tokens load returned without calling cancel(); when the download delivered, the completions of \(missing.map(\.name).joined(separator: ", ")) never ran. Dropping a token changes nothing: keep each waiter under an identity of your own (a counter, or the token object kept alive), not the address of a token you do not keep")
        for waiter in waiters {
            try waiter.requireCompleted(with: image, "after six callers dropped their tokens and the download delivered")
        }
    }

    /// Point 4: waiters get the downloaded object even when the cache does not keep it.
    static func waitersGetImageCacheRefused(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 1_000)
        let cache = try CacheProbe.cache(of: subject)
        // The course's engine refuses an object that alone costs more than the limit
        // (one of its settings; Foundation on Linux would store it and evict it later).
        cache.oversizeAdmission = .reject
        let url = imageURL("too-large")
        let waiters = try startWaiters(3, for: url, on: subject)
        settle()
        try require(downloader.downloads(of: url).count == 1, "three loads of \(show(url)) started \(downloader.downloads(of: url).count) downloads; they should share one")
        let image = makeImage(100, 100)   // 40,000 bytes, over the 1,000 limit
        try downloader.finish(1, with: image)
        let silent = waitersNeverCalled(waiters)
        for waiter in waiters {
            try require(!silent.contains { $0 === waiter }, "the download of a 100×100 image (40,000 bytes) delivered, which the cache (cost limit 1,000) did not keep, and the completion of \(waiter.name) was not called within 2 s; every waiter is called once, with the downloaded image")
            guard let received = waiter.calls.first else { continue }
            try require(received === image, received == nil
                ? "the download of a 100×100 image delivered, the cache (cost limit 1,000) did not keep it, and \(waiter.name) received nil: the loader looked the image up in the cache again instead of handing on the image it was given. Hand the waiters the downloaded object itself; the cache may refuse or evict it at any moment"
                : "\(waiter.name) received a UIImage object the downloader never delivered; hand every waiter the downloaded object itself")
        }
        for waiter in waiters {
            try waiter.requireCompleted(with: image, "when the cache did not keep the downloaded image")
        }
    }

    /// Point 6: invalidate during a download leaves that download alone.
    static func invalidateSparesDownloadInFlight(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("being-downloaded")
        let early = try startWaiters(2, for: url, on: subject)
        settle()
        try require(downloader.count == 1, "two loads of \(show(url)) started \(downloader.count) downloads; they should share one")
        try withinPatience("invalidate(\(show(url)))") { subject.invalidate(url) }
        settle()
        try require(downloader.cancels(of: 1) == 0, "invalidate(\(show(url))) cancelled the download in flight; it only removes the cached image, and a download already running goes on for its waiters")
        let joiner = Waiter("a load made after invalidate, while the download still ran", url: url)
        try joiner.load(on: subject)
        settle()
        try require(downloader.count == 1, "invalidate(\(show(url))) was called during its download, and the next load started a second download instead of joining the first: invalidate removes the cached image only, and the download in flight stays in your table until it ends")
        let waiters = early + [joiner]
        let image = makeImage(32, 24)
        try downloader.finish(1, with: image)
        let silent = waitersNeverCalled(waiters)
        for waiter in waiters {
            try require(!silent.contains { $0 === waiter }, "invalidate(\(show(url))) was called while its download ran; when the download delivered, the completion of \(waiter.name) was not called within 2 s. A download in flight is not affected by invalidate: do not forget it or its waiters there")
            try waiter.requireCompleted(with: image, "when invalidate had been called during the download")
        }
        try require(subject.cachedImage(for: url) === image, "invalidate(\(show(url))) was called during its download, and when the download delivered, its image was not in the cache: a download in flight is not affected by invalidate, so it stores its image like any other (point 3)")
    }

    /// Point 8: an image a cancelled download delivers late is stored nowhere.
    static func cancelledDownloadImageNotStored(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("cancelled-then-delivered")
        let gone = Waiter("the waiter that cancelled", url: url)
        try gone.load(on: subject)
        try gone.cancel()
        settle()
        try require(downloader.cancels(of: 1) == 1, "the only waiter of \(show(url)) cancelled, and the download was cancelled \(times(downloader.cancels(of: 1))); cancel it once (see last_cancel_cancels_download)")
        // Some downloaders finish what they had anyway and deliver the image after a cancel.
        let late = makeImage(48, 48)
        try downloader.finish(1, with: late)
        try gone.requireNotCalled("after it cancelled and the cancelled download delivered an image", because: "a waiter that cancelled is never called")
        try require(subject.cachedImage(for: url) == nil, "the only waiter of \(show(url)) cancelled, the download was cancelled, and then it delivered an image anyway; the loader cached that image. Whatever a cancelled download delivers is ignored: check that the download is still the one in flight for its URL before storing")
        let cache = try CacheProbe.cache(of: subject)
        try require(!cache.holds(late), "the image a cancelled download delivered late is in the NSCache (under some key); store nothing a cancelled download delivers")
    }
}
