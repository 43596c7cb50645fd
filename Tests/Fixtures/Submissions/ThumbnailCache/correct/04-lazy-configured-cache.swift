// expect: pass
// why: a lazy cache configured in its initialising closure, first touched in init so no two threads race to create it
import Foundation

final class ThumbnailCache {
    private lazy var images: NSCache<NSString, UIImage> = {
        let cache = NSCache<NSString, UIImage>()
        cache.totalCostLimit = 20 * 1024 * 1024
        return cache
    }()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        images.name = "ThumbnailCache.images"
    }

    func thumbnail(forKey key: String) -> UIImage? {
        images.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        images.setObject(image, forKey: key as NSString, cost: Self.cost(of: image))
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        guard let existing = thumbnail(forKey: key) else {
            let generated = generator(key)
            generated.map { storeThumbnail($0, forKey: key) }
            completion(generated)
            return
        }
        completion(existing)
    }

    private static func cost(of image: UIImage) -> Int {
        let width = Int(image.size.width)
        let height = Int(image.size.height)
        return width * height * 4
    }
}
