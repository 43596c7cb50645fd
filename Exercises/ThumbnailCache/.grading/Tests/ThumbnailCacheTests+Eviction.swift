import CacheEngine
import Foundation
import UIKit

extension ThumbnailCacheTests {
    /// Keys, stores, lookups and loads against a cache that holds three images, with the
    /// engine evicting in `policy` order; every answer must be right for what is cached.
    static func survivesEviction(_ subjectType: any ThumbnailCacheSubject.Type, policy: EvictionPolicy, label: String) throws {
        let model = EvictionModel(subjectType: subjectType, context: "with countLimit 3 and \(label) eviction")
        model.cache = try engineCache(of: model.subject)
        model.cache.policy = policy
        model.cache.countLimit = 3
        var random = SeededGenerator(seed: 0xCAC4E)
        let keys = (0..<8).map { "key-\($0)" }
        for _ in 0..<60 {
            let key = keys.randomElement(using: &random)!
            switch Int.random(in: 0..<3, using: &random) {
            case 0: model.store(key)
            case 1: try model.lookUp(key)
            default: try model.load(key)
            }
        }
    }

    static func survivesMemoryPressure(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let model = EvictionModel(subjectType: subjectType, context: "after memory pressure")
        model.cache = try engineCache(of: model.subject)
        let keys = (0..<6).map { "key-\($0)" }
        for key in keys { model.store(key) }
        model.cache.simulateMemoryPressure(.moderate)
        for key in keys { try model.lookUp(key) }
        for key in keys { try model.load(key) }
        model.cache.simulateMemoryPressure(.critical)
        for key in keys { try model.lookUp(key) }
        for key in keys { try model.load(key) }
        for key in keys { try model.lookUp(key) }
        // Pressure can also strike between two lookups of one key: made certain here.
        try evictionBetweenLookups(subjectType)
        try evictionRightAfterStore(subjectType)
    }
}

/// What the cache should answer for each key while the engine drops entries at will.
///
/// Every image made here has its own width, so an answer is checked by that tag: a copy
/// of the right image passes (identity is other tests' business), another key's image or
/// an evicted one returned from elsewhere does not. Other contract points (one
/// completion, one generation) have tests of their own; this one checks what eviction
/// can break.
final class EvictionModel {
    let subject: any ThumbnailCacheSubject
    let context: String
    var cache: Cache<NSString, UIImage>!
    private let serial = Counter()
    private let generated = GeneratedImages()
    /// The width of the latest image stored or generated for each key.
    private var latest: [String: Int] = [:]

    init(subjectType: any ThumbnailCacheSubject.Type, context: String) {
        let serial = serial
        let generated = generated
        subject = subjectType.init(generator: { key in
            let image = makeImage(Double(serial.next()), 3)
            generated.record(image)
            return image
        })
        self.context = context
    }

    func store(_ key: String) {
        let width = serial.next()
        latest[key] = width
        subject.storeThumbnail(makeImage(Double(width), 2), forKey: key)
    }

    func lookUp(_ key: String) throws {
        let expected = latest[key]
        let inEngine = cache.entries().contains { Int($0.object.size.width) == expected }
        guard let found = subject.thumbnail(forKey: key) else {
            try require(!inEngine, "\(context), thumbnail(forKey: \"\(key)\") returned nil although the NSCache still holds its image; ask the NSCache rather than your own bookkeeping")
            return
        }
        try require(Int(found.size.width) == expected, "\(context), thumbnail(forKey: \"\(key)\") returned \(describeWrong(found, for: key)); it should return the image last stored under that key, or nil once the cache has evicted it")
    }

    func load(_ key: String) throws {
        let before = generated.count
        let completion = CompletionLog()
        try loadThumbnail(on: subject, forKey: key, completion: completion.handler)
        try require(completion.waitForFirstCall(), "\(context), completion \(completion.silence) for loadThumbnail(forKey: \"\(key)\")")
        let made = generated.since(before)
        try require(made.count <= 1, "\(context), the generator ran \(made.count) times for one loadThumbnail(forKey: \"\(key)\"); a miss should generate once")
        guard let result = completion.calls.first ?? nil else {
            throw TestFailure("\(context), loadThumbnail(forKey: \"\(key)\") completed with nil; after an eviction the key is a miss: generate the image again")
        }
        let width = Int(result.size.width)
        if let fresh = made.first {
            try require(width == fresh || width == latest[key], "\(context), loadThumbnail(forKey: \"\(key)\") completed with \(describeWrong(result, for: key)); it should complete with the cached or the newly generated image")
            latest[key] = fresh
        } else {
            try require(width == latest[key], "\(context), loadThumbnail(forKey: \"\(key)\") completed with \(describeWrong(result, for: key)) without generating; on a miss, call the generator")
        }
    }

    private func describeWrong(_ image: UIImage, for key: String) -> String {
        let width = Int(image.size.width)
        if let owner = latest.first(where: { $0.value == width })?.key, owner != key {
            return "the image of \"\(owner)\""
        }
        return latest[key] == nil ? "an image although none was stored" : "an older or unknown image"
    }
}

/// A thread-safe counter that starts at 1.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int { lock.withLock { value += 1; return value } }
}

/// The widths of the images the generator made, in order.
final class GeneratedImages: @unchecked Sendable {
    private let lock = NSLock()
    private var widths: [Int] = []

    func record(_ image: UIImage) { lock.withLock { widths.append(Int(image.size.width)) } }
    var count: Int { lock.withLock { widths.count } }
    func since(_ index: Int) -> [Int] { lock.withLock { Array(widths[index...]) } }
}
