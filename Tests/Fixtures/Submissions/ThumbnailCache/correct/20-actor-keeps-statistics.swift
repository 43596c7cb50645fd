// expect: pass
// why: counts hits and misses in an actor that each load reports to from a detached task;
// the actor's isolation is the only synchronisation, and the concurrency runtime tells the
// race detector about every hop, so a correct file is not reported as racing
import Foundation

actor LoadStatistics {
    private(set) var hits = 0
    private(set) var misses = 0
    private var lastKeys: [String] = []

    func record(_ key: String, hit: Bool) {
        if hit { hits += 1 } else { misses += 1 }
        lastKeys.append(key)
        if lastKeys.count > 32 { lastKeys.removeFirst(8) }
    }
}

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    let statistics = LoadStatistics()

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        let cached = thumbnail(forKey: key)
        let statistics = statistics
        Task.detached { await statistics.record(key, hit: cached != nil) }
        if let cached {
            completion(cached)
            return
        }
        let made = generator(key)
        if let made { storeThumbnail(made, forKey: key) }
        completion(made)
    }
}
