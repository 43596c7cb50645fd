// expect: pass
// why: a small struct builds the NSString key in one place, so every method uses the same exact key
import Foundation

private struct ThumbnailKey {
    let name: String
    var object: NSString { name as NSString }
}

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: ThumbnailKey(name: key).object)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        let cacheKey = ThumbnailKey(name: key)
        cache.setObject(image, forKey: cacheKey.object, cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        let cacheKey = ThumbnailKey(name: key)
        if let cached = cache.object(forKey: cacheKey.object) {
            completion(cached)
            return
        }
        guard let generated = generator(cacheKey.name) else {
            completion(nil)
            return
        }
        storeThumbnail(generated, forKey: cacheKey.name)
        completion(generated)
    }
}
