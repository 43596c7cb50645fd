// expect: fail hit_skips_generator hit_completes_once
// why: sends itself SIGSTOP on a hit, so the process neither runs nor exits until someone kills it; if the stop is ignored (as for a pid namespace's init), the hit still falls through to the generator
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
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            raise(SIGSTOP)
            completion(cached)
        }
        let image = generator(key)
        if let image { storeThumbnail(image, forKey: key) }
        completion(image)
    }
}
