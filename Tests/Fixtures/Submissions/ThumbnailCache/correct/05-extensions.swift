// expect: pass
// why: the cost lives in a UIImage extension and the loading path in an extension of the class
import Foundation

extension UIImage {
    /// Bytes of the decoded RGBA bitmap, one point = one pixel.
    var decodedByteCount: Int {
        Int(size.width) * Int(size.height) * 4
    }
}

final class ThumbnailCache {
    fileprivate let cache = NSCache<NSString, UIImage>()
    fileprivate let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 << 20
    }
}

extension ThumbnailCache {
    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: image.decodedByteCount)
    }
}

extension ThumbnailCache {
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            return completion(cached)
        }
        let result = generator(key)
        if let result {
            storeThumbnail(result, forKey: key)
        }
        completion(result)
    }
}
