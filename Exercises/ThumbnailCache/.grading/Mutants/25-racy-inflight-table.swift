// expect: fail concurrent_access
// why: tracks in-flight loads in a dictionary keyed by a request counter, both changed by many threads without a lock; the worker reads the counter late and picks up another caller's request
import Foundation

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private var requests: [Int: (key: String, completion: (UIImage?) -> Void)] = [:]
    private var lastRequest = 0
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
        lastRequest += 1
        requests[lastRequest] = (key, completion)
        workers.async { [self] in
            guard let request = requests.removeValue(forKey: lastRequest) else { return }
            let image = generator(request.key)
            if let image { storeThumbnail(image, forKey: request.key) }
            request.completion(image)
        }
    }
}
