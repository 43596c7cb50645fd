// expect: fail concurrent_access
// why: lookups take the index lock then the stats lock, loads take them the other way round; with threads at once they deadlock, every thread asleep on a lock, which the grader sees from outside and ends at once
import Foundation

final class ThumbnailCache {
    private let images = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?
    private let indexLock = NSLock()
    private let statsLock = NSLock()
    private var lookups = 0
    private var loads = 0

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        images.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        indexLock.lock()
        defer { indexLock.unlock() }
        statsLock.lock()
        lookups += 1
        statsLock.unlock()
        return images.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        images.setObject(image, forKey: key as NSString, cost: Int(image.size.width * image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        statsLock.lock()
        loads += 1
        Thread.sleep(forTimeInterval: 0.0001)
        indexLock.lock()
        let hit = images.object(forKey: key as NSString)
        indexLock.unlock()
        statsLock.unlock()
        if let hit {
            completion(hit)
            return
        }
        let image = generator(key)
        if let image { storeThumbnail(image, forKey: key) }
        completion(image)
    }
}
