import CacheEngine
import Foundation
import UIKit

/// Points 6 and 7: removing images on purpose, and counting what the cache evicts.
extension ImageLoaderTests {
    static func invalidateForcesDownload(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let url = imageURL("avatar")
        let old = makeImage(32, 32)
        try loadAndFinish(url, with: old, on: subject, downloader: downloader, context: "on the first load")
        try require(subject.cachedImage(for: url) === old, "after a load completed, cachedImage(for: \(show(url))) did not return the downloaded image, so there was nothing to invalidate; cache the images first (see miss_downloads_once)")
        try withinPatience("invalidate(\(show(url)))") { subject.invalidate(url) }
        try require(subject.cachedImage(for: url) == nil, "after invalidate(\(show(url))), cachedImage(for:) still returned the old image; remove it from the NSCache")
        if case let .engine(cache, _) = CacheProbe.find(in: subject.instance) {
            try require(!cache.holds(old), "after invalidate(\(show(url))), the old image is still in the NSCache; remove it with removeObject(forKey:)")
        }
        let again = Waiter("the load after invalidate", url: url)
        try again.load(on: subject)
        settle()
        guard downloader.count == 2 else {
            throw TestFailure(again.calls.first.map { $0 === old } == true
                ? "after invalidate(\(show(url))), load completed with the old image without downloading; invalidate must make the next load download again"
                : "after invalidate(\(show(url))), load(\(show(url)), completion:) started no new download; the next load after invalidate must download again")
        }
        let fresh = makeImage(32, 32)
        try downloader.finish(2, with: fresh)
        try again.requireCompleted(with: fresh, "after invalidate and a new download")
    }

    static func invalidateLeavesOtherURLs(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let cat = imageURL("cat")
        let dog = imageURL("dog")
        let catImage = makeImage(10, 10)
        let dogImage = makeImage(20, 20)
        try loadAndFinish(cat, with: catImage, on: subject, downloader: downloader, context: "loading \(show(cat))")
        try loadAndFinish(dog, with: dogImage, on: subject, downloader: downloader, context: "loading \(show(dog))")
        try withinPatience("invalidate(\(show(cat)))") { subject.invalidate(cat) }
        try require(subject.cachedImage(for: dog) === dogImage, "after invalidate(\(show(cat))), cachedImage(for: \(show(dog))) no longer returned its image; invalidate one URL, not the whole cache")
        let never = imageURL("never-loaded")
        try withinPatience("invalidate(\(show(never))) for a URL never loaded") { subject.invalidate(never) }
        try require(subject.cachedImage(for: dog) === dogImage, "after invalidate(\(show(never))) for a URL never loaded, \(show(dog)) was no longer cached; invalidating an unknown URL should change nothing")
        try require(downloader.count == 2, "invalidate(_:) started a download; it should only forget the cached image")
    }

    static func delegateIsSet(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        try loadAndFinish(imageURL("first"), with: makeImage(8, 8), on: subject, downloader: downloader, context: "on the first load")
        let cache = try CacheProbe.cache(of: subject)
        try require(cache.delegate != nil, "the NSCache's delegate is nil. Set it in init, and keep the delegate in a property of ImageLoader: NSCache does not keep its delegate alive (Apple holds it unretained, Foundation on Linux and the course's engine weakly), so a delegate nobody else holds is gone at once")
    }

    static func evictionCountMatchesCache(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let side = 40
        let imageCost = side * side * 4
        let subject = subjectType.init(source: downloader, costLimit: 3 * imageCost)
        let cache = try CacheProbe.cache(of: subject)
        try require(subject.evictionCount == 0, "a new ImageLoader reports evictionCount \(subject.evictionCount); nothing has been evicted yet, so it should be 0")
        for index in 1...6 {
            try loadAndFinish(imageURL("tile-\(index)"), with: makeImage(Double(side), Double(side)), on: subject, downloader: downloader, context: "loading tile \(index)")
        }
        let byLimit = cache.statistics.totalEvictions
        try require(byLimit > 0, "six \(side)×\(side) images (\(imageCost) bytes each) under costLimit \(3 * imageCost) made the NSCache evict nothing; charge every image its cost so the limit can work")
        try require(cache.delegate != nil, "the NSCache evicted \(byLimit) image(s), but it has no delegate to tell (see delegate_is_set)")
        try require(subject.evictionCount == byLimit, "the NSCache evicted \(byLimit) image(s) to stay under its cost limit, but evictionCount is \(subject.evictionCount); count one for each call of cache(_:willEvictObject:), and nothing else")
        cache.simulateMemoryPressure(.critical)
        let all = cache.statistics.totalEvictions
        try require(subject.evictionCount == all, "after critical memory pressure the NSCache has evicted \(all) image(s) in all (\(all - byLimit) of them for the pressure), but evictionCount is \(subject.evictionCount); the delegate hears about those evictions too")
    }

    static func evictionCountIgnoresOtherWork(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let urls = ["a", "b", "c"].map(imageURL)
        for url in urls {
            try loadAndFinish(url, with: makeImage(10, 10), on: subject, downloader: downloader, context: "loading \(show(url))")
        }
        try require(subject.evictionCount == 0, "after three downloads stored three images in a cache without limits, evictionCount is \(subject.evictionCount); storing an image is not an eviction")
        let hit = Waiter("a load of a cached URL", url: urls[0])
        try hit.load(on: subject)
        _ = hit.waitForCall()
        _ = subject.cachedImage(for: urls[2])
        try require(subject.evictionCount == 0, "after loads and lookups of cached URLs, evictionCount is \(subject.evictionCount); a hit is not an eviction")
        try withinPatience("invalidate(\(show(urls[1])))") { subject.invalidate(urls[1]) }
        try withinPatience("invalidate(\(show(imageURL("unknown"))))") { subject.invalidate(imageURL("unknown")) }
        try loadAndFinish(urls[1], with: makeImage(10, 10), on: subject, downloader: downloader, context: "loading \(show(urls[1])) after invalidate")
        settle()
        let evicted = try CacheProbe.cache(of: subject).statistics.totalEvictions
        try require(subject.evictionCount == evicted, "after invalidate(_:) and a reload, evictionCount is \(subject.evictionCount) but the NSCache evicted \(evicted) image(s). Count only what cache(_:willEvictObject:) hears: the course's engine (like Foundation on Linux) does not call it for removeObject(forKey:), and on Apple platforms, where it does, the delegate already counts it, so never add to the count yourself")

        // Another loader's evictions are not this one's: each loader counts its own cache.
        let other = subjectType.init(source: FakeDownloader(), costLimit: 0)
        let otherCache = try CacheProbe.cache(of: other)
        otherCache.countLimit = 1
        for name in ["other-1", "other-2", "other-3"] { _ = otherCache.store(makeImage(4, 4), name: name) }
        settle()
        try require(subject.evictionCount == evicted, "another ImageLoader's cache evicted \(otherCache.statistics.totalEvictions) image(s), and this loader's evictionCount went from \(evicted) to \(subject.evictionCount): the count is shared by every loader (a static?). Give each loader a delegate and a count of its own")
    }

    static func delegateLeavesCacheAlone(_ subjectType: any ImageLoaderSubject.Type) throws {
        let downloader = FakeDownloader()
        let subject = subjectType.init(source: downloader, costLimit: 0)
        var images: [UIImage] = []
        for index in 1...4 {
            let image = makeImage(12, 12)
            images.append(image)
            try loadAndFinish(imageURL("photo-\(index)"), with: image, on: subject, downloader: downloader, context: "loading photo \(index)")
        }
        let cache = try CacheProbe.cache(of: subject)
        cache.enableEventLog(capacity: 512)
        cache.simulateMemoryPressure(.critical)
        settle()
        let events = cache.events
        let evicted = events.filter { if case .evict = $0.kind { true } else { false } }.count
        let other = events.filter {
            switch $0.kind {
            case .evict, .pressure: false
            default: true
            }
        }
        if !other.isEmpty {
            let stores = other.filter { [.insert, .update].contains($0.kind) }.count
            let what = stores > 0
                ? "stored \(stores) image(s) back into it"
                : "used it (\(other.prefix(3).map(\.kind.label).joined(separator: ", ")))"
            throw TestFailure("while the NSCache evicted \(evicted) image(s) for memory pressure, the code called from cache(_:willEvictObject:) \(what). The delegate may only count: Apple's documentation says not to modify the cache from that method, Foundation on Linux deadlocks if you do, and the eviction is decided before the delegate hears of it")
        }
        let kept = images.filter { cache.holds($0) }.count
        try require(kept == 0, "after critical memory pressure the NSCache still holds \(kept) of the 4 images; nothing may put them back")
    }

    static func evictionCountThreadSafe(_ subjectType: any ImageLoaderSubject.Type) throws {
        let subject = subjectType.init(source: FakeDownloader(), costLimit: 0)
        let cache = try CacheProbe.cache(of: subject)
        try require(cache.store(makeImage(1, 1), name: "probe"), "this test stores images straight into the NSCache and can make NSURL or NSString keys only; key the cache by NSURL (url as NSURL) or NSString")
        cache.countLimit = 1
        let threads = 4
        let storesPerThread = 300
        let group = DispatchGroup()
        let gate = DispatchSemaphore(value: 0)
        for thread in 0..<threads {
            group.enter()
            Thread {
                gate.wait()
                for index in 0..<storesPerThread {
                    _ = cache.store(makeImage(1, 1), name: "t\(thread)-\(index)")
                }
                group.leave()
            }.start()
        }
        // A reader on the side: the count may be read while evictions happen.
        let reading = Flag()
        reading.set(true)
        Thread {
            while reading.value { _ = subject.evictionCount }
        }.start()
        for _ in 0..<threads { gate.signal() }
        let stuck = "\(threads) threads storing into the NSCache (countLimit 1, so every store evicts) are all waiting for each other (a deadlock); does the delegate wait for something, or take a lock the cache's caller holds?"
        let outcome = BoundedWait.wait(until: .now() + .seconds(4)) { group.wait(timeout: $0) }
        if outcome != .done {
            reading.set(false)
            throw TestFailure(outcome == .stuck ? stuck : "\(threads) threads storing into the NSCache (countLimit 1, so every store evicts) did not finish within 4 s; does the delegate wait for something, or take a lock the cache's caller holds?")
        }
        reading.set(false)
        let evicted = cache.statistics.totalEvictions
        try require(cache.delegate != nil, "the NSCache evicted \(evicted) image(s), but it has no delegate to tell (see delegate_is_set)")
        try require(subject.evictionCount == evicted, "\(threads) threads at once made the NSCache evict \(evicted) image(s), but evictionCount is \(subject.evictionCount). The delegate is called on whichever thread caused the eviction, several at a time: guard the count with a lock")
    }
}

/// A thread-safe boolean.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false

    func set(_ newValue: Bool) { lock.withLock { stored = newValue } }
    var value: Bool { lock.withLock { stored } }
}
