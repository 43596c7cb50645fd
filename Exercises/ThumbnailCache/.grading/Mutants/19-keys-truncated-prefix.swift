// expect: fail keys_are_isolated
// why: namespaces keys but keeps only the first four characters, so 'photo1' and 'photo.jpg' collide
import Foundation

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: Self.cacheKey(key))
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: Self.cacheKey(key), cost: Int(image.size.width) * Int(image.size.height) * 4)
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

    private static func cacheKey(_ key: String) -> NSString {
        ("thumb:" + key.prefix(4)) as NSString
    }
}
