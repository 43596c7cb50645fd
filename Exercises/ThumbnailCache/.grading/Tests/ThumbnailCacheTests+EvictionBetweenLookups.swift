@_spi(Grading) import CacheEngine
import Foundation
import UIKit

extension ThumbnailCacheTests {
    /// Point 7, the last part of survives_memory_pressure: the cache may let an entry go at
    /// any moment, so also between two lookups of one key. Under another thread's store that moment is rare; here the course engine
    /// makes it certain (its grading hook evicts every entry right after a hit returned
    /// it), so code that answers a hit with a second lookup is caught on every run.
    static func evictionBetweenLookups(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let log = GeneratorLog { _ in makeImage(9, 9) }
        let subject = subjectType.init(generator: log.generator)
        let cached = makeImage(7, 7)
        subject.storeThumbnail(cached, forKey: "hit")
        let cache = try engineCache(of: subject)
        try require(holds(cache, cached), "after storeThumbnail(_:forKey: \"hit\"), the image is not in the NSCache, so this test cannot go on (see returns_stored_image)")
        cache._evictsAfterEveryHit = true
        let completion = CompletionLog()
        try loadThumbnail(on: subject, forKey: "hit", completion: completion.handler)
        try require(completion.waitForFirstCall(), "completion \(completion.silence) for a key that was in the cache; call it once with the cached image")
        settle()
        let calls = completion.calls
        try require(calls.count == 1, "completion ran \(times(calls.count)) for one hit; it should run once")
        guard let received = calls[0] else {
            throw TestFailure("the cache let \"hit\" go right after a lookup found it (as another thread's store can make it do at any moment), and completion received nil: loadThumbnail looked the key up a second time for its answer. Look the key up once, keep what that lookup returned (if let cached = …), and complete with it")
        }
        try require(received === cached, log.calls.isEmpty
            ? "completion received a different image than the one cached under \"hit\"; pass the cached object itself"
            : "the cache let \"hit\" go right after a lookup found it, and loadThumbnail called the generator and completed with its image: it looked the key up again after finding it. Look the key up once and complete with what that lookup returned")
    }

    /// The miss path's twin, the last part of survives_memory_pressure: the engine evicts every entry right after the store that made
    /// it, so code that stores the generated image and then looks the key up again for its
    /// answer, instead of passing on the image it holds, completes with nil on every run.
    static func evictionRightAfterStore(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let made = makeImage(11, 11)
        let log = GeneratorLog { _ in made }
        let subject = subjectType.init(generator: log.generator)
        let cache = try engineCache(of: subject)
        cache._evictsAfterEveryStore = true
        let completion = CompletionLog()
        try loadThumbnail(on: subject, forKey: "fresh", completion: completion.handler)
        try require(completion.waitForFirstCall(), "completion \(completion.silence) for a key the generator makes an image for; call it once with that image")
        settle()
        let calls = completion.calls
        try require(calls.count == 1, "completion ran \(times(calls.count)) for one miss; it should run once")
        guard let received = calls[0] else {
            throw TestFailure("the cache let \"fresh\" go right after your store (as it may at any moment), and completion received nil: loadThumbnail looked the key up again after storing the generated image. Complete with the image the generator returned, not with a second lookup")
        }
        try require(received === made, log.calls.count > 1
            ? "the cache let \"fresh\" go right after your store, and loadThumbnail called the generator again: it looked the key up after storing. Complete with the image the generator returned"
            : "completion received a different image than the one the generator made; pass that object itself")
    }
}
