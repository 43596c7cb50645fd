// expect: fail miss_returns_nil
// why: ignores SIGTERM, SIGINT and SIGHUP and spins the CPU forever when asked for a key it has never seen
import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
    }

    func thumbnail(forKey key: String) -> UIImage? {
        if key.hasPrefix("never") {
            var spins: UInt64 = 0
            while spins != .max { spins &+= 1 }
        }
        return cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            completion(cached)
            return
        }
        let image = generator(key)
        if let image { storeThumbnail(image, forKey: key) }
        completion(image)
    }
}
