// expect: pass
// why: keeps a table of loads in progress behind a serial DispatchQueue's sync, which the race detector must see through libdispatch (a blind round of learners found it reported racing)
import Foundation

final class ThumbnailCache {
    private let generator: (String) -> UIImage?
    private let cache = NSCache<NSString, UIImage>()
    private let state = DispatchQueue(label: "ThumbnailCache.state")
    private var generating: [String: Int] = [:]

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString,
                        cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let hit = cache.object(forKey: key as NSString) {
            completion(hit)
            return
        }
        state.sync { generating[key, default: 0] += 1 }
        let made = generator(key)
        state.sync {
            generating[key, default: 1] -= 1
            if generating[key] == 0 { generating[key] = nil }
        }
        if let made { storeThumbnail(made, forKey: key) }
        completion(made)
    }
}
