import Foundation

/// The reference solution of the ThumbnailCache exercise: every hidden test must pass on it.
final class ThumbnailCache {
    private let images = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        images.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        images.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        let cost = Int(image.size.width) * Int(image.size.height) * 4
        images.setObject(image, forKey: key as NSString, cost: cost)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            completion(cached)
            return
        }
        guard let made = generator(key) else {
            completion(nil)
            return
        }
        storeThumbnail(made, forKey: key)
        completion(made)
    }
}
