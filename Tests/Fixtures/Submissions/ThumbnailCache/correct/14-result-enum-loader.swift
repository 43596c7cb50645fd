// expect: pass
// why: models a lookup as an enum (hit, miss) and keeps a failed generation apart from a miss, storing nothing for it
import Foundation

final class ThumbnailCache {
    private enum Lookup {
        case hit(UIImage)
        case miss
    }

    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        if case let .hit(image) = lookUp(key) { return image }
        return nil
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        let cost = max(0, Int(image.size.width)) * max(0, Int(image.size.height)) * 4
        cache.setObject(image, forKey: key as NSString, cost: cost)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        switch lookUp(key) {
        case let .hit(image):
            completion(image)
        case .miss:
            let outcome = generator(key)
            defer { completion(outcome) }
            guard let outcome else { return }
            storeThumbnail(outcome, forKey: key)
        }
    }

    private func lookUp(_ key: String) -> Lookup {
        cache.object(forKey: key as NSString).map(Lookup.hit) ?? .miss
    }
}
