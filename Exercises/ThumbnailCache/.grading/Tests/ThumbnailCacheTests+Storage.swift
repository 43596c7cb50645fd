import CacheEngine
import Foundation
import UIKit

extension ThumbnailCacheTests {
    static func usesNSCache(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let subject = subjectType.init(generator: { _ in nil })
        let image = makeImage(10, 10)
        subject.storeThumbnail(image, forKey: "uses-nscache")
        switch EngineProbe.find(in: subject.instance) {
        case let .engine(cache, path):
            try require(
                holds(cache, image),
                "ThumbnailCache has an NSCache (`\(path)`), but storeThumbnail(_:forKey:) did not put the image in it; store every thumbnail in that NSCache"
            )
        case let .foundation(path):
            throw TestFailure("`\(path)` is Foundation.NSCache written out with its module name; write plain NSCache<NSString, UIImage> so the course's cache, which stands in for it, is used")
        case let .otherTypes(typeName, path):
            throw TestFailure("`\(path)` is an \(typeName); the contract asks for NSCache<NSString, UIImage> (NSString keys, UIImage values)")
        case let .none(properties):
            let found = properties.isEmpty ? "it has no stored properties" : "it has " + properties.joined(separator: ", ")
            throw TestFailure("found no NSCache<NSString, UIImage> among ThumbnailCache's stored properties (\(found)); keep the thumbnails in an NSCache, which can let them go under memory pressure, not in a dictionary")
        }
    }

    static func noSecondStrongCopy(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let log = GeneratorLog { _ in makeImage(8, 8) }
        let subject = subjectType.init(generator: log.generator)
        let cache = try engineCache(of: subject)
        // The test decides when the cache lets go, so the learner's limits must not.
        cache.totalCostLimit = 0
        cache.countLimit = 0
        weak var stored: UIImage?
        do {
            let image = makeImage(16, 16)
            stored = image
            subject.storeThumbnail(image, forKey: "stored")
        }
        // Hits hand the image out; the class keeps nothing of them ("the last hit").
        _ = subject.thumbnail(forKey: "stored")
        let hit = WeakCompletionLog()
        try loadThumbnail(on: subject, forKey: "stored", completion: hit.handler)
        _ = hit.waitForFirstCall()
        let completion = WeakCompletionLog()
        try loadThumbnail(on: subject, forKey: "generated", completion: completion.handler)
        _ = completion.waitForFirstCall()
        settle()
        weak var generated = completion.image
        try require(stored.map { holds(cache, $0) } ?? false, "the image stored under \"stored\" was not in the NSCache right after storeThumbnail(_:forKey:)")

        cache.removeAllObjects()
        settle()
        try require(stored == nil, "after the NSCache let go of the image stored under \"stored\" (and looked up twice, with thumbnail(forKey:) and loadThumbnail), the image was still alive: ThumbnailCache keeps a second strong reference to it (a dictionary, an array, a 'last image' or 'last hit' property?); let the NSCache be its only owner")
        try require(generated == nil, "after the NSCache let go of the image generated for \"generated\", it was still alive: ThumbnailCache keeps a second strong reference to generated images; let the NSCache be their only owner")
        try require(subject.thumbnail(forKey: "stored") == nil, "thumbnail(forKey: \"stored\") still returned an image after the NSCache let go of it; look the image up in the NSCache only")

        // An eviction, unlike a removal, tells the cache's delegate: one that keeps what
        // it hears about is a second owner too.
        weak var evicted: UIImage?
        do {
            let image = makeImage(16, 16)
            evicted = image
            subject.storeThumbnail(image, forKey: "evicted")
        }
        cache.simulateMemoryPressure(.critical)
        settle()
        try require(evicted == nil, "after the NSCache evicted the image stored under \"evicted\" (critical memory pressure), the image was still alive: something of ThumbnailCache keeps evicted images (a delegate that collects what the cache lets go?); let the NSCache be their only owner")
    }

    static func returnsStoredImage(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let subject = subjectType.init(generator: { _ in nil })
        let alpha = makeImage(10, 10)
        let beta = makeImage(10, 10)
        subject.storeThumbnail(alpha, forKey: "alpha")
        subject.storeThumbnail(beta, forKey: "beta")
        for (key, image) in [("alpha", alpha), ("beta", beta)] {
            let found = subject.thumbnail(forKey: key)
            try require(found != nil, "thumbnail(forKey: \"\(key)\") returned nil right after storeThumbnail(_:forKey: \"\(key)\"); it should return the stored image")
            try require(found === image, "thumbnail(forKey: \"\(key)\") returned a different UIImage object than the one stored under \"\(key)\"; return the stored object itself")
        }
        let replacement = makeImage(10, 10)
        subject.storeThumbnail(replacement, forKey: "alpha")
        try require(subject.thumbnail(forKey: "alpha") === replacement, "after a second image was stored under \"alpha\", thumbnail(forKey: \"alpha\") did not return it; the latest store should win")
    }

    static func missReturnsNil(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let log = GeneratorLog { _ in makeImage(4, 4) }
        let subject = subjectType.init(generator: log.generator)
        try require(try thumbnail(on: subject, forKey: "never-stored") == nil, "thumbnail(forKey:) returned an image for a key that was never stored; on a miss it should return nil")
        subject.storeThumbnail(makeImage(4, 4), forKey: "present")
        try require(try thumbnail(on: subject, forKey: "absent") == nil, "after storing \"present\", thumbnail(forKey: \"absent\") returned an image; a miss should return nil")
        try require(log.calls.isEmpty, "thumbnail(forKey:) called the generator \(times(log.calls.count)); it should only look in the cache (loadThumbnail(forKey:completion:) is the one that generates)")
    }

    static func keysAreIsolated(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let subject = subjectType.init(generator: { _ in nil })
        let cache = try engineCache(of: subject)
        // Keys that differ only at their very end, after 16, 40 and 64 equal characters, and
        // keys hundreds of characters long: a key cut to any fixed length collides here; and
        // keys that differ only in a separator, which a key rewritten without it confuses, or
        // in what a path tidied up (or a string trimmed of line breaks) would drop.
        let folder = "albums/2024/summer/"
        let long = String(repeating: "holiday-photos/", count: 20)
        let keys = ["photo", "Photo", "PHOTO", "photo ", " photo", "photo\n", "\tphoto", "photo.jpg", "photo/1", "photo1", "phot", "small-photo", "photo-small", "a", "b", "a/b", "ab", "a:b", "a_b", "a-b", "a.b", "a//b", "a/./b", "a/b/",
                    "0123456789abcdef-1", "0123456789abcdef-2",
                    folder + "beach-0123456789abcdefghij-1.jpg", folder + "beach-0123456789abcdefghij-2.jpg",
                    folder + folder + folder + "sunset.jpg", folder + folder + folder + "sunset.png",
                    long + "a.jpg", long + "b.jpg", long + "a.jpg.bak"]
        var images: [String: UIImage] = [:]
        for key in keys {
            let image = makeImage(32, 32)
            images[key] = image
            subject.storeThumbnail(image, forKey: key)
        }
        func owner(of image: UIImage) -> String? {
            images.first { $0.value === image }?.key
        }
        for key in keys {
            guard let found = subject.thumbnail(forKey: key) else {
                let evicted = cache.statistics.totalEvictions
                if evicted > 0 {
                    throw TestFailure("after storing \(keys.count) keys, thumbnail(forKey: \"\(short(key))\") returned nil because the NSCache had evicted \(evicted) image(s) to stay under its limits (totalCostLimit \(cache.totalCostLimit), countLimit \(cache.countLimit)); \(keys.count) images of 32×32 (4,096 bytes each) fit easily in 20 MB, so check the limits you set (see cost_limit_20mb)")
                }
                throw TestFailure("after storing \(keys.count) keys, thumbnail(forKey: \"\(short(key))\") returned nil although the NSCache evicted nothing: a later store under another key replaced its image, so two keys became one; use each key exactly as given")
            }
            if found !== images[key] {
                let other = owner(of: found).map { "the image stored under \"\(short($0))\"" } ?? "an image that was never stored"
                throw TestFailure("thumbnail(forKey: \"\(short(key))\") (\(key.count) characters) returned \(other); keys must match exactly, whole and as given (no lowercasing, trimming, prefix matching or cutting to a fixed length)")
            }
        }
        let rebuilt = String(["p", "h", "o", "t", "o"])
        try require(subject.thumbnail(forKey: rebuilt) === images["photo"], "thumbnail(forKey:) missed for a key built separately but equal to \"photo\"; keys should compare by value")
    }
}

/// A key as a message shows it: long keys by their two ends, so the end where two keys
/// differ stays visible.
private func short(_ key: String) -> String {
    key.count <= 60 ? key : "\(key.prefix(24))…\(key.suffix(30))"
}
