// expect: fail survives_memory_pressure
// why: checks the hit with one lookup and completes with a second, so an eviction in between (another thread's store) completes a hit with nil
import Foundation

final class ThumbnailCache {
    /// Point 2: 20 MB, counted in bytes because the costs below are bytes.
    static let costLimit = 20 * 1024 * 1024

    // Point 1: the cache is the only owner of the images. No Dictionary beside it and no
    // "last image" property, so an image the cache evicts is really freed.
    private let images = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        images.totalCostLimit = Self.costLimit
    }

    // Point 4: the key goes in exactly as given; this only looks, it never generates.
    func thumbnail(forKey key: String) -> UIImage? {
        images.object(forKey: key as NSString)
    }

    // Point 3: every store says what the image costs, so the limit above means something.
    func storeThumbnail(_ image: UIImage, forKey key: String) {
        images.setObject(image, forKey: key as NSString, cost: Self.decodedBytes(of: image))
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        // Point 5: a hit completes once and returns at once; the generator never runs.
        if thumbnail(forKey: key) != nil {
            completion(thumbnail(forKey: key))
            return
        }
        // Point 6: a miss generates once, stores before completing, and completes once,
        // with nil too. Point 7: `made` is the object handed back, not a second lookup,
        // which the cache could already have evicted.
        let made = generator(key)
        if let made {
            storeThumbnail(made, forKey: key)
        }
        completion(made)
        // Point 8 needs nothing more here: NSCache is thread-safe (Apple's contract, and
        // the course engine's), and this class keeps no other mutable state.
    }

    /// Four bytes (RGBA) per point of the image's size, each side truncated to whole points.
    static func decodedBytes(of image: UIImage) -> Int {
        Int(image.size.width) * Int(image.size.height) * 4
    }
}
