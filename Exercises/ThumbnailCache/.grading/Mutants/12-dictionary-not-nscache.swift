// expect: fail uses_nscache no_second_strong_copy cost_limit_20mb cost_whole_sizes cost_fractional_sizes survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_memory_pressure
// why: a locked Dictionary instead of NSCache: it never lets anything go
import Foundation

final class ThumbnailCache {
    private var images: [String: UIImage] = [:]
    private let lock = NSLock()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
    }

    func thumbnail(forKey key: String) -> UIImage? {
        lock.lock()
        defer { lock.unlock() }
        return images[key]
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        lock.lock()
        images[key] = image
        lock.unlock()
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            completion(cached)
            return
        }
        let image = generator(key)
        if let image {
            storeThumbnail(image, forKey: key)
        }
        completion(image)
    }
}
