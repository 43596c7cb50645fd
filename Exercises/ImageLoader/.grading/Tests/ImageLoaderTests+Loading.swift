import CacheEngine
import Foundation
import UIKit

/// Points 1 to 3: where images live, what they cost, hits and misses.
extension ImageLoaderTests {
    static func usesNSCache(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("uses-nscache")
        let image = makeImage(12, 12)
        try loadAndFinish(url, with: image, on: subject, downloader: downloader, context: "after one load")
        switch CacheProbe.find(in: subject.instance) {
        case let .engine(cache, path):
            try require(cache.holds(image), "ImageLoader has an NSCache (`\(path)`), but the downloaded image is not in it; store every downloaded image in that NSCache")
        case let .foundation(path):
            throw TestFailure("`\(path)` is Foundation.NSCache written out with its module name; write plain NSCache<NSURL, UIImage> so the course's cache, which stands in for it, is used")
        case let .otherTypes(typeName, path):
            throw TestFailure("`\(path)` is an \(typeName); the images belong in an NSCache whose objects are UIImage, such as NSCache<NSURL, UIImage>")
        case let .none(properties):
            let seen = properties.isEmpty ? "it has no stored properties" : "it has " + properties.joined(separator: ", ")
            throw TestFailure("found no NSCache holding UIImages among ImageLoader's stored properties (\(seen)); keep the downloaded images in an NSCache<NSURL, UIImage>, which can let them go when memory is short, not in a dictionary")
        }
    }

    /// Images evicted by memory pressure must die: a loader that keeps its own strong copy
    /// (a dictionary or an array beside the NSCache) passes every other test, but frees
    /// nothing when memory is short.
    static func keepsNoImagesOfItsOwn(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let urls = [imageURL("kept-nowhere-1"), imageURL("kept-nowhere-2")]
        weak var first: UIImage?
        weak var second: UIImage?
        do {
            let images = [makeImage(16, 16), makeImage(24, 24)]
            first = images[0]
            second = images[1]
            for (url, image) in zip(urls, images) {
                try loadAndFinish(url, with: image, on: subject, downloader: downloader, context: "loading \(show(url))")
            }
        }
        let cache = try CacheProbe.cache(of: subject)
        cache.simulateMemoryPressure(.critical)
        let deadline = Date().addingTimeInterval(1)
        while first != nil || second != nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        let alive = [first, second].compactMap { $0 }.count
        let backInCache = [first, second].compactMap { $0 }.filter { image in cache.images.contains { $0.image === image } }.count
        try require(backInCache == 0, "after critical memory pressure made the NSCache let go of both downloaded images, the cache held \(backInCache == 2 ? "both" : "one of them") again: the delegate puts what the cache evicts back into it (see delegate_leaves_cache_alone). In cache(_:willEvictObject:), count and return")
        try require(alive == 0, "after critical memory pressure made the NSCache let go of both downloaded images, \(alive == 2 ? "both were" : "one was") still alive: something keeps another strong reference to them (a dictionary or an array beside the NSCache, a 'last image' property, a finished download's record or closure that is never let go?). Keep the images in the NSCache and nowhere else, so that the cost limit and memory pressure can free them")
        for url in urls {
            try require(subject.cachedImage(for: url) == nil, "after the NSCache let go of the image of \(show(url)), cachedImage(for:) still returned an image; look images up in the NSCache only")
        }
    }

    static func costIsBytes(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let costLimit = 1_000_000
        let subject = subjectType.init(source: downloader, costLimit: costLimit)
        let cache = try CacheProbe.cache(of: subject)
        try require(cache.totalCostLimit == costLimit, "ImageLoader(downloader:costLimit: \(costLimit)) left the NSCache's totalCostLimit at \(cache.totalCostLimit); set it to costLimit")
        let unlimited = try CacheProbe.cache(of: subjectType.init(source: FakeDownloader(), costLimit: 0))
        try require(unlimited.totalCostLimit == 0, "ImageLoader(downloader:costLimit: 0) set the NSCache's totalCostLimit to \(unlimited.totalCostLimit); set it to costLimit as given, 0 too, which means no limit")
        for (width, height) in [(1, 1), (10, 20), (64, 64), (300, 200)] {
            let image = makeImage(Double(width), Double(height))
            let url = imageURL("cost-\(width)x\(height)")
            try loadAndFinish(url, with: image, on: subject, downloader: downloader, context: "loading a \(width)×\(height) image")
            guard let entry = cache.images.first(where: { $0.image === image }) else {
                throw TestFailure("after loading \(show(url)), the downloaded \(width)×\(height) image was not in the NSCache, so its cost could not be checked; store it before calling the completions")
            }
            let expected = width * height * 4
            try require(entry.cost == expected, "the \(width)×\(height) image was stored with cost \(entry.cost); expected \(width) × \(height) × 4 = \(expected), the bytes it takes decoded (use setObject(_:forKey:cost:))")
            // A hit leaves the entry's cost as it was.
            let hit = Waiter("a load of the cached \(show(url))", url: url)
            try hit.load(on: subject)
            _ = hit.waitForCall()
            _ = subject.cachedImage(for: url)
            let after = cache.images.first(where: { $0.image === image })?.cost
            try require(after == expected, "after a hit on \(show(url)), the \(width)×\(height) image's cost in the NSCache was \(after.map(String.init) ?? "gone"), no longer \(expected): a hit only looks. Storing the image again to mark it recently used (setObject(_:forKey:) without a cost) sets its cost to 0, and the cost limit stops counting it")
        }
    }

    static func hitSkipsDownload(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("hit")
        try require(subject.cachedImage(for: url) == nil, "cachedImage(for:) returned an image for a URL never loaded; it should return nil")
        try require(downloader.count == 0, "cachedImage(for:) started a download; it should only look in the cache")
        try loadAndFinish(url, with: makeImage(20, 20), on: subject, downloader: downloader, context: "on the first load")
        let again = Waiter("the second load", url: url)
        try again.load(on: subject)
        _ = again.waitForCall()
        settle()
        try require(downloader.count == 1, "load(\(show(url)), completion:) started a download although the image was cached (\(downloader.count) downloads in all); on a hit, complete with the cached image and return")
    }

    static func hitCompletesWithCachedImage(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("hit")
        let image = makeImage(20, 20)
        try loadAndFinish(url, with: image, on: subject, downloader: downloader, context: "on the first load")
        try require(subject.cachedImage(for: url) === image, "right after a load completed, cachedImage(for: \(show(url))) did not return the downloaded image; it should return the object the cache holds")
        // A hit's completion, like any other, runs outside the loader's locks: from inside
        // it, another thread's load must return.
        let meanwhile = Waiter("the load another thread started from inside the hit's completion", url: imageURL("loaded-from-a-hit"))
        let returnedInTime = ResultBox<Bool>()
        let again = Waiter("the second load", url: url) { _ in
            returnedInTime.set(returnsWithinASecond { try? meanwhile.load(on: subject) })
        }
        try again.load(on: subject)
        _ = again.waitForCall()
        settle()
        // A hit that also downloads would complete a second time when that download ends.
        if downloader.downloads(of: url).count > 1 { try downloader.finish(downloader.downloads(of: url)[1].number, with: makeImage(20, 20)) }
        try again.requireCompleted(with: image, "loading a cached URL")
        try require(returnedInTime.value == true, "load(\(show(url)), completion:) found the image cached and ran the completion while holding a lock of the loader's, so another thread's load could not return within 1 s. Let go of every lock before calling a completion, on a hit too")
    }

    /// Point 2 under an eviction at the worst moment: the cache may let an image go at any
    /// instant, so also between two lookups of one URL. Another thread's store makes that
    /// moment rare; the course engine's grading hook makes it certain (it evicts every
    /// entry right after a hit has returned it), so a loader that answers a hit with a
    /// second lookup is caught on every run.
    static func hitAnswersWithWhatItFound(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("found-once")
        let image = makeImage(14, 14)
        try loadAndFinish(url, with: image, on: subject, downloader: downloader, context: "on the first load")
        let cache = try CacheProbe.cache(of: subject)
        cache.evictsAfterEveryHit = true
        let direct = subject.cachedImage(for: url)
        try require(direct === image, direct == nil
            ? "the cache let \(show(url)) go right after a lookup found it (as another thread's store can make it do at any moment), and cachedImage(for:) returned nil: it looked the URL up a second time for its answer. Look it up once and return what that lookup gave"
            : "cachedImage(for: \(show(url))) returned a different image than the one the download delivered; return the object the cache holds")
        try loadAndFinish(url, with: image, on: subject, downloader: downloader, context: "loading the URL again once the cache had let it go")
        let again = Waiter("the load of a cached URL", url: url)
        try again.load(on: subject)
        _ = again.waitForCall()
        settle()
        let started = downloader.count
        if started > 2 { try downloader.finish(3, with: makeImage(14, 15)) }
        guard let received = again.calls.first else {
            throw TestFailure("load(\(show(url)), completion:) of a cached URL did not complete within 2 s; on a hit, complete at once with the cached image")
        }
        try require(received != nil, "the cache let \(show(url)) go right after a lookup found it, and the completion received nil: load looked the URL up a second time for its answer. Look it up once (if let hit = …) and complete with what that lookup returned")
        try require(started == 2, "the cache let \(show(url)) go right after a lookup found it, and load started a download anyway: it looked the URL up again after finding it. Look it up once and complete with what that lookup returned")
        try again.requireCompleted(with: image, "loading a cached URL that the cache let go right after the lookup")
    }

    static func missDownloadsOnce(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        // Capitals and a query: "that URL, unchanged" is the URL as given, in every letter.
        let url = URL(string: "image://Media.Example/Users/Miss/Avatar.PNG?Size=64&v=Zq")!
        let waiter = Waiter("the load", url: url)
        try waiter.load(on: subject)
        settle()
        let asked = downloader.urls
        try require(!asked.isEmpty, "load(\(show(url)), completion:) started no download for a URL that is not cached; on a miss, ask the downloader")
        try require(asked == [url], asked.count == 1
            ? "load(\(show(url)), completion:) asked the downloader for \(show(asked[0])); pass it the URL unchanged"
            : "load(\(show(url)), completion:) started \(asked.count) downloads for one miss; start exactly one")
        let image = makeImage(30, 40)
        try downloader.finish(1, with: image)
        try waiter.requireCompleted(with: image, "after the download delivered")
        try require(subject.cachedImage(for: url) === image, "after the load completed, cachedImage(for: \(show(url))) did not return the downloaded image; store it in the cache")

        // Two loaders, each with a downloader of its own, load one URL at once: each asks
        // its own downloader, and each stores what its own download brought.
        let shared = imageURL("asked-of-two-loaders")
        let firstDownloader = FakeDownloader(), secondDownloader = FakeDownloader()
        let first = subjectType.init(source: firstDownloader, costLimit: 0)
        let second = subjectType.init(source: secondDownloader, costLimit: 0)
        let firstWaiter = Waiter("the load of the first loader", url: shared)
        let secondWaiter = Waiter("the load of the second loader", url: shared)
        try firstWaiter.load(on: first)
        try secondWaiter.load(on: second)
        settle()
        try require(firstDownloader.count == 1 && secondDownloader.count == 1, "two ImageLoaders, each with a downloader of its own, loaded \(show(shared)) at once, and their downloaders were asked \(firstDownloader.count) and \(secondDownloader.count) time(s): each loader downloads through its own downloader, and joins only its own downloads (a table of downloads shared by every loader, a static, mixes them)")
        let firstImage = makeImage(31, 31), secondImage = makeImage(32, 32)
        try firstDownloader.finish(1, with: firstImage)
        try secondDownloader.finish(1, with: secondImage)
        try firstWaiter.requireCompleted(with: firstImage, "when each of two loaders downloaded the URL")
        try secondWaiter.requireCompleted(with: secondImage, "when each of two loaders downloaded the URL")
        try require(first.cachedImage(for: shared) === firstImage && second.cachedImage(for: shared) === secondImage, "after two loaders each downloaded \(show(shared)), each loader's cache should hold its own download's image")
    }

    static func completionSeesCachedImage(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("store-first")
        let sawCached = ResultBox<Bool>()
        // Inside its completion, the first caller loads the same URL again (that should be
        // a hit) and starts loading the next image (a miss, which needs the loader's lock).
        let next = imageURL("next-in-line")
        let inner = Waiter("the load started inside a completion", url: url)
        let prefetch = Waiter("the load of the next image started inside a completion", url: next)
        let innerProblem = ResultBox<String>()
        let outer = Waiter("the first load", url: url) { image in
            sawCached.set(image != nil && subject.cachedImage(for: url) === image)
            do {
                try inner.load(on: subject)
                try prefetch.load(on: subject)
            } catch {
                innerProblem.set((error as? TestFailure)?.message ?? "\(error)")
            }
        }
        try outer.load(on: subject)
        let image = makeImage(16, 16)
        try downloader.finish(1, with: image)
        try outer.requireCompleted(with: image, "after the download delivered")
        if let problem = innerProblem.value {
            throw TestFailure("a completion called load(_:completion:) and that call was stuck: never call completions while holding your lock (\(problem))")
        }
        try require(sawCached.value == true, "inside the completion, cachedImage(for: \(show(url))) did not return the downloaded image; store the image in the cache before calling any completion")
        try inner.requireCompleted(with: image, "when a completion loaded the same URL again")
        try require(downloader.downloads(of: url).count == 1, "a completion loaded \(show(url)) again and the loader started a second download of it; store the image before you forget the in-flight download and call the completions, so a late caller gets a hit")
    }

    static func failedDownloadCompletesNil(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("broken")
        try loadAndFinish(url, with: nil, on: subject, downloader: downloader, context: "when the download failed (delivered nil)")
        try require(subject.cachedImage(for: url) == nil, "after a failed download, cachedImage(for: \(show(url))) returned an image; cache nothing when the download fails")
        if case let .engine(cache, _) = CacheProbe.find(in: subject.instance) {
            try require(cache.images.isEmpty, "after a failed download, the NSCache holds \(cache.images.count) image(s); cache nothing when the download fails")
        }
    }
}
