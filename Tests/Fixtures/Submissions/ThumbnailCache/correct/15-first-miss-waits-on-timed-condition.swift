// expect: pass
// why: the first miss waits, with no timeout, for a warm-up thread that waits 150 ms on a condition nobody signals (a wait with a timeout); slow but correct, so the grader must not take it for a deadlock
import Foundation

final class ThumbnailCache {
    private let images = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private let warmUp = NSCondition()
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
        let first = warmUp.withLock { () -> Bool in
            defer { warm = true }
            return !warm
        }
        if first {
            let done = DispatchSemaphore(value: 0)
            Thread { [warmUp] in
                warmUp.lock()
                _ = warmUp.wait(until: Date().addingTimeInterval(0.15))
                warmUp.unlock()
                done.signal()
            }.start()
            done.wait()
        }
        let image = generator(key)
        if let image { storeThumbnail(image, forKey: key) }
        completion(image)
    }
}
