// The reference solution of the ThumbnailCache exercise. It lives with the hidden tests,
// never in Exercises/, and must pass every one of them.
import Foundation

final class ThumbnailCache {
    /// 20 MB of decoded pixels.
    static let costLimit = 20 * 1024 * 1024

    private let images = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        images.totalCostLimit = Self.costLimit
    }

    func thumbnail(forKey key: String) -> UIImage? {
        images.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        images.setObject(image, forKey: key as NSString, cost: Self.decodedBytes(of: image))
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            completion(cached)
            return
        }
        let made = generator(key)
        if let made {
            storeThumbnail(made, forKey: key)
        }
        completion(made)
    }

    /// Four bytes (RGBA) per point of the image's size, each side truncated to whole points.
    static func decodedBytes(of image: UIImage) -> Int {
        Int(image.size.width) * Int(image.size.height) * 4
    }
}
