import CacheEngine
import Foundation
import UIKit

extension ThumbnailCacheTests {
    static func hitSkipsGenerator(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let log = GeneratorLog { _ in makeImage(5, 5) }
        let subject = subjectType.init(generator: log.generator)
        subject.storeThumbnail(makeImage(7, 7), forKey: "hit")
        let completion = CompletionLog()
        try loadThumbnail(on: subject, forKey: "hit", completion: completion.handler)
        _ = completion.waitForFirstCall()
        settle()
        let count = log.count(for: "hit")
        try require(count == 0, "loadThumbnail(forKey: \"hit\") called the generator \(times(count)) although \"hit\" was in the cache; on a hit, complete with the cached image and return early")
    }

    static func hitCompletesOnce(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let subject = subjectType.init(generator: { _ in makeImage(5, 5) })
        let cached = makeImage(7, 7)
        subject.storeThumbnail(cached, forKey: "hit")
        let completion = CompletionLog()
        try loadThumbnail(on: subject, forKey: "hit", completion: completion.handler)
        try require(completion.waitForFirstCall(), "completion \(completion.silence) for a key that was in the cache; call it once with the cached image")
        settle()
        let calls = completion.calls
        try require(calls.count == 1, "completion ran \(times(calls.count)) for one hit; it should run once (is there a `return` after completing with the cached image?)")
        try require(calls[0] != nil, "completion received nil for a key that was in the cache; pass it the cached image")
        try require(calls[0] === cached, "completion received a different image than the one cached under \"hit\"; pass the cached object itself")
    }

    static func missGeneratesOnce(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let log = GeneratorLog { _ in makeImage(12, 12) }
        let subject = subjectType.init(generator: log.generator)
        let completion = CompletionLog()
        try loadThumbnail(on: subject, forKey: "miss", completion: completion.handler)
        _ = completion.waitForFirstCall()
        settle()
        let calls = log.calls
        if let other = calls.first(where: { $0 != "miss" }) {
            throw TestFailure("the generator was asked for \"\(other)\" while loading \"miss\"; pass it the key that was requested, unchanged")
        }
        try require(calls.count == 1, calls.isEmpty
            ? "the generator never ran for a key that was not in the cache; on a miss, call it once"
            : "the generator ran \(calls.count) times for one miss; it should run once")
    }

    static func missStoresBeforeCompletion(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let generated = makeImage(12, 12)
        let subject = subjectType.init(generator: { _ in generated })
        let probe: (String) -> UIImage?
        if case let .engine(cache, _) = EngineProbe.find(in: subject.instance) {
            probe = { _ in holds(cache, generated) ? generated : nil }
        } else {
            probe = { subject.thumbnail(forKey: $0) }
        }
        let seenInCache = Flag()
        let completion = CompletionLog { _ in seenInCache.set(probe("miss") === generated) }
        try loadThumbnail(on: subject, forKey: "miss", completion: completion.handler)
        try require(completion.waitForFirstCall(), "completion \(completion.silence) after a miss; call it once with the generated image")
        settle()
        if !seenInCache.value {
            let storedLater = probe("miss") === generated
            throw TestFailure(storedLater
                ? "when completion ran, the generated image was not in the cache yet (it was stored afterwards); store it before calling completion, so a caller that looks it up from there hits"
                : "the generated image was never stored in the cache; store a non-nil result before calling completion")
        }
    }

    static func missCompletesOnce(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let generated = makeImage(12, 12)
        let subject = subjectType.init(generator: { _ in generated })
        let completion = CompletionLog()
        try loadThumbnail(on: subject, forKey: "miss", completion: completion.handler)
        try require(completion.waitForFirstCall(), "completion \(completion.silence) after a miss; call it once with the generated image")
        settle()
        let calls = completion.calls
        try require(calls.count == 1, "completion ran \(times(calls.count)) for one miss; it should run once")
        try require(calls[0] != nil, "completion received nil although the generator made an image; pass the generated image")
        try require(calls[0] === generated, "completion received a different image than the one the generator made; pass that object itself")
    }

    static func nilResultStoresNothing(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let log = GeneratorLog { _ in nil }
        let subject = subjectType.init(generator: log.generator)
        let completion = CompletionLog()
        try loadThumbnail(on: subject, forKey: "nothing", completion: completion.handler)
        try require(completion.waitForFirstCall(), "completion \(completion.silence) when the generator returned nil; call it once with nil")
        settle()
        let calls = completion.calls
        try require(calls.count == 1, "completion ran \(times(calls.count)) when the generator returned nil; it should run once, with nil")
        try require(calls[0] == nil, "completion received an image although the generator returned nil; pass nil on")
        let generated = log.calls.count
        try require(generated == 1, generated == 0 ? "the generator never ran for a key that was not in the cache; on a miss, call it once" : "the generator ran \(generated) times for one miss; it should run once")
        try require(subject.thumbnail(forKey: "nothing") == nil, "after the generator returned nil, thumbnail(forKey: \"nothing\") returned an image; store nothing for a nil result")
        if case let .engine(cache, _) = EngineProbe.find(in: subject.instance) {
            try require(cache.count == 0, "after the generator returned nil, the NSCache holds \(cache.count) object(s); store nothing for a nil result")
        }
    }
}

/// A thread-safe boolean set from a completion handler.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false

    func set(_ newValue: Bool) { lock.withLock { stored = newValue } }
    var value: Bool { lock.withLock { stored } }
}
