// expect: pass
// why: the plainest correct answer: one NSCache, exact costs, synchronous cache-first loading
import Foundation

final class ThumbnailCache {
    private let thumbnails = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        thumbnails.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        thumbnails.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        let bytes = Int(image.size.width) * Int(image.size.height) * 4
        thumbnails.setObject(image, forKey: key as NSString, cost: bytes)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let hit = thumbnail(forKey: key) {
            completion(hit)
            return
        }
        let fresh = generator(key)
        if let fresh { storeThumbnail(fresh, forKey: key) }
        completion(fresh)
    }
}
