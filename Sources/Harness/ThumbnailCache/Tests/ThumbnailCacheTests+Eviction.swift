import CacheEngine
import Foundation
import UIKit

extension ThumbnailCacheTests {
    /// Keys, stores, lookups and loads against a cache that holds three images, with the
    /// engine evicting in `policy` order; every answer must be right for what is cached.
    static func survivesEviction(_ subjectType: any ThumbnailCacheSubject.Type, policy: EvictionPolicy, label: String) throws {
        let log = GeneratorLog { _ in makeImage(6, 6) }
        let model = EvictionModel(subject: subjectType.init(generator: log.generator), log: log, context: "with countLimit 3 and \(label) eviction")
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
        let log = GeneratorLog { _ in makeImage(6, 6) }
        let model = EvictionModel(subject: subjectType.init(generator: log.generator), log: log, context: "after memory pressure")
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
    }
}

/// What the cache should answer for each key while the engine drops entries at will.
final class EvictionModel {
    let subject: any ThumbnailCacheSubject
    let log: GeneratorLog
    let context: String
    var cache: Cache<NSString, UIImage>!
    /// The latest image stored or generated for each key.
    private var latest: [String: UIImage] = [:]
    private var serial = 0

    init(subject: any ThumbnailCacheSubject, log: GeneratorLog, context: String) {
        self.subject = subject
        self.log = log
        self.context = context
    }

    func store(_ key: String) {
        serial += 1
        let image = makeImage(Double(serial), 2)
        latest[key] = image
        subject.storeThumbnail(image, forKey: key)
    }

    func lookUp(_ key: String) throws {
        let inEngine = cache.object(forKey: key as NSString)
        let found = subject.thumbnail(forKey: key)
        if let found {
            try require(found === latest[key], "\(context), thumbnail(forKey: \"\(key)\") returned \(describeWrong(found, for: key)); it should return the image last stored under that key, or nil once the cache has evicted it")
        } else {
            try require(inEngine == nil, "\(context), thumbnail(forKey: \"\(key)\") returned nil although the NSCache still holds an image for \"\(key)\"; ask the NSCache rather than your own bookkeeping")
        }
    }

    func load(_ key: String) throws {
        let generatedBefore = log.count(for: key)
        let completion = CompletionLog()
        subject.loadThumbnail(forKey: key, completion: completion.handler)
        try require(completion.waitForFirstCall(), "\(context), completion was not called within 2 s for loadThumbnail(forKey: \"\(key)\")")
        let generated = log.count(for: key) - generatedBefore
        let calls = completion.calls
        try require(calls.count == 1, "\(context), completion ran \(times(calls.count)) for one loadThumbnail(forKey: \"\(key)\"); it should run once")
        guard let result = calls[0] else {
            throw TestFailure("\(context), loadThumbnail(forKey: \"\(key)\") completed with nil; after an eviction the key is a miss: generate the image again")
        }
        try require(generated <= 1, "\(context), the generator ran \(generated) times for one loadThumbnail(forKey: \"\(key)\"); it should run at most once")
        if generated == 1 {
            latest[key] = result
        } else {
            try require(result === latest[key], "\(context), loadThumbnail(forKey: \"\(key)\") completed with \(describeWrong(result, for: key)) without generating; on a miss, call the generator")
        }
    }

    private func describeWrong(_ image: UIImage, for key: String) -> String {
        if let owner = latest.first(where: { $0.value === image })?.key, owner != key {
            return "the image of \"\(owner)\""
        }
        return latest[key] == nil ? "an image although none was stored" : "an older or unknown image"
    }
}
