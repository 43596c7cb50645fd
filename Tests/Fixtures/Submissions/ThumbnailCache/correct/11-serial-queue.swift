// expect: pass
// why: every load runs on one private serial queue and completes from it, later than the call
import Foundation

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private let serial = DispatchQueue(label: "ThumbnailCache.loads")

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
        serial.async { [weak self] in
            guard let self else { return completion(nil) }
            if let cached = self.thumbnail(forKey: key) {
                completion(cached)
                return
            }
            let image = self.generator(key)
            if let image { self.storeThumbnail(image, forKey: key) }
            completion(image)
        }
    }
}
