// expect: fail concurrent_access
// why: keeps the key being loaded in an unsynchronised property that the worker queue reads later, so concurrent loads mix up their keys
import Foundation

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private var pendingKey = ""
    private let workers = DispatchQueue(label: "generate", attributes: .concurrent)

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
            completion(cached)
            return
        }
        pendingKey = key
        workers.async { [self] in
            let requested = pendingKey
            let image = generator(requested)
            if let image { storeThumbnail(image, forKey: requested) }
            completion(image)
        }
    }
}
