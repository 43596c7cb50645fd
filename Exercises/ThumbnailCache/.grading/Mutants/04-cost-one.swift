// expect: fail cost_whole_sizes cost_fractional_sizes
// why: passes a cost of 1 for every image, so the 20 MB limit means 20 million images
import Foundation

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
        cache.setObject(image, forKey: key as NSString, cost: 1)
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
