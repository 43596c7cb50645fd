// expect: fail cost_whole_sizes cost_fractional_sizes
// why: writes 16 MB to stdout and stderr every time it is created, and charges width × height without the 4 bytes
import Foundation

private func flood() {
    let line = Data((String(repeating: "flood ", count: 170) + "\n").utf8)
    for _ in 0..<8_000 {
        FileHandle.standardOutput.write(line)
        FileHandle.standardError.write(line)
    }
}

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
        flood()
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height))
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            completion(cached)
            return
        }
        let image = generator(key)
        if let image { storeThumbnail(image, forKey: key) }
        completion(image)
    }
}
