// expect: pass
// why: a correct cache whose set-up holds nested accesses to 5,000 distinct class properties at once (a recursion that passes each level's property inout to the next), on one thread, with no race: the access glue's table holds 4,096 and ends the test as a race
import Foundation

private final class Level {
    var total = 0
}

/// Adds `depth` levels, each holding an `inout` access to its own object's property.
private func accumulate(_ depth: Int, into total: inout Int) {
    guard depth > 0 else { return }
    let level = Level()
    accumulate(depth - 1, into: &level.total)
    total += level.total + 1
}

final class ThumbnailCache {
    private let generator: (String) -> UIImage?
    private let cache = NSCache<NSString, UIImage>()

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
        var levels = 0
        accumulate(5_000, into: &levels)
        precondition(levels > 0)
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        let cost = Int(image.size.width * image.size.height * 4)
        cache.setObject(image, forKey: key as NSString, cost: cost)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let hit = thumbnail(forKey: key) {
            completion(hit)
            return
        }
        let made = generator(key)
        if let made { storeThumbnail(made, forKey: key) }
        completion(made)
    }
}
