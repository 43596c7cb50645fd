// expect: fail miss_stores_before_completion cost_whole_sizes
// why: posix_spawns children that start a new session (setsid) to escape the process group, and never stores generated images
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private func spawnDetached() {
    let arguments = ["/usr/bin/setsid", "-f", "/bin/sh", "-c", "sleep 600; true", "cachetutor-fixture-escaped-child"]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    _ = posix_spawn(&pid, arguments[0], nil, nil, &argv, environ)
}

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
        spawnDetached()
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
        completion(generator(key))
    }
}
