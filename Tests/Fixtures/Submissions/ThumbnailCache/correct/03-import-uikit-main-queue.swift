// expect: pass
// why: written as on iOS: import UIKit, and completion delivered on the main queue
import UIKit

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.name = "thumbnails"
        cache.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        let size = image.size
        cache.setObject(image, forKey: key as NSString, cost: Int(size.width) * Int(size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let image = thumbnail(forKey: key) {
            DispatchQueue.main.async { completion(image) }
            return
        }
        let image = generator(key)
        if let image {
            storeThumbnail(image, forKey: key)
        }
        DispatchQueue.main.async { completion(image) }
    }
}
