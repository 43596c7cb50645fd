// expect: pass
// why: acts as the cache's delegate and counts evictions under a lock, without keeping the evicted images
import Foundation

final class ThumbnailCache: NSObject, NSCacheDelegate {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private let counterLock = NSLock()
    private var evictions = 0

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        super.init()
        cache.totalCostLimit = 20 * 1024 * 1024
        cache.delegate = self
    }

    var evictionCount: Int {
        counterLock.lock()
        defer { counterLock.unlock() }
        return evictions
    }

    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        counterLock.lock()
        evictions += 1
        counterLock.unlock()
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            completion(cached)
            return
        }
        let made = generator(key)
        if let made { storeThumbnail(made, forKey: key) }
        completion(made)
    }
}
