// expect: pass
// why: concurrent misses for one key share a single generation; the waiting table is guarded by a lock and emptied when done
import Foundation

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private let lock = NSLock()
    private var waiting: [String: [(UIImage?) -> Void]] = [:]
    private let queue = DispatchQueue(label: "thumbnails.generate", attributes: .concurrent)

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
        lock.lock()
        if waiting[key] != nil {
            waiting[key]!.append(completion)
            lock.unlock()
            return
        }
        waiting[key] = [completion]
        lock.unlock()

        queue.async { [self] in
            let image = generator(key)
            if let image { storeThumbnail(image, forKey: key) }
            lock.lock()
            let waiters = waiting.removeValue(forKey: key) ?? []
            lock.unlock()
            for waiter in waiters { waiter(image) }
        }
    }
}
