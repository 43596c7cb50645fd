// expect: error
// why: declares its own NSCache, a dictionary that never evicts, to get around the course's cache; it must not compile
import Foundation

final class NSCache<KeyType: AnyObject & Hashable, ObjectType: AnyObject> {
    private var storage: [KeyType: ObjectType] = [:]
    private let lock = NSLock()
    var totalCostLimit = 0
    var countLimit = 0

    func object(forKey key: KeyType) -> ObjectType? {
        lock.lock()
        defer { lock.unlock() }
        return storage[key]
    }

    func setObject(_ object: ObjectType, forKey key: KeyType, cost: Int) {
        lock.lock()
        storage[key] = object
        lock.unlock()
    }
}

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

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
        if let cached = thumbnail(forKey: key) {
            completion(cached)
            return
        }
        let image = generator(key)
        if let image { storeThumbnail(image, forKey: key) }
        completion(image)
    }
}
