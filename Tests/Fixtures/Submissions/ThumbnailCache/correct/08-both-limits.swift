// expect: pass
// why: sets a count limit as well as the 20 MB cost limit; whichever is reached first applies
import Foundation

final class ThumbnailCache {
    static let maximumThumbnails = 500
    static let byteBudget = 20 * 1024 * 1024

    private let cache: NSCache<NSString, UIImage>
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        let cache = NSCache<NSString, UIImage>()
        cache.countLimit = Self.maximumThumbnails
        cache.totalCostLimit = Self.byteBudget
        self.cache = cache
        self.generator = generator
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        let cost = Int(image.size.width) * Int(image.size.height) * 4
        cache.setObject(image, forKey: key as NSString, cost: cost)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        switch thumbnail(forKey: key) {
        case let image?:
            completion(image)
        case nil:
            let image = generator(key)
            if let image { storeThumbnail(image, forKey: key) }
            completion(image)
        }
    }
}
