// expect: fail nil_result_stores_nothing
// why: stores an empty sentinel image for a nil result to remember the failure, filling the cache with placeholders
import Foundation

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private static let missing = UIImage(size: .zero)

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        let found = cache.object(forKey: key as NSString)
        return found === Self.missing ? nil : found
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = cache.object(forKey: key as NSString) {
            completion(cached === Self.missing ? nil : cached)
            return
        }
        if let image = generator(key) {
            storeThumbnail(image, forKey: key)
            completion(image)
        } else {
            cache.setObject(Self.missing, forKey: key as NSString, cost: 0)
            completion(nil)
        }
    }
}
