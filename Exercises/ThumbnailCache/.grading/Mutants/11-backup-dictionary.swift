// expect: fail no_second_strong_copy
// why: also keeps every thumbnail in a dictionary 'just in case', so eviction frees nothing
import Foundation

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private var backup: [String: UIImage] = [:]
    private let backupLock = NSLock()

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
        backupLock.lock()
        backup[key] = image
        backupLock.unlock()
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            completion(cached)
            return
        }
        let image = generator(key)
        if let image {
            storeThumbnail(image, forKey: key)
        }
        completion(image)
    }
}
