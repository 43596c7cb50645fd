// expect: pass
// why: the first miss blocks on a semaphore that a Dispatch timer signals 150 ms later; the caller's wait has no timeout, yet a timer will end it, so the grader must not take it for a deadlock
import Foundation

final class ThumbnailCache {
    private let images = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private let lock = NSLock()
    private var warm = false

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        images.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        images.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        images.setObject(image, forKey: key as NSString, cost: Int(image.size.width * image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let hit = thumbnail(forKey: key) {
            completion(hit)
            return
        }
        let first = lock.withLock { () -> Bool in
            defer { warm = true }
            return !warm
        }
        if first {
            let ready = DispatchSemaphore(value: 0)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(150)) { ready.signal() }
            ready.wait()
        }
        let image = generator(key)
        if let image { storeThumbnail(image, forKey: key) }
        completion(image)
    }
}
