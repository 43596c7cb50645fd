// expect: pass
// why: counts hits, misses and generations under an NSLock, never holding it while the generator runs
import Foundation

final class ThumbnailCache {
    struct Statistics {
        var hits = 0
        var misses = 0
        var generated = 0
    }

    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private let statsLock = NSLock()
    private var stats = Statistics()

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
    }

    var statistics: Statistics {
        statsLock.lock()
        defer { statsLock.unlock() }
        return stats
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            count { $0.hits += 1 }
            completion(cached)
            return
        }
        count { $0.misses += 1 }
        let image = generator(key)
        if let image {
            count { $0.generated += 1 }
            storeThumbnail(image, forKey: key)
        }
        completion(image)
    }

    private func count(_ change: (inout Statistics) -> Void) {
        statsLock.lock()
        change(&stats)
        statsLock.unlock()
    }
}
