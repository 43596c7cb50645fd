// expect: pass
// why: truncates the product rather than each side, which the contract accepts for fractional sizes
import Foundation

final class ThumbnailCache {
    private static let megabyte = 1024 * 1024
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * Self.megabyte
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        let area = image.size.width * image.size.height
        cache.setObject(image, forKey: key as NSString, cost: Int(area * 4))
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) { completion(cached); return }
        let made = generator(key)
        if let made { storeThumbnail(made, forKey: key) }
        completion(made)
    }
}
