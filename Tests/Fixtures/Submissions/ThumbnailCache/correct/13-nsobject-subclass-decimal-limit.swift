// expect: pass
// why: an NSObject subclass with a decimal 20,000,000 limit, the low end of what the contract accepts
import Foundation

final class ThumbnailCache: NSObject {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        super.init()
        cache.totalCostLimit = 20_000_000
    }

    override var description: String { "ThumbnailCache(limit: \(cache.totalCostLimit))" }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let found = cache.object(forKey: key as NSString) {
            completion(found)
        } else if let made = generator(key) {
            storeThumbnail(made, forKey: key)
            completion(made)
        } else {
            completion(nil)
        }
    }
}
