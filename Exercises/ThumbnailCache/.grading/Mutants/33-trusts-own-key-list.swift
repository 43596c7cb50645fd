// expect: fail survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_memory_pressure
// why: keeps its own set of stored keys and treats a key in it as a hit, so after an eviction it completes with nil
import Foundation

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private var storedKeys = Set<String>()
    private let keysLock = NSLock()

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
        keysLock.lock()
        storedKeys.insert(key)
        keysLock.unlock()
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        keysLock.lock()
        let known = storedKeys.contains(key)
        keysLock.unlock()
        if known {
            completion(thumbnail(forKey: key))
            return
        }
        let image = generator(key)
        if let image { storeThumbnail(image, forKey: key) }
        completion(image)
    }
}
