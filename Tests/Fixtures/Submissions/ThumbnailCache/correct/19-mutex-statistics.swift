// expect: pass
// why: keeps its own counters and a log of recent keys in a Synchronization.Mutex, which the
// hidden tests' threads contend for; the lock's hand-over happens inside the kernel, so the
// race detector must be told about it or this correct file would be reported as racing
import Foundation
import Synchronization

final class ThumbnailCache: Sendable {
    struct Counters {
        var hits = 0
        var misses = 0
        var recentKeys: [String] = []
        var distinctRecent = 0
    }

    private let cache = NSCache<NSString, UIImage>()
    private let generator: @Sendable (String) -> UIImage?
    private let counters = Mutex(Counters())

    init(generator: @escaping @Sendable (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
    }

    var hitCount: Int { counters.withLock { $0.hits } }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        let bytes = Int(image.size.width) * Int(image.size.height) * 4
        cache.setObject(image, forKey: key as NSString, cost: bytes)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            note(key, hit: true)
            completion(cached)
            return
        }
        note(key, hit: false)
        let made = generator(key)
        if let made { storeThumbnail(made, forKey: key) }
        completion(made)
    }

    private func note(_ key: String, hit: Bool) {
        counters.withLock { counters in
            if hit { counters.hits += 1 } else { counters.misses += 1 }
            counters.recentKeys.append(key)
            if counters.recentKeys.count > 64 { counters.recentKeys.removeFirst(16) }
            counters.distinctRecent = Set(counters.recentKeys).count
        }
    }
}
