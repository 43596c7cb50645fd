// expect: fail uses_nscache cost_limit_20mb cost_whole_sizes
// why: declares the cache with AnyObject keys instead of NSString
import Foundation

final class ThumbnailCache {
    private let cache = NSCache<AnyObject, UIImage>()
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
        if let image {
            storeThumbnail(image, forKey: key)
        }
        completion(image)
    }
}
